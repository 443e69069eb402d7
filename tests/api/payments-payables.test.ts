import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../server/db/ids.ts'
import { payments } from '../../server/db/schema.ts'
import { ConflictError, NotFoundError } from '../../server/http/errors.ts'
import type { PayableHandler } from '../../server/modules/payments/payables.ts'
import { checkoutResult, makeCustomer, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * A payable other than an order (decision 100), as a module registers one: here a stand-in 'donation'
 * kept in memory, so the payments module's own paths (open, verify, webhook, reconcile) are tested
 * without the giving module.
 */
type Gift = {
  id: string
  userId: string
  amount: number
  status: 'open' | 'paid' | 'failed'
  paidTimes: number
}

let app: TestApp
let asha: Person
let ravi: Person
const gifts = new Map<string, Gift>()

const handler: PayableHandler = {
  async termsFor(userId, id) {
    const gift = gifts.get(id)
    if (!gift || gift.userId !== userId) throw new NotFoundError('Donation not found.')
    if (gift.status === 'paid') throw new ConflictError('This donation is already paid.')
    return {
      amount: gift.amount,
      currency: 'INR',
      number: `D-${id.slice(0, 6)}`,
      receipt: `D-${id.slice(0, 6)}`,
    }
  },
  async onCaptured(_tx, payment) {
    const gift = gifts.get(payment.payableId!)!
    if (gift.status === 'paid') return { changed: false }
    gift.status = 'paid'
    gift.paidTimes++
    return { changed: true }
  },
  async onFailed(_tx, payment) {
    const gift = gifts.get(payment.payableId!)!
    if (gift.status === 'open') gift.status = 'failed'
  },
}

function newGift(who: Person, amount = 50_100): Gift {
  const gift: Gift = { id: newId(), userId: who.id, amount, status: 'open', paidTimes: 0 }
  gifts.set(gift.id, gift)
  return gift
}

const start = (who: Person, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/payments/payable/create', headers: who.auth, payload })
const sandbox = (who: Person, what: 'pay' | 'fail', providerOrderId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/payments/sandbox/${what}`,
    headers: who.auth,
    payload: { razorpay_order_id: providerOrderId },
  })
const confirm = (who: Person, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/payments/payable/verify', headers: who.auth, payload })

beforeAll(async () => {
  app = await createTestApp()
  app.services.payments.registerPayable('donation', handler)
  asha = await makeCustomer(app, 'Asha Verma')
  ravi = await makeCustomer(app, 'Ravi Kumar')
})
afterAll(async () => {
  await app?.cleanup()
})

describe('payments for more than orders', () => {
  it('opens a payment for the amount the payable’s module states, in the checkout’s session shape', async () => {
    const gift = newGift(asha, 101_00)
    const res = await start(asha, { purpose: 'donation', payableId: gift.id })
    expect(res.statusCode, res.body).toBe(200)
    const session = res.json()
    expect(session).toMatchObject({
      success: true,
      amount: 101_00,
      currency: 'INR',
      provider: 'sandbox',
      orderId: gift.id,
      orderID: `D-${gift.id.slice(0, 6)}`,
    })
    expect(session.id).toMatch(/^order_/)
    // Asking again reuses the same provider order.
    expect((await start(asha, { purpose: 'donation', payableId: gift.id })).json().id).toBe(session.id)
  })

  it('pays through the sandbox: verify and the webhooks apply it once', async () => {
    const gift = newGift(asha)
    const session = (await start(asha, { purpose: 'donation', payableId: gift.id })).json()
    const paid = await sandbox(asha, 'pay', session.id)
    expect(paid.statusCode, paid.body).toBe(200)
    const verified = await confirm(asha, {
      purpose: 'donation',
      payableId: gift.id,
      ...checkoutResult(paid.json()),
    })
    expect(verified.statusCode, verified.body).toBe(200)
    expect(verified.json().payment).toMatchObject({
      purpose: 'donation',
      payableId: gift.id,
      status: 'captured',
    })
    // Verifying again changes nothing.
    const again = await confirm(asha, {
      purpose: 'donation',
      payableId: gift.id,
      ...checkoutResult(paid.json()),
    })
    expect(again.statusCode).toBe(200)
    expect(gift).toMatchObject({ status: 'paid', paidTimes: 1 })
    const records = await app.services.payments.recordsFor('donation', gift.id)
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({
      purpose: 'donation',
      orderId: null,
      payableId: gift.id,
      status: 'captured',
    })
    // A paid payable is not opened again.
    expect((await start(asha, { purpose: 'donation', payableId: gift.id })).statusCode).toBe(409)
  })

  it('no one pays, verifies or opens another person’s payable', async () => {
    const gift = newGift(asha)
    expect((await start(ravi, { purpose: 'donation', payableId: gift.id })).statusCode).toBe(404)
    const session = (await start(asha, { purpose: 'donation', payableId: gift.id })).json()
    expect((await sandbox(ravi, 'pay', session.id)).statusCode).toBe(404)
    const paid = await sandbox(asha, 'pay', session.id)
    const theirs = await confirm(ravi, {
      purpose: 'donation',
      payableId: gift.id,
      ...checkoutResult(paid.json()),
    })
    expect(theirs.statusCode).toBe(400)
    // The signature of one payable does not verify another.
    const other = newGift(asha)
    const wrong = await confirm(asha, {
      purpose: 'donation',
      payableId: other.id,
      ...checkoutResult(paid.json()),
    })
    expect(wrong.statusCode).toBe(400)
  })

  it('a purpose no module has registered has nothing to pay, and an unknown one is refused', async () => {
    const booking = await start(asha, { purpose: 'booking', payableId: 'nothing' })
    expect(booking.statusCode).toBe(404)
    expect(booking.json()).toMatchObject({ success: false })
    expect((await start(asha, { purpose: 'order', payableId: 'x' })).statusCode).toBe(400)
    expect((await start(asha, { purpose: 'donation' })).statusCode).toBe(400)
  })

  it('a declined payment is handed to the payable’s module as failed, and may be retried', async () => {
    const gift = newGift(asha)
    const session = (await start(asha, { purpose: 'donation', payableId: gift.id })).json()
    expect((await sandbox(asha, 'fail', session.id)).statusCode).toBe(200)
    expect(gift.status).toBe('failed')
    const retry = (await start(asha, { purpose: 'donation', payableId: gift.id })).json()
    expect(retry.id).toBe(session.id)
  })

  it('reconciliation applies a payment whose verify and webhooks were lost, once', async () => {
    const gift = newGift(asha)
    const session = (await start(asha, { purpose: 'donation', payableId: gift.id })).json()
    await app.services.payments.sandboxPay(asha.id, session.id)
    expect(gift.status).toBe('open')
    const at = new Date(Date.now() + 16 * 60_000)
    const first = await app.services.payments.reconcile(at)
    expect(first.reconciledPaid).toBeGreaterThanOrEqual(1)
    expect(gift).toMatchObject({ status: 'paid', paidTimes: 1 })
    await app.services.payments.reconcile(new Date(at.getTime() + 30 * 60_000))
    expect(gift.paidTimes).toBe(1)
  })

  it('the database takes a payment that pays exactly one thing', async () => {
    const row = {
      userId: asha.id,
      provider: 'sandbox',
      amount: 100,
      status: 'created',
    }
    await expect(
      app.services.db
        .insert(payments)
        .values({ ...row, purpose: 'donation', providerOrderId: `order_${newId()}` }),
    ).rejects.toThrow()
    await expect(
      app.services.db
        .insert(payments)
        .values({ ...row, purpose: 'order', payableId: 'x', providerOrderId: `order_${newId()}` }),
    ).rejects.toThrow()
  })
})
