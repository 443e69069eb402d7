import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TaxedLine } from '../../contracts/gst.ts'
import { invoices, orders, payments, shipments } from '../../server/db/schema.ts'
import { checkoutToApi } from '../../server/modules/payments/api-fields.ts'
import {
  freshPhone,
  mailsTo,
  makeAdmin,
  makeCustomer,
  makeProduct,
  makeProductWithVariants,
  orderPayload,
  type Person,
  payOrder,
  placeOrder,
  shipping,
  variantStockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// Exchanges (decision 140): a delivered piece asked back for another variant of the same product. The new
// piece is taken from stock when staff approve, a dearer one is paid for from the order page, the replacement
// ships as a second parcel of the same order with its own invoice, and a cheaper one's difference is refunded.

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

type Variant = { id: string; price: number }

/** A product's variants in their order, each one there (the factory made them all). */
const sizesOf = (k: { variants: Variant[] }) => {
  const [a, b, c] = k.variants
  return [a!, b!, c ?? a!] as const
}

/** A kurta in sizes: each size's price (paise) and pieces on the shelf. */
const kurta = (sizes: Array<[string, number, number]>) =>
  makeProductWithVariants(app, {
    options: [{ name: 'Size', values: sizes.map(([s]) => s) }],
    variants: sizes.map(([s, price, quantity]) => ({ values: [s], price, quantity })),
  })

/** One piece of a variant ordered (paid online unless the payment says otherwise) and delivered; its line's id. */
async function delivered(
  who: Person,
  staff: Person,
  productId: string,
  v: Variant,
  extra: Record<string, unknown> = {},
) {
  const base = orderPayload(who.id, [{ product: { id: productId, price: v.price }, quantity: 1 }], extra)
  // A product without options is its own only piece: no variant named.
  const res = await placeOrder(app, who, {
    ...base,
    products: base.products.map((p) => (v.id === productId ? p : { ...p, variantId: v.id })),
  })
  expect(res.statusCode, res.body).toBe(201)
  const order = res.json().data[0] as { _id: string; paymentInfo: { method: string } }
  if (order.paymentInfo.method !== 'COD') await payOrder(app, who, order._id)
  for (const status of ['Processing', 'Shipped', 'Delivered']) {
    await app.services.orders.changeStatus(order._id, status, { actorId: staff.id })
  }
  const [line] = await app.services.orders.lines(order._id)
  return { orderId: order._id, itemId: line!.id }
}

const ask = (who: Person, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/returns', headers: who.auth, payload: body })

/** One piece of an order line asked back, as not fitting, for another variant; the request as made. */
async function askExchange(who: Person, orderId: string, itemId: string, exchangeFor: string) {
  const res = await ask(who, {
    orderId,
    lines: [{ itemId, quantity: 1, exchangeFor }],
    reason: 'size',
    resolution: 'exchange',
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

const staffCall = (who: Person, url: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/returns${url}`, headers: who.auth, payload })

const openPayable = (who: Person, returnId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/payable/create',
    headers: who.auth,
    payload: { purpose: 'exchange', payableId: returnId },
  })

/** Pays an exchange's difference the way the order page does: open, the sandbox window's Pay, verify. */
async function payDifference(who: Person, returnId: string) {
  const session = await openPayable(who, returnId)
  expect(session.statusCode, session.body).toBe(200)
  const paid = await app.services.payments.sandboxPay(who.id, session.json().id)
  const verify = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/payable/verify',
    headers: who.auth,
    payload: { purpose: 'exchange', payableId: returnId, ...checkoutToApi(paid.result) },
  })
  expect(verify.statusCode, verify.body).toBe(200)
  return session.json() as { amount: number }
}

const documentsOf = (returnId: string) =>
  app.database.db.select().from(invoices).where(eq(invoices.returnId, returnId))

describe('an exchange for another size', () => {
  it('a dearer size is set aside at approval, paid for, sent as a second parcel of the order with its own invoice', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const other = await makeCustomer(app)
    const k = await kurta([
      ['M', 1499_00, 3],
      ['L', 1699_00, 1],
    ])
    const [m, l] = sizesOf(k)
    const { orderId, itemId } = await delivered(asha, staff, k.id, m)

    const options = await app.inject({
      url: `/api/v1/returns/options?orderId=${orderId}`,
      headers: asha.auth,
    })
    expect(options.json().data.lines[0]).toMatchObject({
      price: 1499_00,
      exchangeTo: [
        { variantId: m.id, title: 'M', price: 1499_00, available: 2 },
        { variantId: l.id, title: 'L', price: 1699_00, available: 1 },
      ],
    })

    const res = await ask(asha, {
      orderId,
      lines: [{ itemId, quantity: 1, exchangeFor: l.id }],
      reason: 'size',
      resolution: 'exchange',
    })
    expect(res.statusCode, res.body).toBe(200)
    const made = res.json().data
    expect(made).toMatchObject({
      resolution: 'exchange',
      goodsAmount: 1499_00,
      restockingFee: 0,
      refundAmount: 0,
      lines: [{ quantity: 1, exchange: { variantId: l.id, variantTitle: 'L', price: 1699_00 } }],
      exchange: { due: 200_00, paid: false, back: 0, replacement: null, invoice: null },
    })
    // Nothing is taken before staff approve, nothing paid, nothing sent.
    expect(await variantStockOf(app, l.id)).toBe(1)
    expect((await openPayable(asha, made._id)).statusCode).toBe(409)
    expect((await staffCall(staff, `/${made._id}/send-replacement`)).statusCode).toBe(409)

    const approved = await staffCall(staff, `/${made._id}/approve`, { method: 'send' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(await variantStockOf(app, l.id)).toBe(0)
    const approvedMail = (await mailsTo(app, asha.email)).find(
      (x) => x.subject === `Return ${made.number} approved`,
    )
    expect(approvedMail?.text).toContain('The new choice costs ₹200 more: please pay it from your order page')

    const unpaid = await staffCall(staff, `/${made._id}/send-replacement`)
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().message).toBe('Waiting for the customer to pay ₹200')
    // Another customer's request is not theirs to pay.
    expect((await openPayable(other, made._id)).statusCode).toBe(404)

    const session = await payDifference(asha, made._id)
    expect(session.amount).toBe(200_00)
    const view = await app.inject({ url: `/api/v1/returns/${made._id}`, headers: asha.auth })
    expect(view.json().data.exchange).toMatchObject({ due: 200_00, paid: true })
    expect((await openPayable(asha, made._id)).statusCode).toBe(409)

    const sent = await staffCall(staff, `/${made._id}/send-replacement`)
    expect(sent.statusCode, sent.body).toBe(200)
    const after = sent.json().data
    expect(after.status).toBe('approved')
    expect(after.exchange.replacement).toMatchObject({ awb: expect.any(String), courier: expect.any(String) })
    expect(after.events.map((e: { status: string }) => e.status)).toEqual([
      'requested',
      'approved',
      'exchanged',
    ])
    // A second parcel of the same order, prepaid, under the request; the order stays delivered.
    const parcels = await app.database.db.select().from(shipments).where(eq(shipments.orderId, orderId))
    expect(parcels).toHaveLength(1)
    expect(parcels[0]).toMatchObject({
      returnId: made._id,
      codAmount: 0,
      state: 'booked',
      awb: after.exchange.replacement.awb,
    })
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order!.status).toBe('Delivered')
    // The replacement's invoice: the L at its price, in the invoices' series.
    const [invoice] = (await documentsOf(made._id)).filter((d) => d.kind === 'invoice')
    expect(invoice).toMatchObject({ number: after.exchange.invoice, total: 1699_00 })
    expect((invoice!.lines as TaxedLine[]).map((x) => [x.description, x.quantity])).toEqual([
      [`${k.title} (L)`, 1],
    ])
    // A second press books nothing more.
    expect((await staffCall(staff, `/${made._id}/send-replacement`)).statusCode).toBe(409)
    const pdf = await app.inject({ url: `/api/v1/returns/${made._id}/invoice`, headers: asha.auth })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toContain('application/pdf')
    expect(
      (await app.inject({ url: `/api/v1/returns/${made._id}/invoice`, headers: other.auth })).statusCode,
    ).toBe(404)
    const shippedMail = (await mailsTo(app, asha.email)).find(
      (x) => x.subject === `Return ${made.number}: your replacement is on its way`,
    )
    expect(shippedMail?.text).toContain(`tracking number ${after.exchange.replacement.awb}`)

    // The M comes back fit to sell: into stock, its supply reversed by a credit note; the exchange is done.
    const received = await staffCall(staff, `/${made._id}/receive`, { resaleable: true })
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json().data.status).toBe('exchanged')
    expect(await variantStockOf(app, m.id)).toBe(3)
    const [note] = (await documentsOf(made._id)).filter((d) => d.kind === 'credit-note')
    expect(note).toMatchObject({ number: received.json().data.creditNote, total: 1499_00 })
    expect((await staffCall(staff, `/${made._id}/refund`)).statusCode).toBe(409)
    const open = await app.inject({ url: '/api/v1/admin/returns', headers: staff.auth })
    expect(open.json().data.returns.map((r: { _id: string }) => r._id)).not.toContain(made._id)
  })

  it('a cheaper size refunds the difference to the payment once the replacement is sent', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const k = await kurta([
      ['S', 1299_00, 2],
      ['M', 1499_00, 2],
    ])
    const [s, m] = sizesOf(k)
    const { orderId, itemId } = await delivered(asha, staff, k.id, m)
    const res = await ask(asha, {
      orderId,
      lines: [{ itemId, quantity: 1, exchangeFor: s.id }],
      reason: 'size',
      resolution: 'exchange',
    })
    expect(res.statusCode, res.body).toBe(200)
    const made = res.json().data
    expect(made).toMatchObject({ refundAmount: 200_00, exchange: { due: 0, back: 200_00 } })
    expect((await openPayable(asha, made._id)).statusCode).toBe(409)

    expect((await staffCall(staff, `/${made._id}/approve`, { method: 'pickup' })).statusCode).toBe(200)
    expect(await variantStockOf(app, s.id)).toBe(1)
    const received = await staffCall(staff, `/${made._id}/receive`, { resaleable: false, note: 'Worn' })
    expect(received.json().data.status).toBe('received')
    const early = await staffCall(staff, `/${made._id}/refund`)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('Send the replacement first; then refund the difference.')

    const sent = await staffCall(staff, `/${made._id}/send-replacement`)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().data.status).toBe('received')
    const refunded = await staffCall(staff, `/${made._id}/refund`)
    expect(refunded.statusCode, refunded.body).toBe(200)
    expect(refunded.json().data).toMatchObject({
      status: 'exchanged',
      refund: { state: 'refunded', to: 'source', amount: 200_00 },
    })
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'order')))
    expect(payment!.refunded).toBe(200_00)
    // One credit note (the M back, ₹1,499) and one invoice (the S sent, ₹1,299).
    const docs = await documentsOf(made._id)
    expect(docs.map((d) => [d.kind, d.total]).sort()).toEqual([
      ['credit-note', 1499_00],
      ['invoice', 1299_00],
    ])
  })

  it('is refused without a choice, for another product, for a size not in stock, and where the rule offers none', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const k = await kurta([
      ['M', 1499_00, 2],
      ['XL', 1499_00, 0],
    ])
    const elsewhere = await kurta([['M', 1499_00, 2]])
    const [m, xl] = sizesOf(k)
    const { orderId, itemId } = await delivered(asha, staff, k.id, m)
    const exchange = (exchangeFor?: string) =>
      ask(asha, {
        orderId,
        lines: [{ itemId, quantity: 1, ...(exchangeFor ? { exchangeFor } : {}) }],
        reason: 'size',
        resolution: 'exchange',
      })

    const none = await exchange()
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe(`Choose what you would like instead of ${k.title} (M).`)
    const foreign = await exchange(elsewhere.variants[0]!.id)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toBe(
      `Choose one of the options of ${k.title}: an exchange is for the same piece.`,
    )
    const soldOut = await exchange(xl.id)
    expect(soldOut.statusCode).toBe(409)
    expect(soldOut.json().message).toBe(
      `Only 0 of ${k.title} (XL) can be sent now. Choose another option, or a refund.`,
    )

    // A product whose rule offers no exchange, and a piece without sizes, are refunded instead.
    await app.services.returns.saveProductRule(staff.id, k.id, {
      returnable: true,
      windowDays: 7,
      exchange: false,
      returnShipping: 'shop',
      restockingFeePercent: 0,
    })
    const noRule = await exchange(m.id)
    expect(noRule.statusCode).toBe(422)
    expect(noRule.json().message).toBe(`${k.title} (M) cannot be exchanged. Choose a refund or store credit.`)
    const bowl = await makeProduct(app, { price: 500_00, quantity: 2 })
    const plain = await delivered(asha, staff, bowl.id, bowl)
    const noSizes = await ask(asha, {
      orderId: plain.orderId,
      lines: [{ itemId: plain.itemId, quantity: 1, exchangeFor: bowl.id }],
      reason: 'size',
      resolution: 'exchange',
    })
    expect(noSizes.statusCode).toBe(422)
    expect(
      (await app.inject({ url: `/api/v1/returns?orderId=${orderId}`, headers: asha.auth })).json().data,
    ).toEqual([])
  })

  it('the last piece sold meanwhile stops the approval, which takes nothing and books nothing', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const ravi = await makeCustomer(app)
    const k = await kurta([
      ['M', 1499_00, 2],
      ['L', 1499_00, 1],
    ])
    const [m, l] = sizesOf(k)
    const { orderId, itemId } = await delivered(asha, staff, k.id, m)
    const made = await askExchange(asha, orderId, itemId, l.id)
    await delivered(ravi, staff, k.id, l)
    expect(await variantStockOf(app, l.id)).toBe(0)

    const approve = await staffCall(staff, `/${made._id}/approve`, { method: 'pickup' })
    expect(approve.statusCode).toBe(409)
    expect(approve.json().message).toBe(
      `Only 0 of ${k.title} (L) can be sent now. Choose another option, or a refund.`,
    )
    const still = await app.inject({ url: `/api/v1/admin/returns/${made._id}`, headers: staff.auth })
    expect(still.json().data).toMatchObject({ status: 'requested', pickup: null })
  })

  it('a cash-on-delivery order needs where to send money only when a cheaper size sends some back', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const k = await kurta([
      ['S', 1299_00, 2],
      ['M', 1499_00, 2],
      ['L', 1699_00, 2],
    ])
    const [s, m, l] = sizesOf(k)
    const { orderId, itemId } = await delivered(asha, staff, k.id, m, {
      paymentInfo: { method: 'COD', status: 'Pending' },
      shippingInfo: { ...shipping, phoneNumber: freshPhone() },
    })
    const exchange = (exchangeFor: string, extra: object = {}) =>
      ask(asha, {
        orderId,
        lines: [{ itemId, quantity: 1, exchangeFor }],
        reason: 'size',
        resolution: 'exchange',
        ...extra,
      })
    const cheaper = await exchange(s.id)
    expect(cheaper.statusCode).toBe(400)
    expect(cheaper.json().message).toBe('Tell us where to send your refund: a UPI ID or a bank account.')
    const dearer = await exchange(l.id)
    expect(dearer.statusCode, dearer.body).toBe(200)
    expect(dearer.json().data).toMatchObject({ refundTo: null, exchange: { due: 200_00 } })
  })

  it('called off by staff before it goes, the size set aside is back on the shelf and the pieces are refunded instead', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const k = await kurta([
      ['M', 1499_00, 2],
      ['L', 1699_00, 1],
    ])
    const [m, l] = sizesOf(k)
    const { orderId, itemId } = await delivered(asha, staff, k.id, m)
    const made = await askExchange(asha, orderId, itemId, l.id)
    expect(
      (await staffCall(staff, `/${made._id}/refund-instead`, { reason: 'No L for now' })).statusCode,
    ).toBe(409)
    expect((await staffCall(staff, `/${made._id}/approve`, { method: 'send' })).statusCode).toBe(200)
    expect(await variantStockOf(app, l.id)).toBe(0)

    const short = await staffCall(staff, `/${made._id}/refund-instead`, { reason: 'No' })
    expect(short.statusCode).toBe(400)
    const reason = 'The customer did not pay the difference within a week.'
    const off = await staffCall(staff, `/${made._id}/refund-instead`, { reason })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().data).toMatchObject({
      status: 'approved',
      resolution: 'refund',
      refundAmount: 1499_00,
      exchange: null,
      lines: [{ exchange: null }],
    })
    expect(off.json().data.events.at(-1)).toMatchObject({ status: 'approved', note: reason })
    expect(await variantStockOf(app, l.id)).toBe(1)
    // Nothing to pay any more, and nothing to send.
    expect((await openPayable(asha, made._id)).statusCode).toBe(409)
    expect((await staffCall(staff, `/${made._id}/send-replacement`)).statusCode).toBe(409)
    const mail = (await mailsTo(app, asha.email)).find(
      (x) => x.subject === `Return ${made.number}: we refund it instead of the exchange`,
    )
    expect(mail?.text).toContain(reason)
    expect(mail?.text).toContain('We refund ₹1,499 for')

    // From here it is a return like any other: received, refunded with its credit note.
    expect((await staffCall(staff, `/${made._id}/receive`, { resaleable: true })).statusCode).toBe(200)
    const refunded = await staffCall(staff, `/${made._id}/refund`)
    expect(refunded.statusCode, refunded.body).toBe(200)
    expect(refunded.json().data).toMatchObject({
      status: 'refunded',
      refund: { amount: 1499_00, to: 'source' },
    })
    expect((await documentsOf(made._id)).map((d) => [d.kind, d.total])).toEqual([['credit-note', 1499_00]])
  })

  it('a difference already paid keeps the exchange: it cannot be called off, its replacement goes', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const k = await kurta([
      ['M', 1499_00, 2],
      ['L', 1699_00, 1],
    ])
    const [m, l] = sizesOf(k)
    const { orderId, itemId } = await delivered(asha, staff, k.id, m)
    const made = await askExchange(asha, orderId, itemId, l.id)
    await staffCall(staff, `/${made._id}/approve`, { method: 'send' })
    await payDifference(asha, made._id)
    const off = await staffCall(staff, `/${made._id}/refund-instead`, { reason: 'Changed our mind here' })
    expect(off.statusCode).toBe(409)
    expect(off.json().message).toBe('The customer has paid the difference of ₹200: send the replacement.')
    expect(await variantStockOf(app, l.id)).toBe(0)
  })

  it('a payment window opened before staff called the exchange off and paid after it gives the money back', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const k = await kurta([
      ['M', 1499_00, 2],
      ['L', 1699_00, 1],
    ])
    const [m, l] = sizesOf(k)
    const { orderId, itemId } = await delivered(asha, staff, k.id, m)
    const made = await askExchange(asha, orderId, itemId, l.id)
    await staffCall(staff, `/${made._id}/approve`, { method: 'send' })
    const session = await openPayable(asha, made._id)
    expect(session.statusCode, session.body).toBe(200)
    const off = await staffCall(staff, `/${made._id}/refund-instead`, { reason: 'The L has a flaw.' })
    expect(off.statusCode, off.body).toBe(200)

    const paid = await app.services.payments.sandboxPay(asha.id, session.json().id)
    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/payable/verify',
      headers: asha.auth,
      payload: { purpose: 'exchange', payableId: made._id, ...checkoutToApi(paid.result) },
    })
    expect(verify.statusCode, verify.body).toBe(200)
    await expect
      .poll(async () => {
        const [row] = await app.database.db
          .select()
          .from(payments)
          .where(and(eq(payments.purpose, 'exchange'), eq(payments.payableId, made._id)))
        return row?.status
      })
      .toBe('refunded')
    const view = await app.inject({ url: `/api/v1/returns/${made._id}`, headers: asha.auth })
    expect(view.json().data).toMatchObject({ resolution: 'refund', exchange: null, refundAmount: 1499_00 })
  })
})
