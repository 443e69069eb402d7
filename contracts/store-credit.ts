import { z } from 'zod'
import { msg } from './languages.ts'

/**
 * Store credit (decision 139): a balance in the customer's account, in paise, that a return may be refunded
 * as and an order may be paid with. Every change is a line of its ledger, with the balance it left; the
 * balance never goes below nothing, however many orders spend it at once.
 */

/** Why the balance moved: a return refunded as credit, an order paid with it, an order given it back. */
export const creditKinds = ['return', 'order', 'order-back'] as const
export type CreditKind = (typeof creditKinds)[number]

export const creditText = {
  title: msg('Store credit'),
  kind: {
    return: msg('Refund of return {label}'),
    order: msg('Paid towards order {label}'),
    'order-back': msg('Given back from order {label}'),
  } satisfies Record<CreditKind, string>,
  use: msg('Use my store credit ({amount} available)'),
  applied: msg('Store credit'),
  toPay: msg('To pay'),
  paidWith: msg('Paid with store credit'),
  none: msg('You have no store credit. A return refunded as store credit shows here, to spend at checkout.'),
  /** The checkout spent a balance the customer no longer has (another order, another tab). */
  changed: msg(
    'Your store credit is now {balance}, less than the {amount} this order uses. Please review your order and place it again.',
  ),
  tooMuch: msg('Store credit can pay at most the order’s total of {total}.'),
  notWithCod: msg(
    'Store credit pays online orders. Choose to pay online, or leave the store credit for later.',
  ),
} as const

export const creditEntrySchema = z.object({
  /** Paise: positive adds to the balance, negative spends it. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  kind: z.enum(creditKinds),
  /** The return's or the order's number. */
  label: z.string(),
  /** The order it links to, for the account page. */
  orderId: z.string().nullable(),
  at: z.string(),
})
export type CreditEntry = z.infer<typeof creditEntrySchema>

/** GET /api/v1/store-credit: the caller's balance (paise) and its ledger, newest first. */
export const storeCreditSchema = z.object({
  balance: z.number().int(),
  entries: z.array(creditEntrySchema),
})
export type StoreCredit = z.infer<typeof storeCreditSchema>

/** The payment method of an order paid wholly with store credit. */
export const creditMethod = 'Store credit'
