import { describe, expect, it } from 'vitest'
import type { Order } from '../../../contracts/orders.ts'
import type { PlaceOrderBody } from '../../lib/checkout-api.ts'
import { awaitingPayment, formFromOrder, isSameOrder } from './unpaid-order.ts'

const order = {
  _id: 'o1',
  orderID: 'KS-2026-000001',
  status: 'Pending',
  couponCode: null,
  reservedUntil: new Date(Date.now() + 60_000).toISOString(),
  paymentInfo: { method: 'Credit Card', status: 'Failed' },
  products: [{ _id: 'i1', product: { _id: 'p1', title: 'Saree', image: null }, quantity: 2, price: 100 }],
  shippingInfo: {
    firstName: 'Priya',
    lastName: 'Sharma',
    email: 'priya@example.in',
    address: '22 Civil Lines',
    apartment: null,
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    postalCode: '226001',
    country: 'INDIA',
    phoneNumber: '9829012345',
    shippingLink: null,
  },
} as unknown as Order

const body = (over: Partial<PlaceOrderBody['shippingInfo']> = {}, quantity = 2): PlaceOrderBody => ({
  customerId: 'u1',
  products: [{ productId: 'p1', quantity, price: 100 }],
  totalAmount: 200 * quantity,
  shippingInfo: { ...formFromOrder(order), country: 'Country', ...over },
  paymentInfo: { method: 'Credit Card', status: 'Pending' },
})

describe('the kept unpaid order', () => {
  it('is the same order when the lines, coupon and address are (case and spaces aside)', () => {
    expect(isSameOrder(body(), order)).toBe(true)
    expect(isSameOrder(body({ address: ' 22  civil lines ' }), order)).toBe(true)
    expect(isSameOrder(body({ address: '8 Banjara Hills Road' }), order)).toBe(false)
    expect(isSameOrder(body({}, 3), order)).toBe(false)
    expect(isSameOrder({ ...body(), couponCode: 'WELCOME10' }, order)).toBe(false)
    // Store credit spent differently is another order (decision 139).
    expect(isSameOrder({ ...body(), storeCredit: 150 }, order)).toBe(false)
    expect(isSameOrder({ ...body(), storeCredit: 150 }, { ...order, storeCredit: 150 })).toBe(true)
  })
  it('is payable while pending or failed within its reservation', () => {
    expect(awaitingPayment(order)).toBe(true)
    expect(awaitingPayment({ ...order, paymentInfo: { method: 'Credit Card', status: 'Paid' } })).toBe(false)
    expect(awaitingPayment({ ...order, status: 'Cancelled' })).toBe(false)
    expect(awaitingPayment(order, Date.now() + 120_000)).toBe(false)
  })
})
