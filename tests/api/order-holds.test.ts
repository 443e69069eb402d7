import { and, desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defaultHoldLimits, type HoldLimits, holdMessages } from '../../contracts/hold-limits.ts'
import { auditLog, orders } from '../../server/db/schema.ts'
import { loadTranslations } from '../../server/lib/i18n.ts'
import { notYourArea } from '../../server/plugins/auth.ts'
import {
  freshPhone,
  insertOrder,
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  makeStaff,
  makeUnconfirmedCustomer,
  orderPayload,
  type Person,
  payOrder,
  placeOrder,
  shipping,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** What one account may hold at once (decision 110): the limits, their refusals and the console's settings. */

let app: TestApp
let owner: Person
const en = loadTranslations().en.t

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  owner = await makeAdmin(app, 'Meera Iyer')
})
afterAll(() => app?.cleanup())

const putLimits = (who: Person, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/limits',
    headers: who.auth,
    payload: payload as object,
  })

async function setLimits(over: Partial<HoldLimits>) {
  const res = await putLimits(owner, { ...defaultHoldLimits, ...over })
  expect(res.statusCode, res.body).toBe(200)
}

// Tests run one after another; each that changes a limit gets the defaults back.
afterEach(() => setLimits({}))

/** A piece of ₹100, many in stock, so that neither stock nor the COD limit gets in the way. */
const cheapPiece = () => makeProduct(app, { price: 100_00, quantity: 100 })

const online = (who: Person, product: { id: string; price: number }, quantity = 1, extra = {}) =>
  placeOrder(app, who, orderPayload(who.id, [{ product, quantity }], extra))

const cod = (
  who: Person,
  product: { id: string; price: number },
  opts: { quantity?: number; phone?: string } = {},
) =>
  placeOrder(
    app,
    who,
    orderPayload(who.id, [{ product, quantity: opts.quantity ?? 1 }], {
      paymentInfo: { method: 'COD', status: 'Pending' },
      shippingInfo: { ...shipping, phoneNumber: opts.phone ?? freshPhone() },
    }),
  )

const placed = (res: { statusCode: number; body: string; json(): { data: Array<{ _id: string }> } }) => {
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data[0]._id
}

const refused = (res: { statusCode: number; json(): unknown }, message: string) => {
  expect(res.statusCode).toBe(409)
  expect(res.json()).toEqual({ success: false, message })
}

const cancel = (who: Person, orderID: string) =>
  app.inject({
    method: 'PATCH',
    url: '/api/v1/order/updateorder',
    headers: who.auth,
    payload: { orderID, status: 'Cancelled' },
  })

const staffMove = (id: string, status: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${id}/status`,
    headers: owner.auth,
    payload: { status, ...(status === 'Shipped' ? { shippingLink: 'https://track.example.in/KS1' } : {}) },
  })

async function deliver(id: string) {
  for (const status of ['Processing', 'Shipped', 'Delivered'])
    expect((await staffMove(id, status)).statusCode).toBe(200)
}

/** The reservation ran out a minute ago; the sweeper has not been round yet. */
const lapse = (id: string) =>
  app.database.db
    .update(orders)
    .set({ reservedUntil: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, id))

describe('the limits in the console', () => {
  it('start at the safe defaults', async () => {
    const res = await app.inject({ url: '/api/v1/admin/settings/limits', headers: owner.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      maxUnpaidOrders: 2,
      maxHeldPieces: 10,
      maxOpenCodOrders: 1,
      maxOpenCodPerPhone: 1,
      codFirstOrder: 'confirmed-email',
      maxUnpaidSevaBookings: 2,
      maxHeldCouponUses: 1,
    })
  })

  it('are saved by owners and managers, and each change is in the audit log', async () => {
    const manager = await makeStaff(app, 'manager', 'Ravi Manager')
    const res = await putLimits(manager, {
      ...defaultHoldLimits,
      maxUnpaidOrders: 3,
      codFirstOrder: 'anyone',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ maxUnpaidOrders: 3, codFirstOrder: 'anyone' })
    const read = await app.inject({ url: '/api/v1/admin/settings/limits', headers: owner.auth })
    expect(read.json().data).toMatchObject({ maxUnpaidOrders: 3, codFirstOrder: 'anyone' })
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.limits'), eq(auditLog.actorId, manager.id)))
    expect(entry).toMatchObject({
      entity: 'settings',
      before: { maxUnpaidOrders: 2, codFirstOrder: 'confirmed-email' },
      after: { maxUnpaidOrders: 3, codFirstOrder: 'anyone' },
    })
    const log = (await app.inject({ url: '/api/v1/admin/audit', headers: owner.auth })).json()
    expect(JSON.stringify(log)).toContain('changed the per-customer limit settings')
  })

  it('refuse what is not a whole number within its bounds, naming the field and the bounds', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ maxUnpaidOrders: -1 }, 'Invalid body: maxUnpaidOrders must be a whole number from 1 to 20'],
      [{ maxUnpaidOrders: 0 }, 'Invalid body: maxUnpaidOrders must be a whole number from 1 to 20'],
      [{ maxHeldPieces: 2.5 }, 'Invalid body: maxHeldPieces must be a whole number from 1 to 1000'],
      [{ maxHeldPieces: 1001 }, 'Invalid body: maxHeldPieces must be a whole number from 1 to 1000'],
      [{ maxOpenCodPerPhone: '3' }, 'Invalid body: maxOpenCodPerPhone must be a whole number from 1 to 20'],
      [
        { maxUnpaidSevaBookings: 21 },
        'Invalid body: maxUnpaidSevaBookings must be a whole number from 1 to 20',
      ],
      [
        { codFirstOrder: 'everyone' },
        'Invalid body: codFirstOrder must be one of anyone, confirmed-email, paid-history',
      ],
      [
        { maxHeldCouponUses: undefined },
        'Invalid body: maxHeldCouponUses must be a whole number from 1 to 20',
      ],
    ]
    for (const [over, message] of cases) {
      const res = await putLimits(owner, { ...defaultHoldLimits, ...over })
      expect(res.statusCode, JSON.stringify(over)).toBe(400)
      expect(res.json()).toMatchObject({ success: false, message })
    }
    const still = await app.inject({ url: '/api/v1/admin/settings/limits', headers: owner.auth })
    expect(still.json().data).toEqual(defaultHoldLimits)
  })

  it('are refused to catalogue and orders staff and to customers', async () => {
    for (const who of [await makeStaff(app, 'catalogue'), await makeStaff(app, 'orders')]) {
      for (const res of [
        await app.inject({ url: '/api/v1/admin/settings/limits', headers: who.auth }),
        await putLimits(who, { ...defaultHoldLimits, maxUnpaidOrders: 20 }),
      ]) {
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual({ success: false, message: notYourArea })
      }
    }
    const customer = await makeCustomer(app)
    expect((await putLimits(customer, defaultHoldLimits)).statusCode).toBe(403)
    expect((await app.inject({ url: '/api/v1/admin/settings/limits' })).statusCode).toBe(401)
  })
})

describe('unpaid online orders', () => {
  it('two at a time by default; a third waits until one is paid, cancelled or lapsed', async () => {
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    const full = en(holdMessages.unpaidOrders, { count: 2 })
    expect(full).toBe(
      'You already have 2 orders waiting for payment. Pay for one of them or cancel it (My Orders) before placing another.',
    )
    const first = placed(await online(asha, piece))
    const second = placed(await online(asha, piece))
    refused(await online(asha, piece), full)
    // Another customer is not held back by Asha's orders.
    placed(await online(await makeCustomer(app), piece))

    await payOrder(app, asha, first)
    const third = placed(await online(asha, piece))
    refused(await online(asha, piece), full)

    expect((await cancel(asha, second)).statusCode).toBe(200)
    const fourth = placed(await online(asha, piece))
    refused(await online(asha, piece), full)

    await lapse(third)
    placed(await online(asha, piece))
    refused(await online(asha, piece), full)
    expect(fourth).toBeTruthy()
  })

  it('follows the number staff set', async () => {
    await setLimits({ maxUnpaidOrders: 1 })
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    placed(await online(asha, piece))
    refused(await online(asha, piece), en(holdMessages.unpaidOrders, { count: 1 }))
    expect(en(holdMessages.unpaidOrders, { count: 1 })).toBe(
      'You already have 1 order waiting for payment. Pay for it or cancel it (My Orders) before placing another.',
    )
    await setLimits({ maxUnpaidOrders: 3 })
    placed(await online(asha, piece))
    placed(await online(asha, piece))
    refused(await online(asha, piece), en(holdMessages.unpaidOrders, { count: 3 }))
  })

  it('a repeated idempotency key still answers the first order when the account is at its limit', async () => {
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    placed(await online(asha, piece))
    const headers = { 'idempotency-key': 'holds-key-000001' }
    const payload = orderPayload(asha.id, [{ product: piece, quantity: 1 }])
    const [a, b] = await Promise.all([
      placeOrder(app, asha, payload, headers),
      placeOrder(app, asha, payload, headers),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201])
    expect(a.json().data[0]._id).toBe(b.json().data[0]._id)
  })
})

describe('pieces held by unpaid orders', () => {
  it('at most ten, the new order counted; paying frees them', async () => {
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    refused(await online(asha, piece, 11), en(holdMessages.piecesInOrder, { limit: 10, count: 11 }))
    expect(en(holdMessages.piecesInOrder, { limit: 10, count: 11 })).toBe(
      'One unpaid order may hold at most 10 pieces, and this one has 11. Please order fewer pieces now, and the rest once this order is paid.',
    )
    const six = placed(await online(asha, piece, 6))
    refused(await online(asha, piece, 5), en(holdMessages.heldPieces, { held: 6, limit: 10 }))
    placed(await online(asha, piece, 4))

    // Paid, the six are no longer held: the account holds four, and six more fit again.
    await payOrder(app, asha, six)
    placed(await online(asha, piece, 6))
  })

  it('counts cash-on-delivery orders not yet delivered too', async () => {
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    const onDelivery = placed(await cod(asha, piece, { quantity: 7 }))
    refused(await online(asha, piece, 4), en(holdMessages.heldPieces, { held: 7, limit: 10 }))
    placed(await online(asha, piece, 3))
    await deliver(onDelivery)
    placed(await online(asha, piece, 7))
  })

  it('follows the number staff set', async () => {
    await setLimits({ maxHeldPieces: 25 })
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    placed(await online(asha, piece, 20))
    refused(await online(asha, piece, 6), en(holdMessages.heldPieces, { held: 20, limit: 25 }))
    placed(await online(asha, piece, 5))
  })
})

describe('cash-on-delivery orders', () => {
  it('one per account until it is delivered or cancelled; paying online stays open', async () => {
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    const open = en(holdMessages.openCod, { count: 1 })
    const first = placed(await cod(asha, piece))
    refused(await cod(asha, piece), open)
    placed(await online(asha, piece))

    await deliver(first)
    const second = placed(await cod(asha, piece))
    refused(await cod(asha, piece), open)
    expect((await cancel(asha, second)).statusCode).toBe(200)
    placed(await cod(asha, piece))

    await setLimits({ maxOpenCodOrders: 2 })
    placed(await cod(asha, piece))
    refused(await cod(asha, piece), en(holdMessages.openCod, { count: 2 }))
  })

  it('one per delivery phone, whichever account places it, however the number was written', async () => {
    const piece = await cheapPiece()
    const [asha, ravi, meena] = [await makeCustomer(app), await makeCustomer(app), await makeCustomer(app)]
    const toPhone = en(holdMessages.codPhone, { count: 1 })
    const first = placed(await cod(asha, piece, { phone: '9876501234' }))
    refused(await cod(ravi, piece, { phone: '9876501234' }), toPhone)
    // Ravi's own phone is free, and paying online to the shared one too.
    placed(await cod(ravi, piece, { phone: '9876505678' }))
    placed(await online(meena, piece))

    // An older order whose phone was written with the country code and spaces is the same phone.
    await insertOrder(app, asha.id, [piece], {
      paymentMethod: 'COD',
      paymentStatus: 'Pay on delivery',
      shippingPhone: '+91 98765 09999',
    })
    refused(await cod(meena, piece, { phone: '9876509999' }), toPhone)

    await deliver(first)
    placed(await cod(meena, piece, { phone: '9876501234' }))
  })

  it('refuses cash on delivery to a phone staff blocked after its parcels came back; online stays open', async () => {
    const piece = await cheapPiece()
    const [asha, ravi] = [await makeCustomer(app), await makeCustomer(app)]
    const phone = freshPhone()
    // A COD parcel to it came back (decision 136).
    await insertOrder(app, asha.id, [piece], {
      paymentMethod: 'COD',
      paymentStatus: 'Pay on delivery',
      status: 'Returned to origin',
      shippingPhone: `+91 ${phone}`,
    })
    const record = (method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
      app.inject({
        method,
        url: `/api/v1/admin/cod-blocks/${phone}`,
        headers: owner.auth,
        ...(payload ? { payload } : {}),
      })
    expect((await record('GET')).json().data).toEqual({ phone, returnedCod: 1, blocked: null })
    const noReason = await record('PUT', { reason: '' })
    expect(noReason.statusCode).toBe(400)
    const blocked = await record('PUT', { reason: 'Refused at the door twice' })
    expect(blocked.statusCode, blocked.body).toBe(200)
    expect(blocked.json().data.blocked).toMatchObject({ reason: 'Refused at the door twice' })

    refused(await cod(ravi, piece, { phone }), en(holdMessages.codPhoneBlocked))
    placed(await online(ravi, piece, 1, { shippingInfo: { ...shipping, phoneNumber: phone } }))
    // Another account is no way round it.
    refused(await cod(asha, piece, { phone }), en(holdMessages.codPhoneBlocked))

    // The audit log names the phone by its last four digits only.
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'cod.phone-block'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    expect(JSON.stringify(entry!.after)).not.toContain(phone)
    expect(entry!.after).toMatchObject({ phoneEnding: phone.slice(-4) })

    expect((await record('DELETE')).statusCode).toBe(200)
    expect((await record('DELETE')).statusCode).toBe(404)
    placed(await cod(ravi, piece, { phone }))
  })
})

describe('who may place a first cash-on-delivery order', () => {
  const choice = async (who: Person) => {
    const res = await app.inject({ url: '/api/v1/cod/for-me', headers: who.auth })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    return res.json().data
  }

  it('by default, a customer who confirmed their e-mail address or has an order paid', async () => {
    const piece = await cheapPiece()
    const newcomer = await makeUnconfirmedCustomer(app)
    const confirm = en(holdMessages.codConfirmEmail)
    expect(confirm).toBe(
      'Confirm your e-mail address from the link we sent you to pay on delivery, or pay online.',
    )
    expect(await choice(newcomer)).toEqual({ allowed: false, reason: confirm })
    refused(await cod(newcomer, piece), confirm)
    // Paying online is open to them, and an order paid is history enough.
    const paid = placed(await online(newcomer, piece))
    await payOrder(app, newcomer, paid)
    expect(await choice(newcomer)).toEqual({ allowed: true, reason: null })
    placed(await cod(newcomer, piece))

    const confirmed = await makeCustomer(app)
    expect(await choice(confirmed)).toEqual({ allowed: true, reason: null })
    placed(await cod(confirmed, piece))
    // The checkout also hears of a COD order still on its way.
    expect(await choice(confirmed)).toEqual({
      allowed: false,
      reason: en(holdMessages.openCod, { count: 1 }),
    })
  })

  it("'paid-history': only a customer with an order paid or delivered", async () => {
    await setLimits({ codFirstOrder: 'paid-history' })
    const piece = await cheapPiece()
    const confirmed = await makeCustomer(app)
    const history = en(holdMessages.codPaidHistory)
    expect(await choice(confirmed)).toEqual({ allowed: false, reason: history })
    refused(await cod(confirmed, piece), history)
    const unpaid = placed(await online(confirmed, piece))
    refused(await cod(confirmed, piece), history)
    await payOrder(app, confirmed, unpaid)
    placed(await cod(confirmed, piece))
  })

  it("'anyone': a customer who never confirmed their address too", async () => {
    await setLimits({ codFirstOrder: 'anyone' })
    const piece = await cheapPiece()
    const newcomer = await makeUnconfirmedCustomer(app)
    expect(await choice(newcomer)).toEqual({ allowed: true, reason: null })
    placed(await cod(newcomer, piece))
  })

  it('is answered in Hindi to a Hindi reader, and only to a signed-in customer', async () => {
    const newcomer = await makeUnconfirmedCustomer(app)
    const res = await app.inject({ url: '/api/v1/cod/for-me?lang=hi', headers: newcomer.auth })
    expect(res.json().data.reason).toBe(loadTranslations().hi.t(holdMessages.codConfirmEmail))
    expect(res.json().data.reason).not.toBe(en(holdMessages.codConfirmEmail))
    expect((await app.inject({ url: '/api/v1/cod/for-me' })).statusCode).toBe(401)
  })
})

describe('a limited coupon', () => {
  it("one account's unpaid orders hold one use of it; others can still use it", async () => {
    const piece = await cheapPiece()
    const code = await makeCoupon(app, { discount: 10, usageLimit: 5 })
    const withCoupon = { couponCode: code, totalAmount: 90 }
    const asha = await makeCustomer(app)
    const held = en(holdMessages.couponHeld, { count: 1 })
    expect(held).toBe(
      'An order of yours waiting for payment already uses this coupon. Pay for it or cancel it (My Orders) before using the coupon again.',
    )
    const first = placed(await online(asha, piece, 1, withCoupon))
    refused(await online(asha, piece, 1, withCoupon), held)
    // Without the coupon Asha may still order; Ravi may use the coupon.
    placed(await online(asha, piece))
    placed(await online(await makeCustomer(app), piece, 1, withCoupon))

    // Paid, the use is counted rather than held: Asha may hold another.
    await payOrder(app, asha, first)
    placed(await online(asha, piece, 1, withCoupon))
    // A lapsed order holds nothing, even before the sweeper has cancelled it.
    const meena = await makeCustomer(app)
    await lapse(placed(await online(meena, piece, 1, withCoupon)))
    placed(await online(meena, piece, 1, withCoupon))
  })

  it('follows the number staff set; a coupon without a total limit is not held back', async () => {
    await setLimits({ maxHeldCouponUses: 2 })
    const piece = await cheapPiece()
    const code = await makeCoupon(app, { discount: 10, usageLimit: 10 })
    const open = await makeCoupon(app, { discount: 10 })
    const asha = await makeCustomer(app)
    placed(await online(asha, piece, 1, { couponCode: code, totalAmount: 90 }))
    placed(await online(asha, piece, 1, { couponCode: code, totalAmount: 90 }))
    await setLimits({ maxUnpaidOrders: 3, maxHeldCouponUses: 2 })
    refused(
      await online(asha, piece, 1, { couponCode: code, totalAmount: 90 }),
      en(holdMessages.couponHeld, { count: 2 }),
    )
    placed(await online(asha, piece, 1, { couponCode: open, totalAmount: 90 }))
  })
})

describe('placing at the same moment', () => {
  it('five orders of one account at once: two are placed, three refused', async () => {
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    const answers = await Promise.all(Array.from({ length: 5 }, () => online(asha, piece)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409])
    const rows = await app.database.db.select().from(orders).where(eq(orders.userId, asha.id))
    expect(rows).toHaveLength(2)
  })

  it('three accounts to one phone at once: one cash-on-delivery order is placed', async () => {
    const piece = await cheapPiece()
    const people = [await makeCustomer(app), await makeCustomer(app), await makeCustomer(app)]
    const answers = await Promise.all(people.map((p) => cod(p, piece, { phone: '9123456780' })))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409])
  })

  it('pieces of one account at once stay within the limit', async () => {
    const piece = await cheapPiece()
    const asha = await makeCustomer(app)
    const answers = await Promise.all([online(asha, piece, 6), online(asha, piece, 6)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
  })
})
