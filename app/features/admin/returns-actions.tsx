import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { photoMaxBytes } from '../../../contracts/images.ts'
import {
  type AdminReturnView,
  type RefundTo,
  recordRefundBody,
  rejectReturnBody,
  returnPhotoLimit,
} from '../../../contracts/return-requests.ts'
import { ApiError, downloadFile } from '../../lib/api.ts'
import { useMutation, useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, photoTooLarge, problemText, serverFieldErrors } from './admin-api.ts'
import { paidOnline, paise } from './returns-parts.tsx'
import { Button, Field, inputClass } from './ui.tsx'

/**
 * What staff do with a return in each status (decision 138): decide a request, receive and inspect the
 * parcel, refund it. Each call is sent once however often the button is tapped; its answer (the request as
 * it now stands) replaces the one on screen, and its refusal is shown where the button is.
 */

type Sent = { message: string; data: AdminReturnView }
type Problem = { message: string; fields: Record<string, string> }

export const returnPath = (id: string) => `/returns/${id}`

function useReturnAction(r: AdminReturnView) {
  const queryClient = useQueryClient()
  // A second tap before the first call has answered is dropped, not sent again.
  const sending = useRef(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const mutation = useMutation({
    mutationFn: (send: () => Promise<Sent>) => send(),
    onSuccess: async (sent) => {
      setProblem(null)
      queryClient.setQueryData(['admin', returnPath(r._id)], sent.data)
      toast.success(sent.message)
      // The list, the other tabs and the dashboard's count move on too.
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
    onError: async (err) => {
      setProblem({ message: problemText(err), fields: serverFieldErrors(err) })
      // Someone else acted on it meanwhile: it is shown as it now stands, and this form may go with its
      // status, so the server's words stay in a notice until dismissed.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        toast.error(problemText(err))
        await queryClient.invalidateQueries({ queryKey: ['admin'] })
      }
    },
  })
  async function run(send: () => Promise<Sent>): Promise<boolean> {
    if (sending.current) return false
    sending.current = true
    try {
      await mutation.mutateAsync(send)
      return true
    } catch {
      return false
    } finally {
      sending.current = false
    }
  }
  return { busy: mutation.isPending, problem, setProblem, run }
}

function ProblemText({ problem }: { problem: Problem | null }) {
  if (!problem) return null
  return (
    <p role="alert" className="rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {problem.message}
    </p>
  )
}

function ActionBox({
  id,
  title,
  children,
  tone = 'plain',
}: {
  id: string
  title: string
  children: ReactNode
  tone?: 'plain' | 'danger'
}) {
  return (
    <section
      aria-labelledby={id}
      className={`grid gap-3 rounded-lg border p-3 sm:p-4 ${tone === 'danger' ? 'border-red-200 bg-red-50/40' : 'border-brand-500 bg-brand-50'}`}
    >
      <h3 id={id} className="font-bold text-brand-800">
        {title}
      </h3>
      {children}
    </section>
  )
}

/** A question before something that cannot be undone; its confirm button is busy while the call runs. */
function ConfirmDialog({
  open,
  question,
  detail,
  confirmLabel,
  busyLabel,
  busy,
  tone,
  onConfirm,
  onClose,
}: {
  open: boolean
  question: string
  detail: ReactNode
  confirmLabel: string
  busyLabel: string
  busy: boolean
  tone: 'primary' | 'danger'
  onConfirm: () => void
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-lg border border-brand-200 p-5 shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="text-lg font-bold text-brand-800">
        {question}
      </h2>
      <div className="mt-2 grid gap-2 text-sm">{detail}</div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button disabled={busy} onClick={onClose}>
          Go back
        </Button>
        <Button tone={tone} disabled={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}

const radioClass =
  'flex min-h-11 cursor-pointer items-start gap-2 rounded border border-brand-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600'

/** A reason the customer reads (a rejection, an exchange called off), checked before the question is asked. */
function useCustomerReason() {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  function check(): boolean {
    const checked = rejectReturnBody.safeParse({ reason })
    setError(checked.success ? undefined : (checked.error.issues[0]?.message ?? 'Say why.'))
    return checked.success
  }
  return { reason, setReason, error, check }
}

function ReasonField({
  because,
  serverError,
  rows,
  help,
}: {
  because: ReturnType<typeof useCustomerReason>
  serverError: string | undefined
  rows: number
  help?: string
}) {
  return (
    <Field label="Why (required; the customer reads this)" error={because.error ?? serverError} help={help}>
      {(p) => (
        <textarea
          {...p}
          rows={rows}
          maxLength={500}
          className={inputClass}
          value={because.reason}
          onChange={(e) => because.setReason(e.target.value)}
        />
      )}
    </Field>
  )
}

/** Requested: approve it (a courier collects it, or the customer sends it) or reject it with a reason. */
export function DecideReturn({ r }: { r: AdminReturnView }) {
  const approve = useReturnAction(r)
  const reject = useReturnAction(r)
  const [method, setMethod] = useState<'pickup' | 'send' | ''>('')
  const [note, setNote] = useState('')
  const because = useCustomerReason()
  const [asking, setAsking] = useState(false)
  const approveFields = approve.problem?.fields ?? {}

  function sendApproval() {
    if (!method) {
      approve.setProblem({ message: 'Choose how the parcel comes back.', fields: { method: 'Choose one.' } })
      return
    }
    void approve.run(() =>
      adminSend<AdminReturnView>(`${returnPath(r._id)}/approve`, 'POST', { method, note }),
    )
  }

  function askReject() {
    if (because.check()) setAsking(true)
  }

  return (
    <div className="grid gap-3">
      <ActionBox id="approve-title" title={r.exchange ? 'Approve the exchange' : 'Approve the return'}>
        {r.exchange ? (
          <p className="text-sm" data-testid="exchange-reserve">
            Approving sets aside{' '}
            {r.lines
              .filter((l) => l.exchange)
              .map((l) => `${l.title} (${l.exchange!.variantTitle}) × ${l.quantity}`)
              .join(', ')}{' '}
            from stock for the customer.
            {r.exchange.due > 0
              ? ` They are asked to pay the difference of ${paise(r.exchange.due)}; the replacement goes once it is paid.`
              : ''}
          </p>
        ) : null}
        <fieldset className="grid gap-2" aria-describedby={approveFields.method ? 'method-error' : undefined}>
          <legend className="mb-1 text-sm font-semibold">How does the parcel come back?</legend>
          <label className={radioClass}>
            <input
              type="radio"
              name={`method-${r._id}`}
              className="mt-1 size-5 accent-brand-600"
              checked={method === 'pickup'}
              onChange={() => setMethod('pickup')}
            />
            <span>
              <span className="block font-semibold">Courier collects it</span>
              <span className="block text-xs text-ink/75">
                Books a pickup from the customer’s address now; they get the courier’s tracking number.
              </span>
            </span>
          </label>
          <label className={radioClass}>
            <input
              type="radio"
              name={`method-${r._id}`}
              className="mt-1 size-5 accent-brand-600"
              checked={method === 'send'}
              onChange={() => setMethod('send')}
            />
            <span>
              <span className="block font-semibold">Customer sends it</span>
              <span className="block text-xs text-ink/75">
                They are asked to post it to the shop’s address and keep the receipt.
              </span>
            </span>
          </label>
          {approveFields.method ? (
            <p id="method-error" className="text-sm text-red-700">
              {approveFields.method}
            </p>
          ) : null}
        </fieldset>
        <Field label="Note (optional; the customer sees it)" error={approveFields.note}>
          {(p) => (
            <textarea
              {...p}
              rows={2}
              maxLength={500}
              className={inputClass}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <ProblemText problem={approve.problem} />
        <div>
          <Button tone="primary" disabled={approve.busy || reject.busy} onClick={sendApproval}>
            {approve.busy
              ? method === 'pickup'
                ? 'Booking the pickup…'
                : 'Approving…'
              : r.exchange
                ? 'Approve exchange'
                : 'Approve return'}
          </Button>
        </div>
      </ActionBox>
      <ActionBox id="reject-title" title="Or reject it" tone="danger">
        <ReasonField
          because={because}
          serverError={reject.problem?.fields.reason}
          rows={3}
          help="For example: the photos show the piece as it was sent, and it is not returnable."
        />
        <ProblemText problem={reject.problem} />
        <div>
          <Button tone="danger" disabled={approve.busy || reject.busy} onClick={askReject}>
            Reject return…
          </Button>
        </div>
      </ActionBox>
      <ConfirmDialog
        open={asking}
        question={`Reject return ${r.number}?`}
        detail={
          <>
            <p>{r.customer.name || r.customer.email} is told it is not accepted, with your words:</p>
            <blockquote className="border-l-4 border-brand-200 pl-3 italic">
              {because.reason.trim()}
            </blockquote>
            <p>This cannot be undone.</p>
          </>
        }
        confirmLabel="Reject return"
        busyLabel="Rejecting…"
        busy={reject.busy}
        tone="danger"
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          await reject.run(() =>
            adminSend<AdminReturnView>(`${returnPath(r._id)}/reject`, 'POST', {
              reason: because.reason.trim(),
            }),
          )
          setAsking(false)
        }}
      />
    </div>
  )
}

/** Approved: the parcel is in hand; staff say whether it can be sold again, with a note and photos. */
export function ReceiveReturn({ r }: { r: AdminReturnView }) {
  const receive = useReturnAction(r)
  const [resaleable, setResaleable] = useState<boolean | null>(null)
  const [note, setNote] = useState('')
  const [photos, setPhotos] = useState<File[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const fields = { ...(receive.problem?.fields ?? {}), ...errors }
  const previews = usePreviews(photos)

  function addPhotos(files: File[]) {
    const next = [...photos, ...files]
    const e: Record<string, string> = {}
    const tooLarge = photoTooLarge(files)
    if (tooLarge) e.photo = tooLarge
    else if (next.length > returnPhotoLimit) e.photo = `Add at most ${returnPhotoLimit} photos.`
    setErrors(e)
    if (!e.photo) setPhotos(next)
  }

  function send() {
    if (resaleable === null) {
      setErrors({ resaleable: 'Say whether it can be sold again.' })
      return
    }
    setErrors({})
    const body = { resaleable, note: note.trim() }
    const path = `${returnPath(r._id)}/receive`
    void receive.run(() => {
      if (photos.length === 0) return adminSend<AdminReturnView>(path, 'POST', body)
      const form = new FormData()
      form.append('request', JSON.stringify(body))
      for (const p of photos) form.append('photo', p)
      return adminSend<AdminReturnView>(path, 'POST', form)
    })
  }

  return (
    <ActionBox id="receive-title" title="Mark received and inspected">
      <p className="text-sm">When the parcel is in your hands, open it and check what came back.</p>
      <fieldset className="grid gap-2" aria-describedby={fields.resaleable ? 'resaleable-error' : undefined}>
        <legend className="mb-1 text-sm font-semibold">Can it be sold again?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className={radioClass}>
            <input
              type="radio"
              name={`resaleable-${r._id}`}
              className="mt-1 size-5 accent-brand-600"
              checked={resaleable === true}
              onChange={() => setResaleable(true)}
            />
            <span>
              <span className="block font-semibold">Yes, as new</span>
              <span className="block text-xs text-ink/75">Its pieces go back into stock.</span>
            </span>
          </label>
          <label className={radioClass}>
            <input
              type="radio"
              name={`resaleable-${r._id}`}
              className="mt-1 size-5 accent-brand-600"
              checked={resaleable === false}
              onChange={() => setResaleable(false)}
            />
            <span>
              <span className="block font-semibold">No</span>
              <span className="block text-xs text-ink/75">Damaged or used: the stock stays as it is.</span>
            </span>
          </label>
        </div>
        {fields.resaleable ? (
          <p id="resaleable-error" className="text-sm text-red-700">
            {fields.resaleable}
          </p>
        ) : null}
      </fieldset>
      <Field label="What you found (optional)" error={fields.note}>
        {(p) => (
          <textarea
            {...p}
            rows={2}
            maxLength={1000}
            className={inputClass}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </Field>
      <Field
        label={`Photos of what came back (optional, up to ${returnPhotoLimit})`}
        error={fields.photo}
        help={`JPEG, PNG or WebP, each at most ${Math.round(photoMaxBytes / 1024 / 1024)} MB.`}
      >
        {(p) => (
          <input
            {...p}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={receive.busy || photos.length >= returnPhotoLimit}
            className="min-h-11 max-w-full text-sm file:mr-2 file:min-h-11 file:rounded file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5"
            onChange={(e) => {
              addPhotos([...(e.target.files ?? [])])
              e.target.value = ''
            }}
          />
        )}
      </Field>
      {photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos to send">
          {photos.map((f, i) => (
            <li key={`${f.name}-${i}`} className="grid justify-items-center gap-1">
              <img
                src={previews[i]}
                alt=""
                className="size-20 rounded border border-brand-200 object-cover"
              />
              <Button
                small
                disabled={receive.busy}
                label={`Remove photo ${i + 1}`}
                onClick={() => setPhotos(photos.filter((_, n) => n !== i))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ProblemText problem={receive.problem} />
      <div>
        <Button tone="primary" disabled={receive.busy} onClick={send}>
          {receive.busy ? 'Saving…' : 'Mark received and inspected'}
        </Button>
      </div>
    </ActionBox>
  )
}

/** Object URLs for the chosen photos, let go when they change. */
function usePreviews(files: File[]): string[] {
  const [urls, setUrls] = useState<string[]>([])
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f))
    setUrls(made)
    return () => {
      for (const u of made) URL.revokeObjectURL(u)
    }
  }, [files])
  return urls
}

/** A cash-on-delivery refund's destination in full, for staff to pay, each part easy to copy. */
export function RefundDestination({ to }: { to: RefundTo }) {
  const rows: Array<[string, string]> =
    to.kind === 'upi'
      ? [['UPI ID', to.upi]]
      : [
          ['Account holder', to.accountName],
          ['Account number', to.accountNumber],
          ['IFSC', to.ifsc],
        ]
  return (
    <dl className="grid gap-2 rounded border border-brand-200 bg-white p-3" data-testid="refund-destination">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-sm text-ink/75">{label}</dt>
          <dd className="flex items-center justify-between gap-2">
            <span className="min-w-0 font-mono text-base font-semibold break-all select-all">{value}</span>
            <CopyButton value={value} what={label} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

function CopyButton({ value, what }: { value: string; what: string }) {
  const [can, setCan] = useState(false)
  // Only where the browser lets a page copy (a secure address); elsewhere the text is selectable.
  useEffect(() => setCan(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), [])
  if (!can) return null
  return (
    <Button
      small
      label={`Copy the ${what}`}
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => toast.success(`${what} copied`),
          () => toast.error('Could not copy: select the text and copy it.'),
        )
      }
    >
      Copy
    </Button>
  )
}

/** Received: refund it, through the payment provider for an online payment, by transfer for cash on delivery. */
export function RefundReturn({ r }: { r: AdminReturnView }) {
  const refund = useReturnAction(r)
  const [reference, setReference] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [asking, setAsking] = useState(false)
  const fields = { ...(refund.problem?.fields ?? {}), ...errors }
  const amount = paise(r.refundAmount)
  const dest = r.refundDestination
  // The server pays a request with a destination by the staff's transfer, any other through the provider.
  // Asked for as store credit (decision 139): added to the customer's balance, no money moves.
  const asCredit = r.resolution === 'credit'
  const online = asCredit || (!dest && paidOnline(r))
  const pending = !asCredit && r.refund?.state === 'pending'
  const path = `${returnPath(r._id)}/refund`

  function ask() {
    if (!online) {
      const checked = recordRefundBody.safeParse({ reference })
      if (!checked.success) {
        setErrors({ reference: checked.error.issues[0]?.message ?? 'Enter the reference.' })
        return
      }
    }
    setErrors({})
    setAsking(true)
  }

  async function confirm() {
    await refund.run(() =>
      online
        ? // An empty JSON object: the server refuses a POST with no body at all.
          adminSend<AdminReturnView>(path, 'POST', {})
        : adminSend<AdminReturnView>(path, 'POST', { reference: reference.trim() }),
    )
    setAsking(false)
  }

  const destText = !dest
    ? ''
    : dest.kind === 'upi'
      ? `UPI ID ${dest.upi}`
      : `account ${dest.accountNumber} (${dest.ifsc})`

  return (
    <ActionBox
      id="refund-title"
      title={pending ? 'Refund on its way' : r.exchange ? 'Refund the difference' : 'Refund the customer'}
    >
      {r.exchange ? (
        <p className="text-sm">The pieces sent instead cost {amount} less than the ones that came back.</p>
      ) : null}
      {asCredit ? (
        <p className="text-sm" data-testid="refund-as-credit">
          The customer asked for store credit: {amount} is added to their balance, to spend at checkout. No
          money goes through the payment provider.
        </p>
      ) : online ? (
        pending ? (
          <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="refund-pending">
            The refund of {amount} has not gone through yet: the payment provider did not take it. The shop
            tries again by itself, waiting a little longer each time. If it is still waiting tomorrow, look
            for the payment in the payment provider’s dashboard.
          </p>
        ) : (
          <p className="text-sm">
            {amount} goes back through the payment provider to the card, UPI or bank account the customer paid
            with.
          </p>
        )
      ) : dest ? (
        <>
          <p className="text-sm">
            Cash on delivery: pay {amount} by UPI or bank transfer from the foundation’s account to:
          </p>
          <RefundDestination to={dest} />
          <Field
            label="Transfer reference (UTR)"
            error={fields.reference}
            help="The reference your bank or UPI app shows once the money has gone. The customer is sent it."
          >
            {(p) => (
              <input
                {...p}
                autoComplete="off"
                maxLength={60}
                className={`${inputClass} font-mono`}
                value={reference}
                onChange={(e) => setReference(e.target.value)}
              />
            )}
          </Field>
        </>
      ) : (
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          Cash on delivery, and the customer gave no UPI ID or bank account. Write to them at{' '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${r.customer.email}`}>
            {r.customer.email}
          </a>{' '}
          for one before paying.
        </p>
      )}
      <ProblemText problem={refund.problem} />
      {(online && !pending) || dest ? (
        <div>
          <Button tone="primary" disabled={refund.busy} onClick={ask}>
            {asCredit
              ? `Add ${amount} to store credit`
              : online
                ? `Refund ${amount} to the customer’s payment`
                : `Record refund of ${amount}`}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        question={
          asCredit
            ? `Add ${amount} to the customer’s store credit?`
            : online
              ? `Refund ${amount} now?`
              : `Record that ${amount} was paid?`
        }
        detail={
          asCredit ? (
            <p>{r.customer.name || r.customer.email} can spend it on any order. This cannot be undone.</p>
          ) : online ? (
            <p>
              {amount} goes back to {r.customer.name || r.customer.email}’s payment for order {r.orderNumber}.
              This cannot be undone.
            </p>
          ) : (
            <>
              <p>
                Only once the money has gone to {destText}. The customer is told it is refunded, with the
                reference <span className="font-mono font-semibold">{reference.trim()}</span>.
              </p>
              <p>This cannot be undone.</p>
            </>
          )
        }
        confirmLabel={asCredit ? 'Add store credit' : online ? `Refund ${amount}` : 'Record refund'}
        busyLabel={asCredit ? 'Adding…' : online ? 'Refunding…' : 'Recording…'}
        busy={refund.busy}
        tone="primary"
        onClose={() => setAsking(false)}
        onConfirm={confirm}
      />
    </ActionBox>
  )
}

/** The courier's label of an exchange's replacement, as a PDF download. */
export async function downloadReplacementLabel(r: Pick<AdminReturnView, '_id' | 'number'>) {
  try {
    await downloadFile(`/admin${returnPath(r._id)}/label`, `label-${r.number}.pdf`)
  } catch (err) {
    toast.error(
      err instanceof ApiError ? err.message : 'The label could not be downloaded. Please try again.',
    )
  }
}

/**
 * An exchange (decision 140): the pieces chosen instead go as a new parcel of the same order, booked with the
 * courier. At once, once approved, or after the parcel is back; a dearer choice waits for the customer's payment.
 */
export function SendReplacement({ r }: { r: AdminReturnView }) {
  const send = useReturnAction(r)
  const [asking, setAsking] = useState(false)
  const exchange = r.exchange
  if (!exchange) return null
  const waiting = exchange.due > 0 && !exchange.paid
  const pieces = r.lines
    .filter((l) => l.exchange)
    .map((l) => `${l.title} (${l.exchange!.variantTitle}) × ${l.quantity}`)
    .join(', ')
  return (
    <ActionBox id="replacement-title" title="Send the replacement">
      <p className="text-sm">
        {pieces}, to the order’s delivery address, booked with the courier as a new parcel of order{' '}
        {r.orderNumber}. Its GST invoice is issued as it goes.
      </p>
      {r.status === 'approved' ? (
        <p className="text-sm text-ink/80">
          The parcel coming back is not here yet: send the replacement now only if you are happy to before it
          arrives.
        </p>
      ) : null}
      {waiting ? (
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="exchange-waiting">
          Waiting for the customer to pay {paise(exchange.due)}. They are asked to from their order page; the
          replacement can go once it is paid.
        </p>
      ) : null}
      <ProblemText problem={send.problem} />
      <div>
        <Button tone="primary" disabled={send.busy || waiting} onClick={() => setAsking(true)}>
          {r.status === 'approved' ? 'Send the replacement now' : 'Send the replacement'}
        </Button>
      </div>
      {!exchange.paid ? <CallOffExchange r={r} /> : null}
      <ConfirmDialog
        open={asking}
        question="Book the replacement with the courier?"
        detail={
          <p>
            {pieces} go to {r.customer.name || r.customer.email}. A courier is booked now and the customer
            gets the tracking number.
          </p>
        }
        confirmLabel="Book the courier"
        busyLabel="Booking…"
        busy={send.busy}
        tone="primary"
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          await send.run(() =>
            adminSend<AdminReturnView>(`${returnPath(r._id)}/send-replacement`, 'POST', {}),
          )
          setAsking(false)
        }}
      />
    </ActionBox>
  )
}

/**
 * Before the replacement goes and while nothing is paid for it: staff call the exchange off (the customer did
 * not pay, or the piece cannot be sent). The pieces set aside go back to stock; the return is refunded instead.
 */
function CallOffExchange({ r }: { r: AdminReturnView }) {
  const off = useReturnAction(r)
  const because = useCustomerReason()
  const [asking, setAsking] = useState(false)
  function ask() {
    if (because.check()) setAsking(true)
  }
  return (
    <details className="rounded border border-brand-200 bg-white p-3 text-sm">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-800">
        Refund instead of exchanging
      </summary>
      <div className="mt-2 grid gap-3">
        <p>
          The pieces set aside go back to stock, and the return is refunded like any other:{' '}
          {paise(r.goodsAmount)} once the parcel is back.
        </p>
        <ReasonField because={because} serverError={off.problem?.fields.reason} rows={2} />
        <ProblemText problem={off.problem} />
        <div>
          <Button tone="danger" disabled={off.busy} onClick={ask}>
            Refund instead…
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        question="Call the exchange off?"
        detail={
          <>
            <p>
              {r.customer.name || r.customer.email} is told the exchange is off and the pieces are refunded,
              with your words:
            </p>
            <blockquote className="border-l-4 border-brand-200 pl-3 italic">
              {because.reason.trim()}
            </blockquote>
          </>
        }
        confirmLabel="Refund instead"
        busyLabel="Calling it off…"
        busy={off.busy}
        tone="danger"
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          await off.run(() =>
            adminSend<AdminReturnView>(`${returnPath(r._id)}/refund-instead`, 'POST', {
              reason: because.reason.trim(),
            }),
          )
          setAsking(false)
        }}
      />
    </details>
  )
}
