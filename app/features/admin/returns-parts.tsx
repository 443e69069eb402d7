import { useId, useRef, useState } from 'react'
import { codMethod } from '../../../contracts/cod.ts'
import { imageAt } from '../../../contracts/images.ts'
import { formatPaise } from '../../../contracts/money.ts'
import type { AdminReturnView, ReturnStatus } from '../../../contracts/return-requests.ts'
import type { ReturnRule } from '../../../contracts/return-rules.ts'
import { Badge, Button } from './ui.tsx'

/**
 * The console's words for returns (decision 138), written once: the screen, its detail and its actions use
 * them, and browser tests import them. The customer's own words are contracts/return-requests.ts `returnText`.
 */
export const returnsConsoleText = {
  title: 'Returns to act on',
  intro:
    'Customers’ requests to return or exchange what they received. Decide on new requests, receive and inspect the parcels that come back, then refund them or send the replacement.',
  tabs: {
    open: 'To act on',
    requested: 'To decide',
    approved: 'Awaiting the parcel',
    received: 'To refund or send',
    refunded: 'Refunded',
    exchanged: 'Exchanged',
    rejected: 'Rejected',
  },
  // What each status asks of the staff, shown on its badge.
  status: {
    requested: 'To decide',
    approved: 'Awaiting the parcel',
    received: 'To refund',
    refunded: 'Refunded',
    exchanged: 'Exchanged',
    rejected: 'Rejected',
  } satisfies Record<ReturnStatus, string>,
  none: {
    open: 'Nothing to act on: no return is waiting for you.',
    other: 'No returns here.',
  },
  dashboardTile: 'Returns to act on',
  dashboardNote: 'Requests to decide, parcels to receive and refunds to send',
} as const

export const returnTabs = [
  'open',
  'requested',
  'approved',
  'received',
  'refunded',
  'exchanged',
  'rejected',
] as const
export type ReturnTab = (typeof returnTabs)[number]

/** Staff answer a request within two working days (the customer is told so): older ones stand out. */
const replyWithinMs = 2 * 24 * 3600_000

export function statusTone(status: ReturnStatus): 'green' | 'amber' | 'red' | 'grey' | 'blue' {
  if (status === 'requested') return 'amber'
  if (status === 'approved') return 'blue'
  if (status === 'received') return 'amber'
  if (status === 'refunded' || status === 'exchanged') return 'green'
  return 'grey'
}

/** The badge of a request: what its status asks of staff; a received exchange asks for its replacement first. */
export function ReturnStatusBadge({ r }: { r: Pick<AdminReturnView, 'status' | 'resolution' | 'exchange'> }) {
  const text =
    r.status === 'received' && r.resolution === 'exchange'
      ? r.exchange?.replacement
        ? 'To refund the difference'
        : 'To send the replacement'
      : returnsConsoleText.status[r.status]
  return <Badge tone={statusTone(r.status)}>{text}</Badge>
}

/** What the customer asked for, in a few words: 'Refund', 'Store credit', 'Exchange'. */
export const resolutionText = (r: Pick<AdminReturnView, 'resolution'>) =>
  r.resolution === 'credit' ? 'Store credit' : r.resolution === 'exchange' ? 'Exchange' : 'Refund'

/** How long ago the customer asked: 'under an hour', '5 hours', '3 days'. */
export function ageText(iso: string, now = Date.now()): string {
  const ms = Math.max(0, now - new Date(iso).getTime())
  const hours = Math.floor(ms / 3600_000)
  if (hours < 1) return 'under an hour'
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`
  const days = Math.floor(hours / 24)
  return days === 1 ? '1 day' : `${days} days`
}

/** A request still waiting for an answer after two days: the customer was promised one by then. */
export const overdue = (r: Pick<AdminReturnView, 'status' | 'createdAt'>, now = Date.now()) =>
  r.status === 'requested' && now - new Date(r.createdAt).getTime() > replyWithinMs

export function AgeBadge({ r }: { r: Pick<AdminReturnView, 'status' | 'createdAt'> }) {
  const late = overdue(r)
  return (
    <span className={`text-sm ${late ? 'font-semibold text-red-800' : 'text-ink/75'}`}>
      {late ? `Waiting ${ageText(r.createdAt)}: reply today` : `Asked ${ageText(r.createdAt)} ago`}
    </span>
  )
}

export const paise = (amount: number) => formatPaise(amount)

export const paidOnline = (r: Pick<AdminReturnView, 'paymentMethod'>) => r.paymentMethod !== codMethod

export const paymentText = (r: Pick<AdminReturnView, 'paymentMethod'>) =>
  paidOnline(r) ? `Paid online (${r.paymentMethod})` : 'Cash on delivery'

/** The rule a line was judged by, as it stood when the customer asked, in staff's words. */
export function ruleText(rule: ReturnRule): string {
  if (!rule.returnable)
    return `Not returnable; taken back only if damaged, wrong or not as described, within ${rule.windowDays} days of delivery`
  return [
    `Returnable within ${rule.windowDays} days of delivery`,
    rule.returnShipping === 'shop'
      ? 'the shop pays the return parcel'
      : 'the customer pays the return parcel',
    rule.restockingFeePercent > 0
      ? `${rule.restockingFeePercent}% restocking fee if they changed their mind`
      : 'no restocking fee',
  ].join('; ')
}

/**
 * A row of photos; a tap opens one large, with the others a tap away. `label` names them for screen
 * readers ('Customer’s photo').
 */
export function PhotoStrip({
  photos,
  label,
  size = 'large',
}: {
  photos: string[]
  label: string
  size?: 'small' | 'large'
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const [shown, setShown] = useState(0)
  const titleId = useId()
  if (photos.length === 0) return null
  const open = (i: number) => {
    setShown(i)
    ref.current?.showModal()
  }
  const thumb = size === 'small' ? 'size-16' : 'size-24'
  return (
    <>
      <ul className="flex flex-wrap gap-2">
        {photos.map((p, i) => (
          <li key={p}>
            <button
              type="button"
              onClick={() => open(i)}
              aria-label={`${label} ${i + 1} of ${photos.length}: enlarge`}
              className="block rounded border border-brand-200 hover:border-brand-600"
            >
              <img src={imageAt(p, 200)} alt="" className={`${thumb} rounded object-cover`} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        className="m-auto max-h-[calc(100dvh-1rem)] w-[min(48rem,calc(100vw-1rem))] rounded-lg border border-brand-200 bg-white p-3 shadow-xl backdrop:bg-black/70"
        onClick={(e) => {
          // A tap on the dark backdrop around the photo closes it.
          if (e.target === e.currentTarget) ref.current?.close()
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') setShown((n) => (n + 1) % photos.length)
          if (e.key === 'ArrowLeft') setShown((n) => (n - 1 + photos.length) % photos.length)
        }}
      >
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id={titleId} className="font-semibold text-brand-800">
            {label} {shown + 1} of {photos.length}
          </h2>
          <Button small onClick={() => ref.current?.close()}>
            Close
          </Button>
        </div>
        <img
          src={imageAt(photos[shown], 800)}
          alt={`${label} ${shown + 1} of ${photos.length}`}
          className="mx-auto max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded object-contain"
        />
        {photos.length > 1 ? (
          <div className="mt-2 flex justify-between gap-2">
            <Button small onClick={() => setShown((n) => (n - 1 + photos.length) % photos.length)}>
              ← Previous
            </Button>
            <Button small onClick={() => setShown((n) => (n + 1) % photos.length)}>
              Next →
            </Button>
          </div>
        ) : null}
      </dialog>
    </>
  )
}
