import { z } from 'zod'
import { codFirstOrderRules, holdLimitBounds } from './hold-limits.ts'

/** The console's 'Limits per customer' (docs/decisions/110): /api/v1/admin/settings/limits, body and answer. */

const count = (name: keyof typeof holdLimitBounds) => {
  const { min, max } = holdLimitBounds[name]
  const words = `must be a whole number from ${min} to ${max}`
  return z.number({ error: words }).int(words).min(min, words).max(max, words)
}

export const holdLimitsBody = z.object({
  maxUnpaidOrders: count('maxUnpaidOrders'),
  maxHeldPieces: count('maxHeldPieces'),
  maxOpenCodOrders: count('maxOpenCodOrders'),
  maxOpenCodPerPhone: count('maxOpenCodPerPhone'),
  codFirstOrder: z.enum(codFirstOrderRules, { error: `must be one of ${codFirstOrderRules.join(', ')}` }),
  maxUnpaidSevaBookings: count('maxUnpaidSevaBookings'),
  maxHeldCouponUses: count('maxHeldCouponUses'),
})
export type HoldLimitsInput = z.input<typeof holdLimitsBody>

export const holdLimitsSchema = z.object({
  maxUnpaidOrders: z.number().int(),
  maxHeldPieces: z.number().int(),
  maxOpenCodOrders: z.number().int(),
  maxOpenCodPerPhone: z.number().int(),
  codFirstOrder: z.enum(codFirstOrderRules),
  maxUnpaidSevaBookings: z.number().int(),
  maxHeldCouponUses: z.number().int(),
})

/** What each setting means, as the console's form labels and explains it. */
export const holdLimitWords = {
  maxUnpaidOrders: {
    label: 'Online orders awaiting payment',
    help: 'How many unpaid online orders one account may have at once; each holds its pieces until paid or until its reservation lapses.',
  },
  maxHeldPieces: {
    label: 'Pieces held by unpaid orders',
    help: 'How many pieces one account’s unpaid orders (online and cash on delivery) may hold at once, the new order counted.',
  },
  maxOpenCodOrders: {
    label: 'Cash-on-delivery orders not yet delivered, per account',
    help: 'A COD order holds its pieces until it is delivered or cancelled.',
  },
  maxOpenCodPerPhone: {
    label: 'Cash-on-delivery orders not yet delivered, per phone number',
    help: 'Counted over all accounts by the delivery phone’s 10 digits, so a new account does not get around it.',
  },
  codFirstOrder: {
    label: 'Who may place a first cash-on-delivery order',
    help: 'Customers with an order paid or delivered may always choose COD.',
  },
  maxUnpaidSevaBookings: {
    label: 'Seva bookings awaiting payment',
    help: 'Each holds a place of its day until paid or until its hold lapses.',
  },
  maxHeldCouponUses: {
    label: 'Uses of one limited coupon held by unpaid orders',
    help: 'For coupons with a total number of uses: how many of them one account’s unpaid orders may hold.',
  },
} as const

export const codFirstOrderWords: Record<(typeof codFirstOrderRules)[number], string> = {
  anyone: 'Anyone signed in',
  'confirmed-email': 'Customers who confirmed their e-mail address',
  'paid-history': 'Only customers with an order paid or delivered',
}
