import { describe, expect, it } from 'vitest'
import {
  canMovePayment,
  customerMayCancel,
  fulfilmentRefusal,
  fulfilmentStatuses,
  nextFulfilmentStatuses,
  type PaymentStatus,
  paymentStatuses,
} from '../../../contracts/order-states.ts'

/** Every pair of fulfilment statuses, for a paid and for an unpaid order, against the one table. */
const allowedWhenPaid: Record<string, string[]> = {
  Pending: ['Processing', 'Shipped', 'Cancelled'],
  Processing: ['Shipped', 'Cancelled'],
  Shipped: ['Out for delivery', 'Delivered'],
  'Out for delivery': ['Delivered'],
  Delivered: [],
  Cancelled: [],
  'Returned to origin': [],
}

describe('fulfilment moves', () => {
  for (const from of fulfilmentStatuses) {
    for (const to of fulfilmentStatuses) {
      const paidOk = allowedWhenPaid[from]!.includes(to)
      it(`${from} → ${to} is ${paidOk ? 'allowed' : 'refused'} for a paid order`, () => {
        expect(fulfilmentRefusal({ status: from, paymentStatus: 'Paid' }, to) === null).toBe(paidOk)
      })
      // Unpaid: only a cancel may happen; nothing is packed, shipped or delivered before payment.
      const unpaidOk = paidOk && to === 'Cancelled'
      it(`${from} → ${to} is ${unpaidOk ? 'allowed' : 'refused'} for an order awaiting payment`, () => {
        expect(fulfilmentRefusal({ status: from, paymentStatus: 'Pending' }, to) === null).toBe(unpaidOk)
      })
    }
  }

  it('says why an unpaid order cannot ship', () => {
    expect(fulfilmentRefusal({ status: 'Pending', paymentStatus: 'Failed' }, 'Shipped')).toBe(
      'This order is not paid (payment failed), so it cannot be marked Shipped.',
    )
    expect(fulfilmentRefusal({ status: 'Pending', paymentStatus: 'Paid' }, 'Delivered')).toBe(
      'An order that is Pending can only move to Processing, Shipped, Cancelled.',
    )
  })

  it('offers staff only the moves they may make', () => {
    expect(nextFulfilmentStatuses({ status: 'Pending', paymentStatus: 'Pending' })).toEqual(['Cancelled'])
    expect(nextFulfilmentStatuses({ status: 'Pending', paymentStatus: 'Paid' })).toEqual([
      'Processing',
      'Shipped',
      'Cancelled',
    ])
    expect(nextFulfilmentStatuses({ status: 'Shipped', paymentStatus: 'Paid' })).toEqual([
      'Out for delivery',
      'Delivered',
    ])
    expect(nextFulfilmentStatuses({ status: 'Cancelled', paymentStatus: 'Refunded' })).toEqual([])
  })

  it('lets a customer cancel only before the order ships', () => {
    expect(customerMayCancel({ status: 'Pending', paymentStatus: 'Paid' })).toBe(true)
    expect(customerMayCancel({ status: 'Processing', paymentStatus: 'Paid' })).toBe(true)
    expect(customerMayCancel({ status: 'Shipped', paymentStatus: 'Paid' })).toBe(false)
    expect(customerMayCancel({ status: 'Delivered', paymentStatus: 'Paid' })).toBe(false)
  })
})

describe('cash on delivery', () => {
  const cod = (status: string) => ({ status, paymentStatus: 'Pay on delivery' })
  it('is packed, shipped and delivered before it is paid', () => {
    expect(nextFulfilmentStatuses(cod('Pending'))).toEqual(['Processing', 'Shipped', 'Cancelled'])
    expect(nextFulfilmentStatuses(cod('Processing'))).toEqual(['Shipped', 'Cancelled'])
    expect(nextFulfilmentStatuses(cod('Shipped'))).toEqual(['Out for delivery', 'Delivered'])
    expect(nextFulfilmentStatuses(cod('Out for delivery'))).toEqual(['Delivered'])
  })
})

describe('payment moves', () => {
  const allowed: Record<PaymentStatus, PaymentStatus[]> = {
    Pending: ['Paid', 'Failed', 'Expired'],
    'Pay on delivery': ['Paid'],
    Failed: ['Pending', 'Paid', 'Expired'],
    Expired: ['Paid'],
    Paid: ['Refund pending', 'Refunded'],
    'Refund pending': ['Refunded'],
    Refunded: [],
  }
  for (const from of paymentStatuses) {
    for (const to of paymentStatuses) {
      const ok = allowed[from].includes(to)
      it(`${from} → ${to} is ${ok ? 'allowed' : 'refused'}`, () => {
        expect(canMovePayment(from, to)).toBe(ok)
      })
    }
  }
})
