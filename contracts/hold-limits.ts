import { msg } from './languages.ts'

/**
 * What one account may hold at once (docs/decisions/110): staff set the limits in the console's Settings,
 * orders, cash on delivery, seva bookings and coupons keep to them. No zod here, so a page that names a
 * rule does not ship it; the console's schemas are in admin-hold-limits.ts.
 */

/** Who may place a cash-on-delivery order when they have no paid or delivered order yet. */
export const codFirstOrderRules = ['anyone', 'confirmed-email', 'paid-history'] as const
export type CodFirstOrderRule = (typeof codFirstOrderRules)[number]

export type HoldLimits = {
  /** Online orders awaiting payment (within their reservation) one account may have. */
  maxUnpaidOrders: number
  /** Pieces one account's unpaid orders (online and cash on delivery) may hold, the new order counted. */
  maxHeldPieces: number
  /** Cash-on-delivery orders placed and not yet delivered or cancelled, per account. */
  maxOpenCodOrders: number
  /** The same, per delivery phone number (its 10 digits), whichever accounts placed them. */
  maxOpenCodPerPhone: number
  codFirstOrder: CodFirstOrderRule
  /** Seva bookings awaiting payment (within their hold) one account may have. */
  maxUnpaidSevaBookings: number
  /** Uses of one limited coupon that one account's unpaid orders may hold. */
  maxHeldCouponUses: number
}

/** The defaults of migration 0024, used while the settings row does not exist yet. */
export const defaultHoldLimits: HoldLimits = {
  maxUnpaidOrders: 2,
  maxHeldPieces: 10,
  maxOpenCodOrders: 1,
  maxOpenCodPerPhone: 1,
  codFirstOrder: 'confirmed-email',
  maxUnpaidSevaBookings: 2,
  maxHeldCouponUses: 1,
}

/** The range staff may set each count to: at least one (none would stop the sale itself), at most a sane few. */
export const holdLimitBounds = {
  maxUnpaidOrders: { min: 1, max: 20 },
  maxHeldPieces: { min: 1, max: 1000 },
  maxOpenCodOrders: { min: 1, max: 20 },
  maxOpenCodPerPhone: { min: 1, max: 20 },
  maxUnpaidSevaBookings: { min: 1, max: 20 },
  maxHeldCouponUses: { min: 1, max: 20 },
} as const satisfies Record<Exclude<keyof HoldLimits, 'codFirstOrder'>, { min: number; max: number }>

/**
 * A phone number as the limits compare it: its last 10 digits, so '+91 98765 43210', '09876543210' and
 * '9876543210' are one number.
 */
export const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10)

/**
 * Why a customer cannot hold more, with what to do about it; ICU messages, formatted in the customer's
 * language by the server (`count`, `limit`, `held` are numbers).
 */
export const holdMessages = {
  unpaidOrders: msg(
    'You already have {count, plural, one {# order waiting for payment. Pay for it or cancel it} other {# orders waiting for payment. Pay for one of them or cancel it}} (My Orders) before placing another.',
  ),
  piecesInOrder: msg(
    'One unpaid order may hold at most {limit, plural, one {# piece} other {# pieces}}, and this one has {count}. Please order fewer pieces now, and the rest once this order is paid.',
  ),
  heldPieces: msg(
    'Your unpaid orders already hold {held, plural, one {# piece} other {# pieces}}, and one account may hold at most {limit} at once. Pay for an order or cancel it (My Orders), or order fewer pieces.',
  ),
  openCod: msg(
    '{count, plural, one {You already have an order to pay on delivery that has not been delivered yet. Please pay online for this order, or wait until that order is delivered or cancel it (My Orders).} other {You already have # orders to pay on delivery that have not been delivered yet. Please pay online for this order, or wait until one of them is delivered or cancel it (My Orders).}}',
  ),
  codPhone: msg(
    '{count, plural, one {An order to pay on delivery to this phone number is} other {# orders to pay on delivery to this phone number are}} already waiting to be delivered. Please pay online for this order.',
  ),
  codPhoneBlocked: msg(
    'Cash on delivery is not available for this phone number, as earlier parcels to it came back. Please pay online for this order.',
  ),
  codConfirmEmail: msg(
    'Confirm your e-mail address from the link we sent you to pay on delivery, or pay online.',
  ),
  codPaidHistory: msg(
    'Cash on delivery is for customers who have had an order paid or delivered. Please pay online for this order.',
  ),
  unpaidBookings: msg(
    'You already have {count, plural, one {# seva booking waiting for payment. Pay for it or cancel it} other {# seva bookings waiting for payment. Pay for one of them or cancel it}} (My Sevas) before booking another.',
  ),
  couponHeld: msg(
    '{count, plural, one {An order of yours waiting for payment already uses this coupon. Pay for it or cancel it} other {# of your orders waiting for payment already use this coupon. Pay for one of them or cancel it}} (My Orders) before using the coupon again.',
  ),
} as const
