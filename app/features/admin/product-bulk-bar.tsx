import { useState } from 'react'
import type { ProductBulkInput } from '../../../contracts/admin.ts'
import type { ProductBulkResult } from '../../../contracts/admin-products.ts'
import { adminSend, problemText } from './admin-api.ts'
import { Button, inputClass } from './ui.tsx'

type Kind = ProductBulkInput['action']['kind']

/** What staff can do with the ticked products, and the number each asks for. */
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

function actionOf(kind: Kind, amount: number): ProductBulkInput['action'] {
  switch (kind) {
    case 'approve':
    case 'unapprove':
      return { kind }
    case 'setPrice':
      return { kind, price: amount }
    case 'changePrice':
      return { kind, percent: amount }
    case 'setStock':
      return { kind, quantity: amount }
    case 'changeStock':
      return { kind, change: amount }
  }
}

export type BulkOutcome = { message: string; result: ProductBulkResult }

/**
 * The bar at the bottom of the screen while products are ticked: what to do with them, and the one call
 * that does it (POST /admin/products/bulk). Fixed to the bottom so a thumb reaches it on a phone.
 */
export function ProductBulkBar({
  ids,
  onClear,
  onDone,
}: {
  ids: string[]
  onClear: () => void
  onDone: (outcome: BulkOutcome) => void
}) {
  const [kind, setKind] = useState<Kind>('approve')
  const [amount, setAmount] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const choice = choices[kind]

  async function apply() {
    setProblem(null)
    const n = Number(amount)
    if (choice.amount && (amount.trim() === '' || !Number.isFinite(n))) {
      setProblem(`Enter the ${choice.amount.label.replace(/ \(.*\)$/, '').toLowerCase()} as a number.`)
      return
    }
    setBusy(true)
    try {
      const r = await adminSend<ProductBulkResult>('/products/bulk', 'POST', {
        ids,
        action: actionOf(kind, n),
      })
      onDone({ message: r.message, result: r.data })
      setAmount('')
    } catch (err) {
      setProblem(problemText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-label="Change the ticked products"
      className="fixed inset-x-0 bottom-0 z-30 border-t-2 border-brand-600 bg-white p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.12)]"
    >
      <div className="mx-auto grid max-w-5xl gap-2 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end">
        <div className="flex items-center justify-between gap-2 sm:block">
          <p className="font-semibold text-brand-800" aria-live="polite">
            {ids.length} ticked
          </p>
          <Button small tone="plain" onClick={onClear}>
            Clear
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
        <Button tone="primary" onClick={apply} disabled={busy}>
          {busy ? 'Working…' : `Apply to ${ids.length}`}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="mx-auto mt-2 max-w-5xl text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </section>
  )
}

/** What the last bulk action did, with each product it could not change and why; stays until closed. */
export function BulkOutcomePanel({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const { failed } = outcome.result
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
    </div>
  )
}
