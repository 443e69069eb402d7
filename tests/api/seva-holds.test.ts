import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { defaultHoldLimits, holdMessages } from '../../contracts/hold-limits.ts'
import { addDays, bookingWindow, sevaText } from '../../contracts/seva-text.ts'
import { sevaBookings } from '../../server/db/schema.ts'
import { loadTranslations } from '../../server/lib/i18n.ts'
import { checkoutToApi } from '../../server/modules/payments/api-fields.ts'
import {
  makeAdmin,
  makeCustomer,
  makeSeva,
  makeTemple,
  type Person,
  resetShopSettings,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** Unpaid seva bookings one devotee may hold, and the booking route's own limit (decision 110). */

let app: TestApp
let owner: Person
const en = loadTranslations().en.t

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  owner = await makeAdmin(app)
})
afterAll(() => app?.cleanup())

const body = (sevaId: string, date: string, over: Record<string, unknown> = {}) => ({
  sevaId,
  date,
  devoteeName: 'Asha Verma',
  acceptPolicy: true,
  ...over,
})

const book = (shop: TestApp, who: Person, payload: object, remoteAddress?: string) =>
  shop.inject({
    method: 'POST',
    url: '/api/v1/seva-bookings',
    headers: who.auth,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  })

/** A seva with room for everyone on every day, and its first bookable day. */
async function roomySeva() {
  const temple = await makeTemple(app)
  const seva = await makeSeva(app, temple.id, { dailyLimit: 100 })
  return { seva, day: bookingWindow().first }
}

const booked = (res: { statusCode: number; body: string; json(): { data: { _id: string } } }) => {
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data._id
}

async function pay(who: Person, bookingId: string) {
  const session = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/payable/create',
    headers: who.auth,
    payload: { purpose: 'booking', payableId: bookingId },
  })
  expect(session.statusCode, session.body).toBe(200)
  const paid = await app.services.payments.sandboxPay(who.id, session.json().id)
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = checkoutToApi(paid.result)
  const verify = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/payable/verify',
    headers: who.auth,
    payload: {
      purpose: 'booking',
      payableId: bookingId,
      razorpay_order_id,
      razorpay_payment_id,
      razorpay_signature,
    },
  })
  expect(verify.statusCode, verify.body).toBe(200)
}

describe('unpaid seva bookings', () => {
  it('two at a time by default; a third waits until one is paid, cancelled or lapsed', async () => {
    const { seva, day } = await roomySeva()
    const asha = await makeCustomer(app)
    const full = en(holdMessages.unpaidBookings, { count: 2 })
    expect(full).toBe(
      'You already have 2 seva bookings waiting for payment. Pay for one of them or cancel it (My Sevas) before booking another.',
    )
    const first = booked(await book(app, asha, body(seva.id, day)))
    const second = booked(await book(app, asha, body(seva.id, addDays(day, 1))))
    const third = await book(app, asha, body(seva.id, addDays(day, 2)))
    expect(third.statusCode).toBe(409)
    expect(third.json()).toEqual({ success: false, message: full })
    // Another devotee books the same days freely.
    booked(await book(app, await makeCustomer(app), body(seva.id, day)))

    await pay(asha, first)
    const fourth = booked(await book(app, asha, body(seva.id, addDays(day, 2))))
    expect((await book(app, asha, body(seva.id, day))).json().message).toBe(full)

    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/seva-bookings/${second}/cancel`,
      headers: asha.auth,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    booked(await book(app, asha, body(seva.id, addDays(day, 3))))
    expect((await book(app, asha, body(seva.id, day))).statusCode).toBe(409)

    // Its hold ran out a minute ago: it holds nothing, even before the sweeper comes round.
    await app.database.db
      .update(sevaBookings)
      .set({ reservedUntil: new Date(Date.now() - 60_000) })
      .where(eq(sevaBookings.id, fourth))
    booked(await book(app, asha, body(seva.id, addDays(day, 4))))
  })

  it('follows the number staff set', async () => {
    const save = (maxUnpaidSevaBookings: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/limits',
        headers: owner.auth,
        payload: { ...defaultHoldLimits, maxUnpaidSevaBookings },
      })
    // The other tests read the default of two: put the shop back however this one ends.
    onTestFinished(() => resetShopSettings(app))
    expect((await save(3)).statusCode).toBe(200)
    const { seva, day } = await roomySeva()
    const asha = await makeCustomer(app)
    for (let i = 0; i < 3; i++) booked(await book(app, asha, body(seva.id, addDays(day, i))))
    const fourth = await book(app, asha, body(seva.id, addDays(day, 3)))
    expect(fourth.json()).toEqual({ success: false, message: en(holdMessages.unpaidBookings, { count: 3 }) })
    expect((await save(2)).statusCode).toBe(200)
  })

  it('four bookings of one devotee at once: two are made, two refused', async () => {
    const { seva, day } = await roomySeva()
    const asha = await makeCustomer(app)
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => book(app, asha, body(seva.id, addDays(day, i)))),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409])
    const rows = await app.database.db.select().from(sevaBookings).where(eq(sevaBookings.userId, asha.id))
    expect(rows).toHaveLength(2)
  })
})

describe('the booking route', () => {
  it('takes at most 30 bookings a minute from one client address, as placing orders does', async () => {
    // The shop's own default rate limit (3,000 a minute in all, a hundredth of it here).
    const shop = await createTestApp()
    try {
      const devotee = await makeCustomer(shop)
      // Refused bookings count too: the limit is on asking, before anything is judged.
      const unaccepted = body('000000000000000000000000', bookingWindow().first, { acceptPolicy: false })
      for (let i = 0; i < 30; i++) {
        const res = await book(shop, devotee, unaccepted, '203.0.113.9')
        expect(res.statusCode).toBe(422)
        expect(res.json().message).toBe(sevaText.policyNotAccepted)
      }
      const over = await book(shop, devotee, unaccepted, '203.0.113.9')
      expect(over.statusCode).toBe(429)
      expect(over.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Too many requests/),
      })
      // Another address is not held back.
      expect((await book(shop, devotee, unaccepted, '203.0.113.10')).statusCode).toBe(422)
    } finally {
      await shop.cleanup()
    }
  })
})
