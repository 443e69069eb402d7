import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPaise } from '../../contracts/money.ts'
import { creditMethod, creditText, type StoreCredit } from '../../contracts/store-credit.ts'
import { orders, payments, storeCreditEntries } from '../../server/db/schema.ts'
import {
  giveStoreCredit,
  mailsTo,
  makeAdmin,
  makeCustomer,
  makeProduct,
  openPayment,
  orderPayload,
  type Person,
  payOpened,
  payOrder,
  placeOrder,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// Store credit (decision 139): a return refunded as credit, the ledger, spending it at checkout (part or
// all of an online order), giving it back, and a balance that never goes below nothing.

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

type Line = { id: string; price: number }

const statement = async (who: Person): Promise<StoreCredit> => {
  const res = await app.inject({ url: '/api/v1/store-credit', headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('private, no-store')
  return res.json().data
}

/** An online order of these lines paid partly or wholly with this much store credit (rupees). */
const orderWithCredit = (who: Person, lines: Array<{ product: Line; quantity: number }>, credit: number) =>
  placeOrder(app, who, orderPayload(who.id, lines, { storeCredit: credit }))

const rowOf = async (id: string) => (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

async function deliver(orderId: string, staff: Person) {
  for (const status of ['Processing', 'Shipped', 'Delivered']) {
    await app.services.orders.changeStatus(orderId, status, { actorId: staff.id })
  }
}

/** Asks for pieces back and takes the request through staff's steps to its refund. */
async function returnedAndRefunded(
  who: Person,
  staff: Person,
  orderId: string,
  lines: Array<{ itemId: string; quantity: number }>,
  resolution: 'refund' | 'credit',
) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/v1/returns',
    headers: who.auth,
    payload: { orderId, lines, reason: 'size', resolution },
  })
  expect(asked.statusCode, asked.body).toBe(200)
  const id = asked.json().data._id as string
  for (const [step, payload] of [
    ['approve', { method: 'send' }],
    ['receive', { resaleable: true }],
    ['refund', {}],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/returns/${id}/${step}`,
      headers: staff.auth,
      payload,
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  const res = await app.inject({ url: `/api/v1/returns/${id}`, headers: who.auth })
  return res.json().data as {
    number: string
    status: string
    refundAmount: number
    refund: { state: string; to: string; amount: number; credit: number }
  }
}

describe('store credit', () => {
  it('a return refunded as store credit adds to the balance, and pays all of one order and part of another', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const shawl = await makeProduct(app, { price: 1200_00, quantity: 5 })
    const cup = await makeProduct(app, { price: 450_00, quantity: 5 })
    const placed = await placeOrder(app, asha, orderPayload(asha.id, [{ product: shawl, quantity: 1 }]))
    expect(placed.statusCode, placed.body).toBe(201)
    const orderId = placed.json().data[0]._id as string
    await payOrder(app, asha, orderId)
    await deliver(orderId, staff)
    const [item] = await app.services.orders.lines(orderId)

    const done = await returnedAndRefunded(
      asha,
      staff,
      orderId,
      [{ itemId: item!.id, quantity: 1 }],
      'credit',
    )
    expect(done.status).toBe('refunded')
    expect(done.refund).toMatchObject({ state: 'refunded', to: 'credit', amount: 1200_00, credit: 1200_00 })
    // Nothing went back through the payment provider.
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.orderId, orderId))
    expect(payment!.refunded).toBe(0)
    expect(await statement(asha)).toEqual({
      balance: 1200_00,
      entries: [
        {
          amount: 1200_00,
          balanceAfter: 1200_00,
          kind: 'return',
          label: done.number,
          orderId,
          at: expect.any(String),
        },
      ],
    })
    const mail = (await mailsTo(app, asha.email)).find((m) => m.kind === 'return.refunded')!
    expect(mail.subject).toBe(`Refund of ₹1,200 for return ${done.number}`)
    expect(mail.text).toContain(`We have added ₹1,200 for return ${done.number} to your store credit.`)

    // ₹450 wholly paid with credit: paid as it is placed, with its invoice, and nothing to pay online.
    const whole = await orderWithCredit(asha, [{ product: cup, quantity: 1 }], 450)
    expect(whole.statusCode, whole.body).toBe(201)
    const paidOrder = whole.json().data[0]
    expect(paidOrder).toMatchObject({
      storeCredit: 450,
      totalAmount: 450,
      paymentInfo: { method: creditMethod, status: 'Paid' },
    })
    // One e-mail: paid, never 'awaiting payment'.
    const aboutWhole = (await mailsTo(app, asha.email)).filter((m) => m.subject.includes(paidOrder.orderID))
    expect(aboutWhole.map((m) => m.kind)).toEqual(['order.paid'])
    const invoice = await app.services.invoices.numbersOf([paidOrder._id])
    expect(invoice.map((d) => d.kind)).toEqual(['invoice'])
    const pay = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/create',
      headers: asha.auth,
      payload: { orderId: paidOrder._id, currency: 'INR' },
    })
    expect(pay.statusCode).toBe(409)

    // ₹1,200 with the ₹750 left: the payment window asks for ₹450 only.
    const part = await orderWithCredit(asha, [{ product: shawl, quantity: 1 }], 750)
    expect(part.statusCode, part.body).toBe(201)
    const partOrder = part.json().data[0]
    expect(partOrder.paymentInfo.status).toBe('Pending')
    const session = await openPayment(app, asha, partOrder._id)
    expect(session.amount).toBe(450_00)
    expect((await payOpened(app, asha, partOrder._id, session.id)).statusCode).toBe(200)
    expect((await statement(asha)).balance).toBe(0)

    // Cancelled: the ₹450 paid online is refunded, the ₹750 of credit comes back to the balance.
    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: partOrder._id, status: 'Cancelled' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect((await rowOf(partOrder._id)).paymentStatus).toBe('Refunded')
    const after = await statement(asha)
    expect(after.balance).toBe(750_00)
    expect(after.entries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['order-back', 750_00, 750_00],
      ['order', -750_00, 0],
      ['order', -450_00, 750_00],
      ['return', 1200_00, 1200_00],
    ])
    const cancelled = (await mailsTo(app, asha.email)).find(
      (m) => m.kind === 'order.cancelled' && m.subject.includes(partOrder.orderID),
    )!
    expect(cancelled.text).toContain('Your payment of ₹450 is being refunded')
    expect(cancelled.text).toContain('The ₹750 of store credit it used is back in your balance.')
    // The order paid wholly with credit, cancelled: the credit back, the invoice reversed, nothing to refund.
    const cancelWhole = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: paidOrder._id, status: 'Cancelled' },
    })
    expect(cancelWhole.statusCode, cancelWhole.body).toBe(200)
    expect((await rowOf(paidOrder._id)).paymentStatus).toBe('Refunded')
    expect((await app.services.invoices.numbersOf([paidOrder._id])).map((d) => d.kind).sort()).toEqual([
      'credit-note',
      'invoice',
    ])
    expect((await statement(asha)).balance).toBe(1200_00)
    // Cancelled twice gives nothing back twice.
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: partOrder._id, status: 'Cancelled' },
    })
    expect((await statement(asha)).balance).toBe(1200_00)
  })

  it('store credit spent twice at once is spent once', async () => {
    const ravi = await makeCustomer(app)
    const lamp = await makeProduct(app, { price: 500_00, quantity: 10 })
    await giveStoreCredit(app, ravi, 500_00)
    const tries = await Promise.all(
      [1, 2, 3].map(() => orderWithCredit(ravi, [{ product: lamp, quantity: 1 }], 500)),
    )
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409, 409])
    for (const refused of tries.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(
        creditText.changed.replace('{balance}', formatPaise(0)).replace('{amount}', formatPaise(500_00)),
      )
    }
    const spent = await app.database.db
      .select()
      .from(storeCreditEntries)
      .where(and(eq(storeCreditEntries.userId, ravi.id), eq(storeCreditEntries.kind, 'order')))
    expect(spent.map((e) => [e.amount, e.balanceAfter])).toEqual([[-500_00, 0]])
    expect((await statement(ravi)).balance).toBe(0)
    // Only one order was made; the refused ones kept no stock and no order.
    const mine = await app.database.db.select().from(orders).where(eq(orders.userId, ravi.id))
    expect(mine).toHaveLength(1)
  })

  it('refuses credit with cash on delivery, above the total, or beyond the balance, with a clear message', async () => {
    const meera = await makeCustomer(app)
    const bowl = await makeProduct(app, { price: 300_00, quantity: 10 })
    await giveStoreCredit(app, meera, 100_00)
    const lines = [{ product: bowl, quantity: 1 }]
    const beyond = await orderWithCredit(meera, lines, 200)
    expect(beyond.statusCode).toBe(409)
    expect(beyond.json().message).toBe(
      creditText.changed.replace('{balance}', '₹100').replace('{amount}', '₹200'),
    )
    const above = await orderWithCredit(meera, lines, 301)
    expect(above.statusCode).toBe(400)
    expect(above.json().message).toBe(creditText.tooMuch.replace('{total}', '₹300'))
    expect((await statement(meera)).balance).toBe(100_00)
    const none = await makeCustomer(app)
    expect(await statement(none)).toEqual({ balance: 0, entries: [] })
    expect((await app.inject({ url: '/api/v1/store-credit' })).statusCode).toBe(401)
  })

  it('a return of an order partly paid with credit sends money back first, up to what was paid, then credit', async () => {
    const staff = await makeAdmin(app)
    const kiran = await makeCustomer(app)
    const plate = await makeProduct(app, { price: 500_00, quantity: 10 })
    await giveStoreCredit(app, kiran, 300_00)
    const placed = await orderWithCredit(kiran, [{ product: plate, quantity: 2 }], 300)
    expect(placed.statusCode, placed.body).toBe(201)
    const orderId = placed.json().data[0]._id as string
    await payOrder(app, kiran, orderId)
    await deliver(orderId, staff)
    const [item] = await app.services.orders.lines(orderId)
    const first = await returnedAndRefunded(
      kiran,
      staff,
      orderId,
      [{ itemId: item!.id, quantity: 1 }],
      'refund',
    )
    expect(first.refund).toMatchObject({ to: 'source', amount: 500_00, credit: 0 })
    const second = await returnedAndRefunded(
      kiran,
      staff,
      orderId,
      [{ itemId: item!.id, quantity: 1 }],
      'refund',
    )
    expect(second.refund).toMatchObject({ to: 'source', amount: 500_00, credit: 300_00 })
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.orderId, orderId))
    expect(payment!.refunded).toBe(700_00)
    expect((await statement(kiran)).balance).toBe(300_00)
    const mail = (await mailsTo(app, kiran.email)).filter((m) => m.kind === 'return.refunded').at(-1)!
    expect(mail.text).toContain(`We have refunded ₹200 for return ${second.number}`)
    expect(mail.text).toContain('₹300 of the refund is back in your store credit')
  })
})
