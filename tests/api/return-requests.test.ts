import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { TaxedLine } from '../../contracts/gst.ts'
import { shopDefaultRule } from '../../contracts/return-rules.ts'
import { auditLog, invoices, orderHistory, payments } from '../../server/db/schema.ts'
import {
  freshPhone,
  mailsTo,
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  makeStaff,
  orderPayload,
  type Person,
  payOrder,
  placeOrder,
  shipping,
  stockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { multipartFiles, png } from './admin-helpers.ts'

// Return requests (decision 138): the customer's request judged by each line's rule and window, staff's
// queue, and the money: each line's part after the coupon, the COD fee's rule, refunds and credit notes.

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

type Line = { id: string; price: number; quantity: number }

/** Moves an order to Delivered the way staff do, step by step. */
async function deliver(orderId: string, staff: Person) {
  for (const status of ['Processing', 'Shipped', 'Delivered']) {
    await app.services.orders.changeStatus(orderId, status, { actorId: staff.id })
  }
}

/** A paid online order of these lines (a coupon when given), delivered; its lines' ids by product. */
async function deliveredOrder(
  who: Person,
  staff: Person,
  lines: Line[],
  extra: Record<string, unknown> = {},
) {
  const res = await placeOrder(
    app,
    who,
    orderPayload(
      who.id,
      lines.map((l) => ({ product: l, quantity: l.quantity })),
      extra,
    ),
  )
  expect(res.statusCode, res.body).toBe(201)
  const order = res.json().data[0] as { _id: string; paymentInfo: { method: string } }
  if (order.paymentInfo.method !== 'COD') await payOrder(app, who, order._id)
  await deliver(order._id, staff)
  return { orderId: order._id, items: await itemsOf(who, order._id) }
}

async function itemsOf(who: Person, orderId: string): Promise<Map<string, string>> {
  const res = await app.inject({ url: `/api/v1/returns/options?orderId=${orderId}`, headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  const data = res.json().data as { lines: Array<{ itemId: string; title: string }> }
  const byTitle = new Map<string, string>()
  const rows = await app.services.orders.lines(orderId)
  for (const r of rows) byTitle.set(r.productId, r.id)
  expect(data.lines).toHaveLength(rows.length)
  return byTitle
}

const ask = (who: Person, body: Record<string, unknown>, photos: Buffer[] = []) =>
  photos.length
    ? (() => {
        const form = multipartFiles(
          photos.map((content, i) => ({ field: 'photo', filename: `p${i}.png`, content, type: 'image/png' })),
          { request: JSON.stringify(body) },
        )
        return app.inject({
          method: 'POST',
          url: '/api/v1/returns',
          headers: { ...who.auth, ...form.headers },
          payload: form.payload,
        })
      })()
    : app.inject({ method: 'POST', url: '/api/v1/returns', headers: who.auth, payload: body })

const staffCall = (who: Person, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/returns${url}`,
    headers: who.auth,
    payload: payload ?? {},
  })

async function creditNotesOf(orderId: string) {
  return app.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit-note')))
}

describe('a customer asks to return pieces', () => {
  it('returns one of two pieces for its part after the coupon, approved, received, refunded with a credit note', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const stole = await makeProduct(app, { price: 1000_00, quantity: 5 })
    const bowl = await makeProduct(app, { price: 500_00, quantity: 5 })
    const code = await makeCoupon(app, { discount: 10 })
    const { orderId, items } = await deliveredOrder(
      asha,
      staff,
      [
        { ...stole, quantity: 2 },
        { ...bowl, quantity: 1 },
      ],
      { couponCode: code, totalAmount: 2250 },
    )
    const stockBefore = await stockOf(app, stole.id)

    // ₹2,500 of goods, ₹250 off: the stoles' share is ₹200, so one stole of two comes back for ₹900.
    const res = await ask(asha, {
      orderId,
      lines: [{ itemId: items.get(stole.id), quantity: 1 }],
      reason: 'size',
      description: 'Too short for me',
    })
    expect(res.statusCode, res.body).toBe(200)
    const made = res.json().data
    expect(res.json().message).toBe(`Return ${made.number} requested. We will reply within two working days.`)
    expect(made).toMatchObject({
      number: expect.stringMatching(/^RET-\d{4}-\d{5}$/),
      status: 'requested',
      goodsAmount: 900_00,
      restockingFee: 0,
      chargesRefunded: 0,
      refundAmount: 900_00,
      refundTo: null,
      lines: [{ itemId: items.get(stole.id), quantity: 1, amount: 900_00, rule: shopDefaultRule }],
    })
    expect((await mailsTo(app, asha.email)).map((m) => m.kind)).toContain('return.requested')

    // The customer reads it back, by the order and by itself.
    const list = await app.inject({ url: `/api/v1/returns?orderId=${orderId}`, headers: asha.auth })
    expect(list.json().data.map((r: { _id: string }) => r._id)).toEqual([made._id])

    // In staff's queue; approved for the customer to send; received fit to sell again.
    const queue = await app.inject({ url: '/api/v1/admin/returns', headers: staff.auth })
    expect(queue.json().data.returns.map((r: { _id: string }) => r._id)).toContain(made._id)
    const approved = await staffCall(staff, `/${made._id}/approve`, {
      method: 'send',
      note: 'Use any courier',
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      method: 'send',
      pickup: null,
      sendTo: 'Kalaa Seva Foundation, 5 Ashok Marg, Lucknow 226001, Uttar Pradesh',
    })
    // Refunding before the parcel is back is refused.
    expect((await staffCall(staff, `/${made._id}/refund`)).statusCode).toBe(409)
    const received = await staffCall(staff, `/${made._id}/receive`, { resaleable: true, note: 'As sent' })
    expect(received.statusCode, received.body).toBe(200)
    expect(await stockOf(app, stole.id)).toBe(stockBefore + 1)

    const refunded = await staffCall(staff, `/${made._id}/refund`)
    expect(refunded.statusCode, refunded.body).toBe(200)
    const done = refunded.json().data
    expect(done).toMatchObject({
      status: 'refunded',
      refund: { state: 'refunded', to: 'source', amount: 900_00 },
      creditNote: expect.stringMatching(/^KSC\//),
    })
    // The payment gave back ₹900 of ₹2,250 and is still captured for the rest.
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.orderId, orderId))
    expect(payment).toMatchObject({ refunded: 900_00, status: 'captured' })
    // The credit note is for one stole only, and adds up to the refund.
    const [note] = await creditNotesOf(orderId)
    const lines = note!.lines as TaxedLine[]
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ quantity: 1, inclusive: 900_00 })
    expect(note!.total).toBe(900_00)
    expect(note!.taxable + note!.cgst + note!.sgst + note!.igst).toBe(900_00)
    // The order answer still names no whole-order credit note.
    const order = (
      await app.inject({ url: `/api/v1/order/singleorder/${orderId}`, headers: asha.auth })
    ).json().data
    expect(order.creditNoteNumber ?? null).toBeNull()
    const pdf = await app.inject({ url: `/api/v1/returns/${made._id}/credit-note`, headers: asha.auth })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const mail = (await mailsTo(app, asha.email)).find((m) => m.kind === 'return.refunded')
    expect(mail?.text).toMatch(/refunded ₹900 for return/)
    expect(mail?.text).toContain(done.creditNote)
    // Every step is in the audit log, on the order.
    const actions = (await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId))).map(
      (a) => a.action,
    )
    expect(actions).toEqual(expect.arrayContaining(['return.approve', 'return.receive', 'return.refund']))

    // The second stole comes back for the other ₹900: the line's ₹1,800 to the paisa.
    const second = await ask(asha, {
      orderId,
      lines: [{ itemId: items.get(stole.id), quantity: 1 }],
      reason: 'changed-mind',
    })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().data.refundAmount).toBe(900_00)
    // And no third.
    const third = await ask(asha, {
      orderId,
      lines: [{ itemId: items.get(stole.id), quantity: 1 }],
      reason: 'size',
    })
    expect(third.statusCode).toBe(400)
    expect(third.json().message).toContain('at most 0')
  })

  it('an odd coupon share splits over the pieces so that they add up to the line', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const cup = await makeProduct(app, { price: 333_33, quantity: 9 })
    const code = await makeCoupon(app, { discount: 7 })
    const { orderId, items } = await deliveredOrder(asha, staff, [{ ...cup, quantity: 3 }], {
      couponCode: code,
      totalAmount: 930,
    })
    const line = (await app.services.orders.lines(orderId))[0]!
    const order = await app.services.orders.rowById(orderId)
    const paid = line.price * line.quantity - order!.discountAmount
    const amounts: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await ask(asha, {
        orderId,
        lines: [{ itemId: items.get(cup.id), quantity: 1 }],
        reason: 'size',
      })
      expect(res.statusCode, res.body).toBe(200)
      amounts.push(res.json().data.refundAmount)
    }
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(paid)
    expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1)
  })

  it('is refused outside the window, for a piece not returnable, for more than delivered, before delivery', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const shawl = await makeProduct(app, { price: 800_00, quantity: 5 })
    const prasad = await makeProduct(app, { price: 200_00, quantity: 5 })
    const rule = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${prasad.id}/returns`,
      headers: staff.auth,
      payload: { rule: { ...shopDefaultRule, returnable: false } },
    })
    expect(rule.statusCode, rule.body).toBe(200)
    const { orderId, items } = await deliveredOrder(asha, staff, [
      { ...shawl, quantity: 1 },
      { ...prasad, quantity: 1 },
    ])

    const more = await ask(asha, {
      orderId,
      lines: [{ itemId: items.get(shawl.id), quantity: 2 }],
      reason: 'size',
    })
    expect(more.statusCode).toBe(400)
    expect(more.json().message).toContain('at most 1')

    const notReturnable = await ask(asha, {
      orderId,
      lines: [{ itemId: items.get(prasad.id), quantity: 1 }],
      reason: 'changed-mind',
    })
    expect(notReturnable.statusCode).toBe(422)
    expect(notReturnable.json().message).toMatch(/is not returnable/)
    // A fault is taken back all the same, with its photo.
    const noPhoto = await ask(asha, {
      orderId,
      lines: [{ itemId: items.get(prasad.id), quantity: 1 }],
      reason: 'damaged',
    })
    expect(noPhoto.statusCode).toBe(400)
    expect(noPhoto.json().errors).toHaveProperty('photo')
    const damaged = await ask(
      asha,
      { orderId, lines: [{ itemId: items.get(prasad.id), quantity: 1 }], reason: 'damaged' },
      [await png(40, 40)],
    )
    expect(damaged.statusCode, damaged.body).toBe(200)
    expect(damaged.json().data.photos).toEqual([expect.stringMatching(/^\/uploads\/returns\/.+-800\.webp$/)])

    // Eight days after delivery the seven-day window has closed.
    await app.database.db
      .update(orderHistory)
      .set({ changedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.status, 'Delivered')))
    const late = await ask(asha, {
      orderId,
      lines: [{ itemId: items.get(shawl.id), quantity: 1 }],
      reason: 'size',
    })
    expect(late.statusCode).toBe(422)
    expect(late.json().message).toMatch(/^The return window for this order closed on \d{1,2} \w+ \d{4}\.$/)

    // Not delivered yet.
    const fresh = await placeOrder(app, asha, orderPayload(asha.id, [{ product: shawl, quantity: 1 }]))
    const undelivered = fresh.json().data[0]._id as string
    await payOrder(app, asha, undelivered)
    const item = (await app.services.orders.lines(undelivered))[0]!.id
    const early = await ask(asha, {
      orderId: undelivered,
      lines: [{ itemId: item, quantity: 1 }],
      reason: 'size',
    })
    expect(early.statusCode).toBe(422)
    expect(early.json().message).toBe('Only a delivered order can be returned.')
  })

  it("another customer's order or request answers 404, and a customer cannot use staff's queue", async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const lamp = await makeProduct(app, { price: 600_00, quantity: 5 })
    const { orderId, items } = await deliveredOrder(asha, staff, [{ ...lamp, quantity: 1 }])
    const body = { orderId, lines: [{ itemId: items.get(lamp.id), quantity: 1 }], reason: 'size' }
    const theirs = await ask(ravi, body)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toEqual({ success: false, message: 'Order not found.' })
    expect(
      (await app.inject({ url: `/api/v1/returns?orderId=${orderId}`, headers: ravi.auth })).statusCode,
    ).toBe(404)
    expect(
      (await app.inject({ url: `/api/v1/returns/options?orderId=${orderId}`, headers: ravi.auth }))
        .statusCode,
    ).toBe(404)
    const mine = (await ask(asha, body)).json().data
    expect((await app.inject({ url: `/api/v1/returns/${mine._id}`, headers: ravi.auth })).statusCode).toBe(
      404,
    )
    expect((await app.inject({ url: '/api/v1/admin/returns', headers: asha.auth })).statusCode).toBe(403)
    const catalogue = await makeStaff(app, 'catalogue')
    expect((await staffCall(catalogue, `/${mine._id}/approve`, { method: 'send' })).statusCode).toBe(403)
    const orders = await makeStaff(app, 'orders')
    const rejected = await staffCall(orders, `/${mine._id}/reject`, {
      reason: 'Used and washed, with a stain.',
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    const seen = (await app.inject({ url: `/api/v1/returns/${mine._id}`, headers: asha.auth })).json().data
    expect(seen).toMatchObject({ status: 'rejected', rejectReason: 'Used and washed, with a stain.' })
    expect(seen.events.map((e: { status: string }) => e.status)).toEqual(['requested', 'rejected'])
    // A rejected request gives its pieces back to ask for again.
    expect((await ask(asha, body)).statusCode).toBe(200)
  })

  it('two requests at once for the same piece make one', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const vase = await makeProduct(app, { price: 700_00, quantity: 5 })
    const { orderId, items } = await deliveredOrder(asha, staff, [{ ...vase, quantity: 1 }])
    const body = { orderId, lines: [{ itemId: items.get(vase.id), quantity: 1 }], reason: 'changed-mind' }
    const answers = await Promise.all([ask(asha, body), ask(asha, body), ask(asha, body)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400])
    const list = await app.inject({ url: `/api/v1/returns?orderId=${orderId}`, headers: asha.auth })
    expect(list.json().data).toHaveLength(1)
  })
})

describe('cash on delivery and the fees', () => {
  async function codTerms(staff: Person, fee: number) {
    const save = (f: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/cod',
        headers: staff.auth,
        payload: { enabled: true, maxTotal: 10_000, fee: f, excludedStates: '', excludedPins: '' },
      })
    expect((await save(fee)).statusCode).toBe(200)
    onTestFinished(async () => {
      expect((await save(0)).statusCode).toBe(200)
    })
  }
  const cod = () => ({
    paymentInfo: { method: 'COD', status: 'Pending' },
    shippingInfo: { ...shipping, phoneNumber: freshPhone() },
  })

  it('needs a UPI ID or a checked bank account; every piece back for a fault gives the COD fee back too', async () => {
    const staff = await makeAdmin(app)
    await codTerms(staff, 49)
    const asha = await makeCustomer(app)
    const rug = await makeProduct(app, { price: 1200_00, quantity: 5 })
    const { orderId, items } = await deliveredOrder(asha, staff, [{ ...rug, quantity: 1 }], {
      ...cod(),
      totalAmount: 1249,
    })
    const lines = [{ itemId: items.get(rug.id), quantity: 1 }]
    const photo = [await png(40, 40)]

    const none = await ask(asha, { orderId, lines, reason: 'damaged' }, photo)
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe('Tell us where to send your refund: a UPI ID or a bank account.')
    const badIfsc = await ask(
      asha,
      {
        orderId,
        lines,
        reason: 'damaged',
        refundTo: { kind: 'bank', accountName: 'Asha Verma', accountNumber: '123456789012', ifsc: 'SBIN123' },
      },
      photo,
    )
    expect(badIfsc.statusCode).toBe(400)
    expect(badIfsc.json().errors['refundTo.ifsc']).toBe(
      'Enter the branch IFSC code: 11 characters such as SBIN0001234.',
    )

    const res = await ask(
      asha,
      {
        orderId,
        lines,
        reason: 'damaged',
        refundTo: {
          kind: 'bank',
          accountName: 'Asha Verma',
          accountNumber: '123456789012',
          ifsc: 'sbin0001234',
        },
      },
      photo,
    )
    expect(res.statusCode, res.body).toBe(200)
    const made = res.json().data
    // The whole order back for the shop's fault: the goods and the ₹49 fee.
    expect(made).toMatchObject({ goodsAmount: 1200_00, chargesRefunded: 49_00, refundAmount: 1249_00 })
    expect(made.refundTo).toBe('Bank ••••9012 (SBIN0001234)')
    // Staff see the account in full to pay it.
    const full = (await app.inject({ url: `/api/v1/admin/returns/${made._id}`, headers: staff.auth })).json()
      .data
    expect(full.refundDestination).toEqual({
      kind: 'bank',
      accountName: 'Asha Verma',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
    })
    expect((await staffCall(staff, `/${made._id}/approve`, { method: 'send' })).statusCode).toBe(200)
    const stock = await stockOf(app, rug.id)
    // Staff's photos of what came back are kept with the inspection.
    const form = multipartFiles(
      [{ field: 'photo', filename: 'back.png', content: await png(40, 40), type: 'image/png' }],
      {
        request: JSON.stringify({ resaleable: false, note: 'Torn at the corner, as the photo showed' }),
      },
    )
    const received = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/returns/${made._id}/receive`,
      headers: { ...staff.auth, ...form.headers },
      payload: form.payload,
    })
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json().data.inspection).toMatchObject({
      resaleable: false,
      note: 'Torn at the corner, as the photo showed',
      photos: [expect.stringMatching(/^\/uploads\/returns\//)],
    })
    // Not fit to sell again: the stock stays as it was.
    expect(await stockOf(app, rug.id)).toBe(stock)
    // A COD refund is recorded with its transfer's reference.
    const noRef = await staffCall(staff, `/${made._id}/refund`)
    expect(noRef.statusCode).toBe(400)
    const paid = await staffCall(staff, `/${made._id}/refund`, { reference: 'UTR4455667788' })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().data.refund).toMatchObject({
      state: 'refunded',
      to: 'bank',
      reference: 'UTR4455667788',
    })
    const [note] = await creditNotesOf(orderId)
    expect(note!.total).toBe(1249_00)
    const noteLines = note!.lines as TaxedLine[]
    expect(noteLines.map((l) => l.description)).toContain('Cash on delivery fee')
    const mail = (await mailsTo(app, asha.email)).find((m) => m.kind === 'return.refunded')
    expect(mail?.text).toContain('ending 9012')
    expect(mail?.text).toContain('UTR4455667788')
    expect(mail?.text).not.toContain('123456789012')
  })

  it('a change of mind pays the restocking fee and keeps the COD fee', async () => {
    const staff = await makeAdmin(app)
    await codTerms(staff, 49)
    const asha = await makeCustomer(app)
    const tray = await makeProduct(app, { price: 999_00, quantity: 5 })
    const rule = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${tray.id}/returns`,
      headers: staff.auth,
      payload: { rule: { ...shopDefaultRule, restockingFeePercent: 10 } },
    })
    expect(rule.statusCode, rule.body).toBe(200)
    const { orderId, items } = await deliveredOrder(asha, staff, [{ ...tray, quantity: 1 }], {
      ...cod(),
      totalAmount: 1048,
    })
    const res = await ask(asha, {
      orderId,
      lines: [{ itemId: items.get(tray.id), quantity: 1 }],
      reason: 'changed-mind',
      refundTo: { kind: 'upi', upi: 'Asha.Verma@okhdfc' },
    })
    expect(res.statusCode, res.body).toBe(200)
    // 10% of ₹999.00 is ₹99.90; the fee is the shop's for a change of mind.
    expect(res.json().data).toMatchObject({
      goodsAmount: 999_00,
      restockingFee: 99_90,
      chargesRefunded: 0,
      refundAmount: 899_10,
      refundTo: 'UPI as***@okhdfc',
    })
    const id = res.json().data._id
    // A courier collects it: booked with the shipping provider (the sandbox here) under the request's number.
    const approved = await staffCall(staff, `/${id}/approve`, { method: 'pickup' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().data).toMatchObject({
      method: 'pickup',
      pickup: { awb: expect.stringMatching(/^SBX\d{10}$/) },
    })
    const mail = (await mailsTo(app, asha.email)).find((m) => m.kind === 'return.approved')
    expect(mail?.text).toContain(approved.json().data.pickup.awb)
    await staffCall(staff, `/${id}/receive`, { resaleable: true })
    expect((await staffCall(staff, `/${id}/refund`, { reference: 'UTR99' })).statusCode).toBe(200)
    const [note] = await creditNotesOf(orderId)
    expect(note!.total).toBe(899_10)
    expect(note!.taxable + note!.cgst + note!.sgst + note!.igst).toBe(899_10)
  })
})

describe('online refunds that fail', () => {
  it('stay pending and go out on a later try, once', async () => {
    const staff = await makeAdmin(app)
    const asha = await makeCustomer(app)
    const box = await makeProduct(app, { price: 400_00, quantity: 5 })
    const { orderId, items } = await deliveredOrder(asha, staff, [{ ...box, quantity: 1 }])
    const id = (
      await ask(asha, { orderId, lines: [{ itemId: items.get(box.id), quantity: 1 }], reason: 'size' })
    ).json().data._id
    await staffCall(staff, `/${id}/approve`, { method: 'send' })
    await staffCall(staff, `/${id}/receive`, { resaleable: true })
    const spy = vi
      .spyOn(app.services.payments, 'refundPart')
      .mockRejectedValueOnce(new Error('the payment service is not reachable'))
    onTestFinished(() => spy.mockRestore())
    const first = await staffCall(staff, `/${id}/refund`)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().message).toContain('it will be tried again')
    expect(first.json().data).toMatchObject({ status: 'received', refund: { state: 'pending' } })
    // Asked again at once: already on its way.
    expect((await staffCall(staff, `/${id}/refund`)).statusCode).toBe(409)
    // A minute later the sweeper sends it.
    expect(await app.services.returnRequests.retryRefunds(new Date(Date.now() + 2 * 60_000))).toBe(1)
    expect(await app.services.returnRequests.retryRefunds(new Date(Date.now() + 60 * 60_000))).toBe(0)
    const seen = (await app.inject({ url: `/api/v1/returns/${id}`, headers: asha.auth })).json().data
    expect(seen).toMatchObject({ status: 'refunded', refund: { state: 'refunded', amount: 400_00 } })
    expect(spy).toHaveBeenCalledTimes(2)
    expect(await creditNotesOf(orderId)).toHaveLength(1)
  })
})
