import { imageAt } from '../../../contracts/images.ts'
import { formatPaise } from '../../../contracts/money.ts'
import type { ReturnStatus, ReturnView } from '../../../contracts/return-requests.ts'
import { returnText } from '../../../contracts/return-requests.ts'
import { useI18n } from '../../i18n/i18n.tsx'
import { formatOrderDate, formatOrderDateTime } from '../../lib/dates.ts'
import { site } from '../../lib/site.ts'
import { creditNotePath } from './return-api.ts'
import { ReturnExchange } from './return-exchange.tsx'
import { returnWords as w } from './return-messages.ts'
import { useDocumentDownload } from './use-document-download.ts'

const statusStyle: Record<ReturnStatus, string> = {
  requested: 'bg-saffron/20 text-brand-900',
  approved: 'bg-sky-100 text-sky-900',
  rejected: 'bg-red-100 text-red-900',
  received: 'bg-brand-100 text-brand-900',
  refunded: 'bg-green-100 text-green-900',
  exchanged: 'bg-green-100 text-green-900',
}

type Translate = ReturnType<typeof useI18n>['t']

/**
 * The refund's sentence. The contract gives a COD destination masked ('UPI ab***@okhdfc', 'Bank ••••1234
 * (SBIN0001234)'): the UPI ID and the account's last four digits are read back from it.
 */
function refundSentence(t: Translate, r: ReturnView): string | null {
  if (!r.refund) return null
  const amount = formatPaise(r.refund.amount)
  if (r.refund.state === 'pending') return t(returnText.refundPending, { amount })
  if (r.refund.to === 'credit') return t(returnText.refundedTo.credit, { amount })
  // An order partly paid with store credit: the money sent, then what went back to the credit.
  if (r.refund.credit > 0) {
    const money = { ...r.refund, amount: r.refund.amount - r.refund.credit, credit: 0 }
    const first = refundSentence(t, { ...r, refund: money })
    return `${first}. ${t(w.creditPart, { amount: formatPaise(r.refund.credit) })}.`
  }
  if (r.refund.to === 'upi')
    return t(returnText.refundedTo.upi, { amount, upi: r.refundTo?.replace(/^UPI\s+/, '') ?? '' })
  if (r.refund.to === 'bank')
    return t(returnText.refundedTo.bank, { amount, last4: r.refundTo?.match(/(\d{4})\b/)?.[1] ?? '' })
  return t(returnText.refundedTo.source, { amount })
}

/** One return request as its customer follows it: lines, photos, the parcel's way back, the refund, the timeline. */
export function ReturnRequestCard({
  request: r,
  headingRef,
}: {
  request: ReturnView
  headingRef?: React.Ref<HTMLHeadingElement>
}) {
  // An exchange whose replacement went before the first parcel is back reads as sent: that is the news.
  const shown: ReturnStatus = r.status === 'approved' && r.exchange?.replacement ? 'exchanged' : r.status
  const { t, locale } = useI18n()
  const { downloading, download } = useDocumentDownload()
  const headingId = `return-${r._id}`
  const refund = refundSentence(t, r)
  // The shop's address for a parcel sent back (its invoices' address), else the foundation's public one.
  const sendTo = r.sendTo ?? site.address
  const getCreditNote = (number: string) => download(creditNotePath(r._id), number)

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-ink/15 p-3 sm:p-4"
      data-testid="return-request"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-brand-800 outline-none"
        >
          {t(w.requestHeading, { number: r.number })}
        </h3>
        <span
          className={`rounded-full px-3 py-0.5 text-sm font-semibold ${statusStyle[shown]}`}
          data-testid="return-status"
        >
          {t(returnText.status[shown])}
        </span>
      </div>
      <p className="mt-1 text-sm text-ink/80">
        {t(w.requestedOn, { date: formatOrderDate(r.createdAt, locale) })} · {t(returnText.reason[r.reason])}
      </p>
      {r.description ? <p className="mt-1 text-sm break-words whitespace-pre-line">{r.description}</p> : null}

      <ul className="mt-2 divide-y divide-ink/10">
        {r.lines.map((line) => (
          <li key={line.itemId} className="flex items-center gap-3 py-2">
            {line.image ? (
              <img
                src={imageAt(line.image, 200)}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                className="h-10 w-10 shrink-0 rounded object-cover"
              />
            ) : (
              <div className="h-10 w-10 shrink-0 rounded bg-brand-100" />
            )}
            <p className="min-w-0 flex-1 text-sm">
              {t(w.summaryLine, { count: line.quantity, title: line.title })}
              {line.exchange ? (
                // An exchange: what comes back and what is sent instead (decision 140).
                <span className="block text-ink/70" data-testid="return-line-exchange">
                  {t(w.exchangeLine, { from: line.variantTitle ?? '', to: line.exchange.variantTitle })}
                </span>
              ) : line.variantTitle ? (
                <span className="block text-ink/70">{line.variantTitle}</span>
              ) : null}
            </p>
            {/* An exchange's piece is not refunded: what it costs is said below. */}
            {line.exchange ? null : (
              <p className="text-sm font-medium whitespace-nowrap">{formatPaise(line.amount)}</p>
            )}
          </li>
        ))}
      </ul>

      {r.photos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {r.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener noreferrer">
                <img
                  src={src}
                  alt={t(w.photoAlt, { place: i + 1, count: r.photos.length })}
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-16 w-16 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {r.method === 'pickup' && r.pickup?.awb ? (
        <p className={`mt-3 text-sm ${r.status === 'approved' ? 'rounded bg-sky-50 p-2' : 'text-ink/80'}`}>
          {r.status === 'approved'
            ? t(returnText.pickupBooked, { courier: r.pickup.courier ?? '', awb: r.pickup.awb })
            : // Collected already: which parcel it was, for the customer's records.
              t('{courier}, tracking number {awb}', {
                courier: r.pickup.courier ?? '',
                awb: r.pickup.awb,
              })}{' '}
          {r.pickup.trackingUrl ? (
            <a
              href={r.pickup.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline"
            >
              {t(w.trackPickup)}
            </a>
          ) : null}
        </p>
      ) : null}
      {r.status === 'approved' && r.method === 'send' ? (
        <div className="mt-3 rounded bg-sky-50 p-2 text-sm">
          <p>{t(returnText.sendBack)}</p>
          <address className="mt-1 font-medium not-italic">{sendTo}</address>
        </div>
      ) : null}
      {r.status === 'rejected' && r.rejectReason ? (
        <p className="mt-3 rounded bg-red-50 p-2 text-sm text-red-900">
          {t(w.notAccepted, { reason: r.rejectReason })}
        </p>
      ) : null}

      {r.status !== 'rejected' && r.exchange ? (
        <ReturnExchange request={{ ...r, exchange: r.exchange }} />
      ) : null}

      {r.status !== 'rejected' && (!r.exchange || r.exchange.back > 0) ? (
        <div className="mt-3 space-y-1 text-sm" data-testid="return-refund">
          {r.restockingFee > 0 || r.chargesRefunded > 0 ? (
            <dl className="space-y-1">
              <div className="flex justify-between gap-3">
                <dt>{t(w.goods)}</dt>
                <dd>{formatPaise(r.goodsAmount)}</dd>
              </div>
              {r.restockingFee > 0 ? (
                <div className="flex justify-between gap-3">
                  <dt>{t(w.restockingFee)}</dt>
                  <dd>−{formatPaise(r.restockingFee)}</dd>
                </div>
              ) : null}
              {r.chargesRefunded > 0 ? (
                <div className="flex justify-between gap-3">
                  <dt>{t(w.chargesBack)}</dt>
                  <dd>{formatPaise(r.chargesRefunded)}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {refund ? (
            <p className={`font-semibold ${r.refund?.state === 'refunded' ? 'text-green-900' : ''}`}>
              {refund}
            </p>
          ) : (
            <p className="font-semibold">{t(w.toBeRefunded, { amount: formatPaise(r.refundAmount) })}</p>
          )}
          {r.refundTo && r.refund?.state !== 'refunded' ? (
            <p className="text-ink/80">{t(w.refundTo, { destination: r.refundTo })}</p>
          ) : null}
          {r.refund?.reference ? (
            <p className="text-ink/80">
              {t(w.reference, { reference: r.refund.reference })}
              {r.refund.at ? ` · ${formatOrderDate(r.refund.at, locale)}` : ''}
            </p>
          ) : null}
        </div>
      ) : null}

      {r.creditNote ? (
        <button
          type="button"
          onClick={() => getCreditNote(r.creditNote!)}
          disabled={downloading}
          className="mt-3 min-h-11 rounded border border-brand-700 px-4 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          {downloading ? t('Downloading…') : t(w.creditNote, { number: r.creditNote })}
        </button>
      ) : null}

      <h4 className="mt-3 text-sm font-semibold text-brand-800">{t(w.timeline)}</h4>
      {/* Newest first, as the courier's timeline on this page. */}
      <ol className="mt-2 space-y-2 border-l-2 border-brand-200 pl-4" data-testid="return-timeline">
        {[...r.events].reverse().map((e, i) => (
          <li key={`${e.status}-${e.at}-${i}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full border-2 border-white bg-brand-600"
            />
            <p className="text-sm font-semibold">{t(returnText.status[e.status])}</p>
            <p className="text-xs text-ink/80">{formatOrderDateTime(e.at, locale)}</p>
            {/* The request's and the rejection's events carry the description and the reason, shown above already. */}
            {e.note &&
            e.note !==
              (e.status === 'requested' ? r.description : e.status === 'rejected' ? r.rejectReason : null) ? (
              <p className="text-sm break-words">{e.note}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </article>
  )
}
