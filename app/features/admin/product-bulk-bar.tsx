import { useEffect, useId, useRef, useState } from 'react'
import type { PriceRounding, ProductBulkInput } from '../../../contracts/admin.ts'
import type {
  ProductBulkPreview,
  ProductBulkResult,
  ProductBulkState,
} from '../../../contracts/admin-products.ts'
import { useMutation } from '../../lib/query.ts'
import { adminSend, problemText } from './admin-api.ts'
import { money } from './format.ts'
import { Button, ConfirmButton, inputClass } from './ui.tsx'

type Kind = ProductBulkInput['action']['kind']

/** What staff can do with the products, and the number each asks for. */
const choices: Record<Kind, { label: string; amount?: { label: string; help: string; step: string } }> = {
  approve: { label: 'Approve (show in the shop)' },
  unapprove: { label: 'Unapprove (hide from the shop)' },
  setPrice: {
    label: 'Set the price',
    amount: {
      label: 'New price (₹)',
      help: 'The MRP stays unless it was the same as the price.',
      step: '0.01',
    },
  },
  changePrice: {
    label: 'Change the price by a percentage',
    amount: { label: 'Change (%)', help: '10 raises prices by 10%, -15 lowers them by 15%.', step: '0.01' },
  },
  setStock: {
    label: 'Set the stock',
    amount: { label: 'New stock', help: 'Pieces free to sell.', step: '1' },
  },
  changeStock: {
    label: 'Add to or take from the stock',
    amount: { label: 'Pieces to add', help: '5 adds five; -2 takes two away.', step: '1' },
  },
}

const roundings: Record<PriceRounding, string> = {
  paisa: 'To the paisa (no rounding)',
  rupee: 'Whole rupees',
  nine: 'Ending in 9 (₹1,249)',
  ninetyNine: 'Ending in 99 (₹1,299)',
}

type ListPrice = 'keep' | 'scale'

function actionOf(kind: Kind, amount: number, rounding: PriceRounding, listPrice: ListPrice) {
  switch (kind) {
    case 'approve':
    case 'unapprove':
      return { kind }
    case 'setPrice':
      return { kind, price: amount }
    case 'changePrice':
      return { kind, percent: amount, rounding, listPrice }
    case 'setStock':
      return { kind, quantity: amount }
    case 'changeStock':
      return { kind, change: amount }
  }
}

/** The products a bulk change covers: the ticked ones, or every one the list's filters match. */
export type BulkScope =
  | { kind: 'ticked'; ids: string[] }
  | { kind: 'matching'; filters: NonNullable<ProductBulkInput['matching']>; total: number }

export type BulkOutcome = { message: string; result: ProductBulkResult; undone?: boolean }

type Request = Pick<ProductBulkInput, 'ids' | 'matching' | 'action'>

/**
 * The bar at the bottom of the screen while products are ticked, or while all that match are chosen: what
 * to do with them, a preview of every change (POST /admin/products/bulk/preview), and one confirmation that
 * makes it (POST /admin/products/bulk). Fixed to the bottom so a thumb reaches it on a phone.
 */
export function ProductBulkBar({
  scope,
  onClear,
  onDone,
}: {
  scope: BulkScope
  onClear: () => void
  onDone: (outcome: BulkOutcome) => void
}) {
  const [kind, setKind] = useState<Kind>('approve')
  const [amount, setAmount] = useState('')
  const [rounding, setRounding] = useState<PriceRounding>('paisa')
  const [listPrice, setListPrice] = useState<ListPrice>('keep')
  const [problem, setProblem] = useState<string | null>(null)
  const [shown, setShown] = useState<{
    request: Request
    preview: ProductBulkPreview
    message: string
  } | null>(null)
  const choice = choices[kind]
  const count = scope.kind === 'ticked' ? scope.ids.length : scope.total
  const scopeText = scope.kind === 'ticked' ? `${count} ticked` : `All ${count} matching`

  const previewing = useMutation({
    mutationFn: (request: Request) =>
      adminSend<ProductBulkPreview>('/products/bulk/preview', 'POST', request),
    onSuccess: (r, request) => setShown({ request, preview: r.data, message: r.message }),
    onError: (err) => setProblem(problemText(err)),
  })
  const applying = useMutation({
    mutationFn: (v: { request: Request; expectedCount: number }) =>
      adminSend<ProductBulkResult>('/products/bulk', 'POST', {
        ...v.request,
        expectedCount: v.expectedCount,
      }),
    onSuccess: (r) => {
      setShown(null)
      setAmount('')
      onDone({ message: r.message, result: r.data })
    },
  })

  function preview() {
    setProblem(null)
    const n = Number(amount)
    if (choice.amount && (amount.trim() === '' || !Number.isFinite(n))) {
      setProblem(`Enter the ${choice.amount.label.replace(/ \(.*\)$/, '').toLowerCase()} as a number.`)
      return
    }
    const action = actionOf(kind, n, rounding, listPrice)
    previewing.mutate(
      scope.kind === 'ticked' ? { ids: scope.ids, action } : { matching: scope.filters, action },
    )
  }

  return (
    <section
      aria-label={scope.kind === 'ticked' ? 'Change the ticked products' : 'Change all matching products'}
      className="fixed inset-x-0 bottom-0 z-30 max-h-[70dvh] overflow-y-auto border-t-2 border-brand-600 bg-white p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.12)]"
    >
      <div className="mx-auto grid max-w-5xl gap-2 sm:grid-cols-[auto_1fr_1fr] sm:items-end">
        <div className="flex items-center justify-between gap-2 sm:block">
          <p className="font-semibold text-brand-800" aria-live="polite">
            {scopeText}
          </p>
          <Button small tone="plain" onClick={onClear}>
            {scope.kind === 'ticked' ? 'Clear' : 'Cancel'}
          </Button>
        </div>
        <label className="grid gap-1 text-sm font-semibold">
          What to do
          <select
            className={inputClass}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind)
              setProblem(null)
            }}
          >
            {Object.entries(choices).map(([value, c]) => (
              <option key={value} value={value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        {choice.amount ? (
          <label className="grid gap-1 text-sm font-semibold">
            {choice.amount.label}
            <input
              type="number"
              inputMode="decimal"
              step={choice.amount.step}
              className={inputClass}
              value={amount}
              aria-invalid={problem ? true : undefined}
              aria-describedby="bulk-amount-help"
              onChange={(e) => setAmount(e.target.value)}
            />
            <span id="bulk-amount-help" className="text-xs font-normal text-ink/70">
              {choice.amount.help}
            </span>
          </label>
        ) : (
          <span className="hidden sm:block" />
        )}
      </div>
      {kind === 'changePrice' ? (
        <div className="mx-auto mt-2 grid max-w-5xl gap-2 sm:grid-cols-2">
          <label className="grid gap-1 text-sm font-semibold">
            Round the new prices
            <select
              className={inputClass}
              value={rounding}
              onChange={(e) => setRounding(e.target.value as PriceRounding)}
            >
              {Object.entries(roundings).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-semibold">
            The MRP
            <select
              className={inputClass}
              value={listPrice}
              onChange={(e) => setListPrice(e.target.value as ListPrice)}
            >
              <option value="keep">Stays (the discount shown changes)</option>
              <option value="scale">Changes by the same percentage (the discount stays)</option>
            </select>
          </label>
        </div>
      ) : null}
      <div className="mx-auto mt-2 grid max-w-5xl sm:flex sm:justify-end">
        <Button tone="primary" onClick={preview} disabled={previewing.isPending}>
          {previewing.isPending ? 'Working…' : `Preview for ${count}`}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="mx-auto mt-2 max-w-5xl text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
      {shown ? (
        <PreviewDialog
          message={shown.message}
          preview={shown.preview}
          kind={kind}
          busy={applying.isPending}
          problem={applying.isError ? problemText(applying.error) : null}
          onBack={() => {
            setShown(null)
            applying.reset()
          }}
          onConfirm={() => applying.mutate({ request: shown.request, expectedCount: shown.preview.count })}
        />
      ) : null}
    </section>
  )
}

/** A product's state before or after, in the words of the change's kind. */
function stateText(kind: Kind, s: ProductBulkState) {
  if (kind === 'setPrice' || kind === 'changePrice') {
    return `${money(s.price)} · MRP ${money(s.cutPrice)} · ${s.discount ? `−${s.discount}%` : 'no discount'}`
  }
  if (kind === 'setStock' || kind === 'changeStock') return `stock ${s.quantity}`
  return s.isApproved ? 'approved' : 'awaiting approval'
}

/** Every change the bulk action would make, before anything is written, with one button that makes it. */
function PreviewDialog(props: {
  message: string
  preview: ProductBulkPreview
  kind: Kind
  busy: boolean
  problem: string | null
  onBack: () => void
  onConfirm: () => void
}) {
  const { preview, kind } = props
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  const more = preview.changes - preview.rows.length
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={props.onBack}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(44rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border border-brand-200 p-4 shadow-xl backdrop:bg-black/40 sm:p-5"
    >
      <h2 id={titleId} className="text-lg font-bold text-brand-800">
        Check the change
      </h2>
      <p className="mt-1 font-semibold">{props.message}</p>
      {preview.unchanged ? (
        <p className="text-sm text-ink/75">
          {preview.unchanged} already {preview.unchanged === 1 ? 'is' : 'are'} so.
        </p>
      ) : null}
      {preview.notes.length ? (
        <ul className="mt-3 grid list-disc gap-1 pl-5 text-sm">
          {preview.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {preview.rows.length ? (
        <ul aria-label="Before and after" className="mt-3 grid gap-2">
          {preview.rows.map((r) => (
            <li key={r._id} className="rounded border border-brand-200 p-2 text-sm">
              <p className="font-semibold">{r.title}</p>
              <p>
                <span className="text-ink/70">Before:</span> {stateText(kind, r.before)}
              </p>
              <p>
                <span className="text-ink/70">After:</span> {stateText(kind, r.after)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? <p className="mt-2 text-sm">…and {more} more, changed the same way.</p> : null}
      {preview.failed.length ? (
        <div className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm">
          <p className="font-semibold">
            {preview.failed.length} will not change, and {preview.failed.length === 1 ? 'stays' : 'stay'} as{' '}
            {preview.failed.length === 1 ? 'it is' : 'they are'}:
          </p>
          <ul className="mt-1 grid gap-1">
            {preview.failed.map((f) => (
              <li key={f._id}>
                <span className="font-semibold">{f.title ?? 'A product no longer in the list'}:</span>{' '}
                {f.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {props.problem ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {props.problem}
        </p>
      ) : null}
      <div className="sticky bottom-0 -mx-4 mt-4 flex flex-wrap justify-end gap-2 border-t border-brand-100 bg-white px-4 pt-3 sm:-mx-5 sm:px-5">
        <Button onClick={() => ref.current?.close()}>Go back</Button>
        <Button tone="primary" disabled={props.busy || preview.changes === 0} onClick={props.onConfirm}>
          {props.busy
            ? 'Working…'
            : `Change ${preview.changes} ${preview.changes === 1 ? 'product' : 'products'}`}
        </Button>
      </div>
    </dialog>
  )
}

/**
 * What the last bulk action did, with each product it could not change and why; stays until closed. A
 * change can be undone as a whole from here (POST /admin/products/bulk/{id}/undo).
 */
export function BulkOutcomePanel({
  outcome,
  onClose,
  onUndone,
}: {
  outcome: BulkOutcome
  onClose: () => void
  onUndone: (outcome: BulkOutcome) => void
}) {
  const { failed, changeId } = outcome.result
  const undoing = useMutation({
    mutationFn: (id: string) => adminSend<ProductBulkResult>(`/products/bulk/${id}/undo`, 'POST'),
    onSuccess: (r) => onUndone({ message: r.message, result: r.data, undone: true }),
  })
  return (
    <div
      role="status"
      className={`mb-4 rounded-lg border p-3 text-sm ${failed.length ? 'border-amber-300 bg-amber-50' : 'border-leaf bg-green-50'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{outcome.message}</p>
        <Button small tone="plain" onClick={onClose} label="Close this message">
          ✕
        </Button>
      </div>
      {failed.length ? (
        <ul className="mt-2 grid gap-1">
          {failed.map((f) => (
            <li key={f._id}>
              <span className="font-semibold">{f.title ?? 'A product no longer in the list'}:</span>{' '}
              {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {changeId && !outcome.undone ? (
        <div className="mt-2">
          <ConfirmButton
            tone="plain"
            question="Undo this change?"
            detail="Each product goes back as it was before the change, unless it was changed again since; stock goes back by the pieces the change added or took."
            confirmLabel="Undo the change"
            disabled={undoing.isPending}
            onConfirm={async () => {
              await undoing.mutateAsync(changeId).catch(() => {})
            }}
          >
            {undoing.isPending ? 'Undoing…' : 'Undo this change'}
          </ConfirmButton>
          {undoing.isError ? (
            <p role="alert" className="mt-1 font-semibold text-red-700">
              {problemText(undoing.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
