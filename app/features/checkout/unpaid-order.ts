import type { Order } from '../../../contracts/orders.ts'
import type { PlaceOrderBody } from '../../lib/checkout-api.ts'
import { readStorage, removeStorage, writeStorage } from '../../lib/session.ts'
import { emptyShippingForm, type ShippingForm } from './validate.ts'

/**
 * Not a spec key: the order this browser placed and has not paid yet, so 'Try again' and the next
 * visit pay that order instead of placing a second one (docs/decisions/045).
 */
export const unpaidOrderKey = 'unpaidOrder'

export type KeptOrder = { id: string; orderID: string; userId: string }

export function keepUnpaidOrder(kept: KeptOrder) {
  writeStorage(unpaidOrderKey, JSON.stringify(kept))
}

/** The kept unpaid order of this customer, or null (another customer's is forgotten). */
export function keptUnpaidOrder(userId: string | null): KeptOrder | null {
  const raw = readStorage(unpaidOrderKey)
  if (!raw) return null
  try {
    const kept = JSON.parse(raw) as Partial<KeptOrder>
    if (kept.userId === userId && typeof kept.id === 'string' && typeof kept.orderID === 'string') {
      return kept as KeptOrder
    }
  } catch {
    // An unreadable entry is dropped below.
  }
  removeStorage(unpaidOrderKey)
  return null
}

export function forgetUnpaidOrder() {
  removeStorage(unpaidOrderKey)
}

/** Still payable: not cancelled or expired, not paid, and within its reservation. */
export function awaitingPayment(order: Order, now = Date.now()): boolean {
  const payment = order.paymentInfo.status
  return (
    order.status === 'Pending' &&
    (payment === 'Pending' || payment === 'Failed') &&
    (!order.reservedUntil || Date.parse(order.reservedUntil) > now)
  )
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().replace(/\s+/g, ' ').toLowerCase() === (b ?? '').trim().replace(/\s+/g, ' ').toLowerCase()

const shippingFields = [
  'firstName',
  'lastName',
  'email',
  'address',
  'apartment',
  'city',
  'state',
  'postalCode',
  'phoneNumber',
] as const

/** Whether a checkout about to be placed is the kept order again: same lines, coupon and address. */
export function isSameOrder(body: PlaceOrderBody, order: Order): boolean {
  const lines = (list: Array<{ id: string; quantity: number }>) => {
    const merged = new Map<string, number>()
    for (const l of list) merged.set(l.id, (merged.get(l.id) ?? 0) + l.quantity)
    return [...merged].sort(([a], [b]) => (a < b ? -1 : 1)).join(';')
  }
  const wanted = lines(body.products.map((p) => ({ id: p.productId, quantity: p.quantity })))
  const held = lines(order.products.map((p) => ({ id: p.product._id, quantity: p.quantity })))
  return (
    wanted === held &&
    same(body.couponCode, order.couponCode) &&
    // An order kept from before store credit has none.
    (body.storeCredit ?? 0) === (order.storeCredit ?? 0) &&
    shippingFields.every((f) => same(body.shippingInfo[f], order.shippingInfo[f]))
  )
}

/** The checkout form as the kept order was placed. */
export function formFromOrder(order: Order): ShippingForm {
  const s = order.shippingInfo
  return {
    ...emptyShippingForm,
    firstName: s.firstName ?? '',
    lastName: s.lastName ?? '',
    email: s.email ?? '',
    address: s.address,
    apartment: s.apartment ?? '',
    city: s.city,
    state: s.state,
    postalCode: s.postalCode,
    country: 'India',
    phoneNumber: s.phoneNumber,
  }
}
