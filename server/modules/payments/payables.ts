import type { Tx } from '../../db/client.ts'
import type { PaymentRow } from './repo.ts'
import type { PaymentPurpose } from './tables.ts'

/**
 * What a module tells the payments module about one of its payables before a payment opens: the
 * amount the server holds (paise), its currency, the number the customer knows it by and the short
 * reference the provider keeps (at most 40 characters, as Razorpay's `receipt`).
 */
export type PayableTerms = {
  /** The payable's own id, when the caller may name it otherwise (an order by its number). */
  id?: string
  amount: number
  currency: 'INR'
  number: string
  receipt: string
  notes?: Record<string, string>
}

/** What a captured payment did to its payable: whether anything changed, and work for after the commit. */
export type CaptureEffect = { changed: boolean; after?: () => Promise<void> }

/**
 * A kind of thing a payment can pay (decision 100). The payments module opens, verifies and captures
 * payments and dispatches here; the module that owns the payable decides what paying it means.
 */
export type PayableHandler = {
  /**
   * The terms of the caller's own payable, ready to be paid now: throws NotFoundError when it is not
   * the caller's (or does not exist) and ConflictError when it cannot be paid (already paid, cancelled).
   */
  termsFor(userId: string, payableId: string): Promise<PayableTerms>
  /** Money was received (amount and currency already checked): applied once, inside the capture's lock. */
  onCaptured(tx: Tx, payment: PaymentRow): Promise<CaptureEffect>
  /** Every attempt so far failed (a decline or the provider's payment.failed event). */
  onFailed(tx: Tx, payment: PaymentRow): Promise<void>
}

export type PayableRegistry = Map<PaymentPurpose, PayableHandler>

/** The id of the thing a payment pays, whichever column holds it. */
export const payableIdOf = (payment: Pick<PaymentRow, 'purpose' | 'orderId' | 'payableId'>): string =>
  (payment.purpose === 'order' ? payment.orderId : payment.payableId) ?? ''
