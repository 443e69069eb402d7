import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { imageAt } from '../../../contracts/images.ts'
import { type AdminReturnView, photoReasons, returnText } from '../../../contracts/return-requests.ts'
import { isFault } from '../../../contracts/return-rules.ts'
import { useAdmin } from './admin-api.ts'
import { when } from './format.ts'
import {
  DecideReturn,
  downloadReplacementLabel,
  ReceiveReturn,
  RefundReturn,
  returnPath,
  SendReplacement,
} from './returns-actions.tsx'
import {
  AgeBadge,
  PhotoStrip,
  paidOnline,
  paise,
  paymentText,
  ReturnStatusBadge,
  ruleText,
} from './returns-parts.tsx'
import { Button, Loading, LoadProblem } from './ui.tsx'

/** One return request in full, with what staff may do in its status (decision 138). */
export function ReturnDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const q = useAdmin<AdminReturnView>(returnPath(id))
  const heading = useRef<HTMLHeadingElement>(null)
  const status = q.data?.status
  // Opened, and after each step (approved, received, refunded): the reader is taken to the request's heading,
  // not left on a list entry hidden on a phone or a button that has gone.
  useEffect(() => {
    if (!status || !heading.current) return
    heading.current.focus({ preventScroll: true })
    // At once, not smoothly: the page's smooth scrolling is cut short by the screen drawn again after a step.
    heading.current.scrollIntoView({ block: 'start', behavior: 'instant' })
  }, [status])
  return (
    <article
      aria-labelledby="return-title"
      className="grid gap-4 rounded-lg border border-brand-200 bg-white p-3 sm:p-4"
      data-testid="return-detail"
    >
      {/* On a phone where both do not fit on one line, the way back goes above the heading. */}
      <div className="flex flex-wrap-reverse items-start justify-between gap-2">
        <h2
          id="return-title"
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-24 font-serif text-xl font-bold text-brand-800 focus:outline-none"
        >
          {q.data ? `Return ${q.data.number}` : 'Return'}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex min-h-11 shrink-0 items-center rounded border border-brand-200 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          <span className="lg:hidden">
            <span aria-hidden="true">←&nbsp;</span>Back to the list
          </span>
          <span className="hidden lg:inline">Close</span>
        </button>
      </div>
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadProblem error={q.error} retry={() => q.refetch()} /> : null}
      {q.data ? <ReturnBody r={q.data} /> : null}
    </article>
  )
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-bold tracking-wide text-brand-700 uppercase">{title}</h3>
      {children}
    </section>
  )
}

function ReturnBody({ r }: { r: AdminReturnView }) {
  const fault = isFault(r.reason)
  return (
    <>
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ReturnStatusBadge r={r} />
          <AgeBadge r={r} />
        </p>
        <p className="text-sm">
          Order{' '}
          <Link to={`/admin/orders/${r.orderId}`} className="font-semibold text-brand-700 underline">
            {r.orderNumber}
          </Link>{' '}
          · {paymentText(r)}
        </p>
        <p className="text-sm break-words">
          <span className="font-semibold">{r.customer.name || 'Customer'}</span> ·{' '}
          <a href={`mailto:${r.customer.email}`} className="text-brand-700 underline">
            {r.customer.email}
          </a>
        </p>
      </div>

      <Part title="Why">
        <p>
          <span className="font-semibold">{returnText.reason[r.reason]}</span> · wants{' '}
          {r.resolution === 'credit'
            ? 'store credit'
            : r.resolution === 'exchange'
              ? 'an exchange for another size or colour'
              : 'a refund'}
        </p>
        {r.description ? (
          <blockquote className="border-l-4 border-brand-200 pl-3 text-sm break-words whitespace-pre-line">
            {r.description}
          </blockquote>
        ) : null}
        {fault ? (
          <p className="text-sm text-ink/80">
            The shop’s fault if true: taken back within the window even when the piece is not returnable, with
            no restocking fee.
          </p>
        ) : null}
      </Part>

      <Part title="Customer’s photos">
        {r.photos.length ? (
          <PhotoStrip photos={r.photos} label="Customer’s photo" />
        ) : (
          <p className="text-sm text-ink/75">
            {photoReasons.includes(r.reason) ? 'None, though this reason needs them.' : 'None sent.'}
          </p>
        )}
      </Part>

      <Part title="What comes back">
        <ul className="grid gap-2">
          {r.lines.map((l) => (
            <li key={l.itemId} className="flex gap-3 rounded border border-brand-100 p-2">
              {l.image ? (
                <img
                  src={imageAt(l.image, 200)}
                  alt=""
                  className="size-14 shrink-0 rounded border border-brand-100 object-cover"
                />
              ) : null}
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-semibold break-words">
                    {l.title}
                    {l.variantTitle ? ` (${l.variantTitle})` : ''} × {l.quantity}
                  </span>
                  <span className="font-semibold tabular-nums">{paise(l.amount)}</span>
                </p>
                {l.exchange ? (
                  <p className="text-sm" data-testid="exchange-line">
                    Send instead:{' '}
                    <span className="font-semibold">
                      {l.title} ({l.exchange.variantTitle}) × {l.quantity}
                    </span>{' '}
                    at {paise(l.exchange.price)} each
                  </p>
                ) : null}
                <p className="text-xs text-ink/75">Judged by: {ruleText(l.rule)}</p>
              </div>
            </li>
          ))}
        </ul>
        {r.exchange ? (
          <dl className="grid gap-1 text-sm">
            <Money label="Goods coming back (as paid)" amount={r.goodsAmount} />
            {r.exchange.due > 0 ? (
              <Money
                label={
                  r.exchange.paid ? 'The customer paid the difference' : 'The customer pays the difference'
                }
                amount={r.exchange.due}
                strong
              />
            ) : (
              <Money label="Difference refunded" amount={r.refundAmount} strong />
            )}
          </dl>
        ) : (
          <dl className="grid gap-1 text-sm">
            <Money label="Goods" amount={r.goodsAmount} />
            {r.restockingFee > 0 ? <Money label="Restocking fee kept" amount={-r.restockingFee} /> : null}
            {r.chargesRefunded > 0 ? (
              <Money label="Delivery charges given back" amount={r.chargesRefunded} />
            ) : null}
            <Money label="Refund" amount={r.refundAmount} strong />
          </dl>
        )}
      </Part>

      <Sofar r={r} />

      {r.status === 'requested' ? <DecideReturn key={`${r._id}-decide`} r={r} /> : null}
      {r.status === 'approved' ? <ReceiveReturn key={`${r._id}-receive`} r={r} /> : null}
      {/* An exchange's replacement may go at once, before the parcel is back, or once it is received. */}
      {r.exchange && !r.exchange.replacement && (r.status === 'approved' || r.status === 'received') ? (
        <SendReplacement key={`${r._id}-send`} r={r} />
      ) : null}
      {r.status === 'received' && (!r.exchange || (r.exchange.replacement && r.refundAmount > 0)) ? (
        <RefundReturn key={`${r._id}-refund`} r={r} />
      ) : null}

      {r.events.length ? (
        <Part title="History">
          <ol className="grid gap-1 border-l-2 border-brand-200 pl-3 text-sm">
            {r.events.map((e) => (
              <li key={`${e.status}-${e.at}`}>
                <span className="font-semibold">{returnText.status[e.status]}</span>{' '}
                <span className="text-ink/70">{when(e.at)}</span>
                {e.note ? <span className="block break-words">{e.note}</span> : null}
              </li>
            ))}
          </ol>
        </Part>
      ) : null}
    </>
  )
}

function Money({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'border-t border-brand-100 pt-1 font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{paise(amount)}</dd>
    </div>
  )
}

/** What has happened so far: the way back, the inspection, the refund, or why it was turned down. */
function Sofar({ r }: { r: AdminReturnView }) {
  const pickup = r.pickup
  return (
    <>
      {r.status === 'rejected' && r.rejectReason ? (
        <Part title="Rejected because">
          <p className="break-words">{r.rejectReason}</p>
        </Part>
      ) : null}
      {r.method ? (
        <Part title="The way back">
          {r.method === 'pickup' ? (
            <p className="text-sm" data-testid="return-pickup">
              A courier collects it
              {pickup?.courier ? `: ${pickup.courier}` : ''}
              {pickup?.awb ? (
                <>
                  , AWB <span className="font-mono font-semibold">{pickup.awb}</span>
                </>
              ) : (
                ' (pickup not booked yet)'
              )}
              {pickup?.trackingUrl ? (
                <>
                  {' '}
                  ·{' '}
                  <a
                    href={pickup.trackingUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 underline"
                  >
                    Track the pickup
                  </a>
                </>
              ) : null}
            </p>
          ) : (
            <p className="text-sm">
              The customer sends it to the shop’s address
              {r.sendTo ? <span className="block whitespace-pre-line text-ink/75">{r.sendTo}</span> : '.'}
            </p>
          )}
        </Part>
      ) : null}
      {r.inspection ? (
        <Part title="Inspection">
          <p className="text-sm">
            <span className="font-semibold">
              {r.inspection.resaleable ? 'Can be sold again: back in stock' : 'Not fit to sell again'}
            </span>{' '}
            · {when(r.inspection.at)}
          </p>
          {r.inspection.note ? <p className="text-sm break-words">{r.inspection.note}</p> : null}
          <PhotoStrip photos={r.inspection.photos} label="Photo of what came back" size="small" />
        </Part>
      ) : null}
      {r.exchange?.replacement ? <ReplacementSent r={r} /> : null}
      {r.refund?.state === 'refunded' ? (
        <Part title="Refund">
          <p className="text-sm" data-testid="return-refunded">
            {r.refund.to === 'credit'
              ? `${paise(r.refund.amount)} added to the customer’s store credit`
              : `${paise(r.refund.amount - r.refund.credit)} refunded ${
                  r.refund.to === 'source'
                    ? 'to the customer’s payment'
                    : r.refund.to === 'upi'
                      ? 'by UPI'
                      : 'by bank transfer'
                }${r.refund.credit > 0 ? ` and ${paise(r.refund.credit)} back to the store credit it was partly paid with` : ''}`}
            {r.refund.at ? ` on ${when(r.refund.at)}` : ''}
            {r.refund.reference ? (
              <>
                , reference{' '}
                <span className="font-mono font-semibold wrap-anywhere">{r.refund.reference}</span>
              </>
            ) : null}
            .{r.creditNote ? ` Credit note ${r.creditNote}.` : ''}
          </p>
          {!paidOnline(r) && r.refundTo ? <p className="text-sm">Paid to {r.refundTo}.</p> : null}
        </Part>
      ) : null}
    </>
  )
}

/** The exchange's replacement parcel: its courier and tracking, the label to print, its invoice. */
function ReplacementSent({ r }: { r: AdminReturnView }) {
  const sent = r.exchange?.replacement
  if (!sent) return null
  return (
    <Part title="Replacement">
      <p className="text-sm" data-testid="replacement-sent">
        Sent {when(sent.at)}
        {sent.courier ? ` with ${sent.courier}` : ''}
        {sent.awb ? (
          <>
            , AWB <span className="font-mono font-semibold">{sent.awb}</span>
          </>
        ) : null}
        {sent.trackingUrl ? (
          <>
            {' '}
            ·{' '}
            <a href={sent.trackingUrl} target="_blank" rel="noreferrer" className="text-brand-700 underline">
              Track it
            </a>
          </>
        ) : null}
        .{r.exchange?.invoice ? ` Invoice ${r.exchange.invoice}.` : ''}
      </p>
      <div>
        <Button small onClick={() => void downloadReplacementLabel(r)}>
          Download the label
        </Button>
      </div>
    </Part>
  )
}
