import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { bookingStaffText } from '../../contracts/admin-sevas.ts'
import {
  addDays,
  bookingWindow,
  indianToday,
  sevaText,
  startOfIndianDay,
  weekdayOf,
} from '../../contracts/seva-text.ts'
import { mailOutbox, sevaBookings, sevaDays } from '../../server/db/schema.ts'
import {
  makeAdmin,
  makeCustomer,
  makeSeva,
  makeStaff,
  makeTemple,
  type Person,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { multipartFiles, png } from './admin-helpers.ts'

let app: TestApp
let staff: Person
let temple: Awaited<ReturnType<typeof makeTemple>>

beforeAll(async () => {
  // Every booking here comes from one client address: the booking route's own limit is tested apart.
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  staff = await makeAdmin(app, 'Meera Iyer')
  temple = await makeTemple(app, { name: 'Kashi Vishwanath', slug: `kashi-${Date.now().toString(36)}` })
})
afterAll(() => app?.cleanup())

const tomorrow = () => bookingWindow().first

/**
 * Moves the shop's clock (Date only: timers and the database run on) to a moment of a booking's day, or `ms`
 * from its start in India, and gives a staff member signed in then (a token from today would have lapsed).
 */
async function clockAt(day: string, ms = 60 * 60_000) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  vi.setSystemTime(startOfIndianDay(day).getTime() + ms)
  return makeAdmin(app, 'Meera Iyer')
}
afterEach(() => {
  vi.useRealTimers()
})
/** The same person signed in again at the clock's time. */
async function again(who: Person): Promise<Person> {
  const { accessToken: token } = await app.services.accounts.startSession(who.id)
  return { ...who, token, auth: { authorization: `Bearer ${token}` } }
}

const bookingBody = (sevaId: string, date: string, over: Record<string, unknown> = {}) => ({
  sevaId,
  date,
  devoteeName: 'Asha Verma',
  gotra: 'Kashyap',
  nakshatra: 'Rohini',
  note: 'For the family’s health',
  acceptPolicy: true,
  ...over,
})

const book = (who: Person, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/seva-bookings', headers: who.auth, payload: body })

/** Pays a booking in the sandbox the way the booking page does: open the payment, the dialog's Pay, verify. */
async function pay(who: Person, bookingId: string) {
  const session = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/payable/create',
    headers: who.auth,
    payload: { purpose: 'booking', payableId: bookingId },
  })
  if (session.statusCode !== 200) return session
  const paid = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/sandbox/pay',
    headers: who.auth,
    payload: { razorpay_order_id: session.json().id },
  })
  expect(paid.statusCode, paid.body).toBe(200)
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.json()
  return app.inject({
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
}

const seeBooking = async (who: Person, id: string) =>
  (await app.inject({ url: `/api/v1/seva-bookings/${id}`, headers: who.auth })).json().data

const takenOn = async (sevaId: string, day: string) => {
  const [row] = await app.database.db
    .select({ taken: sevaDays.taken })
    .from(sevaDays)
    .where(and(eq(sevaDays.sevaId, sevaId), eq(sevaDays.day, day)))
  return row?.taken ?? 0
}

describe('sevas in the console', () => {
  it('staff add a seva to a temple with its days, limit and Hindi name; the shop lists it by temple', async () => {
    const add = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/sevas',
      headers: staff.auth,
      payload: {
        templeId: temple.id,
        name: 'Rudrabhishek',
        nameHi: 'रुद्राभिषेक',
        description: 'Abhishek of the Shivling.',
        price: 1100,
        weekdays: [1, 4],
        dailyLimit: 11,
        active: true,
        cancelHours: 48,
        policy: '',
      },
    })
    expect(add.statusCode, add.body).toBe(200)
    const row = add.json().data
    expect(row).toMatchObject({
      price: 1100,
      weekdays: [1, 4],
      templeName: 'Kashi Vishwanath',
      nameHi: 'रुद्राभिषेक',
    })

    const list = await app.inject({ url: `/api/v1/sevas?temple=${temple.slug}` })
    const mine = list.json().data.find((s: { _id: string }) => s._id === row.id)
    expect(mine).toMatchObject({ name: 'Rudrabhishek', price: 110000, weekdays: [1, 4] })
    const hindi = await app.inject({ url: `/api/v1/sevas?temple=${temple.slug}&lang=hi` })
    expect(hindi.json().data.find((s: { _id: string }) => s._id === row.id).name).toBe('रुद्राभिषेक')

    // Only the offered weekdays, from tomorrow up to 90 days ahead, each with its places left.
    const days = (await app.inject({ url: `/api/v1/sevas/${row.id}` })).json().data.days as Array<{
      date: string
      left: number
    }>
    expect(days.length).toBeGreaterThan(20)
    expect(days.every((d) => [1, 4].includes(weekdayOf(d.date)) && d.left === 11)).toBe(true)
    expect(days[0].date >= tomorrow()).toBe(true)
    expect(days[days.length - 1].date <= addDays(indianToday(), 90)).toBe(true)

    // No weekday ticked, or no temple: refused with a message per field.
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/sevas/${row.id}`,
      headers: staff.auth,
      payload: { templeId: temple.id, name: 'X', price: 10, weekdays: [], dailyLimit: 1 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/day/)

    // Orders staff handle the bookings, not the sevas.
    const orders = await makeStaff(app, 'orders')
    expect((await app.inject({ url: '/api/v1/admin/sevas', headers: orders.auth })).statusCode).toBe(403)
    expect((await app.inject({ url: '/api/v1/admin/seva-bookings', headers: orders.auth })).statusCode).toBe(
      200,
    )
  })

  it('a temple with sevas is not deleted; a seva with bookings is kept', async () => {
    const t = await makeTemple(app)
    const seva = await makeSeva(app, t.id)
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/temples/${t.id}`,
      headers: staff.auth,
    })
    expect(del.statusCode).toBe(409)
    expect(del.json().message).toMatch(/1 seva/)
    const devotee = await makeCustomer(app)
    expect((await book(devotee, bookingBody(seva.id, tomorrow()))).statusCode).toBe(201)
    const delSeva = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/sevas/${seva.id}`,
      headers: staff.auth,
    })
    expect(delSeva.statusCode).toBe(409)
  })
})

describe('booking a day', () => {
  it('books an offered day, holds the place while unpaid, and numbers the booking in its own series', async () => {
    const seva = await makeSeva(app, temple.id, { dailyLimit: 3 })
    const devotee = await makeCustomer(app)
    const res = await book(devotee, bookingBody(seva.id, tomorrow()))
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().message).toBe(sevaText.booked)
    const b = res.json().data
    expect(b).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      devoteeName: 'Asha Verma',
      gotra: 'Kashyap',
      nakshatra: 'Rohini',
      amount: 110000,
      templeName: 'Kashi Vishwanath',
      cancelHours: 48,
      mayCancel: true,
    })
    expect(b.bookingNumber).toMatch(/^SEVA-\d{4}-\d{6}$/)
    expect(b.reservedUntil).not.toBeNull()
    expect(await takenOn(seva.id, tomorrow())).toBe(1)
    const days = (await app.inject({ url: `/api/v1/sevas/${seva.id}` })).json().data.days
    expect(days[0]).toEqual({ date: tomorrow(), left: 2 })
  })

  it('refuses a day the seva is not offered, a day outside the window, an unknown nakshatra and an unaccepted policy', async () => {
    const first = tomorrow()
    const offered = weekdayOf(first)
    const seva = await makeSeva(app, temple.id, { weekdays: [offered] })
    const devotee = await makeCustomer(app)

    const notOffered = await book(devotee, bookingBody(seva.id, addDays(first, 1)))
    expect(notOffered.statusCode).toBe(422)
    expect(notOffered.json().message).toBe(sevaText.dayNotOffered)

    for (const date of [indianToday(), addDays(indianToday(), 91), '2026-02-30']) {
      const out = await book(devotee, bookingBody(seva.id, date))
      expect(out.statusCode, date).toBe(422)
      expect(out.json().message).toBe(sevaText.dayOutOfRange)
    }

    const star = await book(devotee, bookingBody(seva.id, first, { nakshatra: 'Pluto' }))
    expect(star.statusCode).toBe(400)
    const policy = await book(devotee, bookingBody(seva.id, first, { acceptPolicy: false }))
    expect(policy.statusCode).toBe(422)
    expect(policy.json().message).toBe(sevaText.policyNotAccepted)

    const inactive = await makeSeva(app, temple.id, { active: false })
    expect((await book(devotee, bookingBody(inactive.id, first))).statusCode).toBe(404)
    expect(await takenOn(seva.id, first)).toBe(0)
  })

  it('a full day refuses a booking with 409, and the next day is still open', async () => {
    const seva = await makeSeva(app, temple.id, { dailyLimit: 2 })
    const day = tomorrow()
    for (const name of ['Asha', 'Ravi']) {
      expect((await book(await makeCustomer(app, name), bookingBody(seva.id, day))).statusCode).toBe(201)
    }
    const late = await book(await makeCustomer(app), bookingBody(seva.id, day))
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(sevaText.dayFull)
    expect((await book(await makeCustomer(app), bookingBody(seva.id, addDays(day, 1)))).statusCode).toBe(201)
    const days = (await app.inject({ url: `/api/v1/sevas/${seva.id}` })).json().data.days
    expect(days[0]).toEqual({ date: day, left: 0 })
  })

  it('devotees booking the last places at once: exactly the places left succeed, the rest get 409', async () => {
    const seva = await makeSeva(app, temple.id, { dailyLimit: 3 })
    const day = addDays(tomorrow(), 2)
    expect((await book(await makeCustomer(app), bookingBody(seva.id, day))).statusCode).toBe(201)
    const devotees = await Promise.all(Array.from({ length: 8 }, (_, i) => makeCustomer(app, `Devotee ${i}`)))
    const answers = await Promise.all(devotees.map((d) => book(d, bookingBody(seva.id, day))))
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(2)
    expect(codes.filter((c) => c === 409)).toHaveLength(6)
    expect(await takenOn(seva.id, day)).toBe(3)
    const held = await app.database.db
      .select()
      .from(sevaBookings)
      .where(and(eq(sevaBookings.sevaId, seva.id), eq(sevaBookings.day, day)))
    expect(held).toHaveLength(3)
  })

  it('an unpaid booking expires after its hold and its place is free again; a cancelled one frees it at once', async () => {
    const seva = await makeSeva(app, temple.id, { dailyLimit: 1 })
    const day = tomorrow()
    const devotee = await makeCustomer(app)
    const b = (await book(devotee, bookingBody(seva.id, day))).json().data
    expect((await book(await makeCustomer(app), bookingBody(seva.id, day))).statusCode).toBe(409)

    const later = new Date(Date.now() + 31 * 60_000)
    expect((await app.services.sevas.sweep(later)).bookingsExpired).toBeGreaterThanOrEqual(1)
    const seen = (await app.inject({ url: `/api/v1/seva-bookings/${b._id}`, headers: devotee.auth })).json()
      .data
    expect(seen).toMatchObject({ status: 'expired', paymentStatus: 'not_paid', mayCancel: false })
    expect(await takenOn(seva.id, day)).toBe(0)

    const other = await makeCustomer(app)
    const second = (await book(other, bookingBody(seva.id, day))).json().data
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/seva-bookings/${second._id}/cancel`,
      headers: other.auth,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json().message).toBe(sevaText.cancelled)
    expect(cancel.json().data.status).toBe('cancelled')
    expect(await takenOn(seva.id, day)).toBe(0)
  })
})

describe('paying and cancelling', () => {
  it('a paid booking is confirmed with its number e-mailed; another devotee cannot pay it, nor anyone twice', async () => {
    const seva = await makeSeva(app, temple.id, { price: 501_00 })
    const asha = await makeCustomer(app, 'Asha')
    const ravi = await makeCustomer(app, 'Ravi')
    const b = (await book(asha, bookingBody(seva.id, tomorrow()))).json().data
    expect((await pay(ravi, b._id)).statusCode).toBe(404)
    const paid = await pay(asha, b._id)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await seeBooking(asha, b._id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      reservedUntil: null,
    })
    expect((await pay(asha, b._id)).statusCode).toBe(409)
    // The sweeper leaves a paid booking alone.
    await app.services.sevas.sweep(new Date(Date.now() + 60 * 60_000))
    expect((await seeBooking(asha, b._id)).status).toBe('confirmed')
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, asha.email), eq(mailOutbox.kind, 'booking.confirmed')))
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain(b.bookingNumber)
    expect(mails[0].text).toContain('₹501')
  })

  it('a payment arriving after the hold lapsed takes the place again, or is refunded when the day is full', async () => {
    const seva = await makeSeva(app, temple.id, { dailyLimit: 1 })
    const day = tomorrow()
    const asha = await makeCustomer(app)
    const payLate = async (who: Person, id: string, between: () => Promise<unknown>) => {
      const session = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/payable/create',
        headers: who.auth,
        payload: { purpose: 'booking', payableId: id },
      })
      await between()
      const paid = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/sandbox/pay',
        headers: who.auth,
        payload: { razorpay_order_id: session.json().id },
      })
      return app.inject({
        method: 'POST',
        url: '/api/v1/payments/payable/verify',
        headers: who.auth,
        payload: { purpose: 'booking', payableId: id, ...(paid.json() as Record<string, string>) },
      })
    }
    const first = (await book(asha, bookingBody(seva.id, day))).json().data
    const expire = () => app.services.sevas.sweep(new Date(Date.now() + 31 * 60_000))
    expect((await payLate(asha, first._id, expire)).statusCode).toBe(200)
    expect(await seeBooking(asha, first._id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    expect(await takenOn(seva.id, day)).toBe(1)

    const other = await makeSeva(app, temple.id, { dailyLimit: 1 })
    const ravi = await makeCustomer(app)
    const second = (await book(asha, bookingBody(other.id, day))).json().data
    const expireAndFill = async () => {
      await expire()
      expect((await book(ravi, bookingBody(other.id, day))).statusCode).toBe(201)
    }
    await payLate(asha, second._id, expireAndFill)
    expect(await seeBooking(asha, second._id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    })
    expect(await takenOn(other.id, day)).toBe(1)
  })

  it('an expired booking cannot be paid', async () => {
    const seva = await makeSeva(app, temple.id)
    const asha = await makeCustomer(app)
    const b = (await book(asha, bookingBody(seva.id, tomorrow()))).json().data
    await app.services.sevas.sweep(new Date(Date.now() + 31 * 60_000))
    const res = await pay(asha, b._id)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(sevaText.notPayable)
  })

  it('cancelled within the policy: refunded in full; after the policy’s hours: cancelled without a refund', async () => {
    const seva = await makeSeva(app, temple.id, { cancelHours: 48 })
    const asha = await makeCustomer(app)
    const early = (await book(asha, bookingBody(seva.id, addDays(tomorrow(), 5)))).json().data
    await pay(asha, early._id)
    const c1 = await app.inject({
      method: 'POST',
      url: `/api/v1/seva-bookings/${early._id}/cancel`,
      headers: asha.auth,
    })
    expect(c1.statusCode, c1.body).toBe(200)
    expect(c1.json().message).toBe(sevaText.cancelledRefund)
    expect(c1.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' })
    const payments = await app.services.payments.recordsFor('booking', early._id)
    expect(payments.map((p) => p.status)).toEqual(['refunded'])

    // Tomorrow begins in less than 48 hours: the policy gives no refund.
    const late = (await book(asha, bookingBody(seva.id, tomorrow()))).json().data
    await pay(asha, late._id)
    const c2 = await app.inject({
      method: 'POST',
      url: `/api/v1/seva-bookings/${late._id}/cancel`,
      headers: asha.auth,
    })
    expect(c2.json().message).toBe(sevaText.cancelledNoRefund)
    expect(c2.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', mayCancel: false })
    expect(await takenOn(seva.id, tomorrow())).toBe(0)
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/seva-bookings/${late._id}/cancel`,
      headers: asha.auth,
    })
    expect(again.statusCode).toBe(422)
  })
})

describe('a devotee’s own bookings', () => {
  it('a devotee cannot see or cancel another’s booking; each lists only their own', async () => {
    const seva = await makeSeva(app, temple.id)
    const asha = await makeCustomer(app, 'Asha')
    const ravi = await makeCustomer(app, 'Ravi')
    const b = (await book(asha, bookingBody(seva.id, tomorrow()))).json().data

    const peek = await app.inject({ url: `/api/v1/seva-bookings/${b._id}`, headers: ravi.auth })
    expect(peek.statusCode).toBe(404)
    expect(peek.json().message).toBe(sevaText.bookingNotFound)
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/seva-bookings/${b._id}/cancel`,
      headers: ravi.auth,
    })
    expect(cancel.statusCode).toBe(404)
    expect((await app.inject({ url: '/api/v1/seva-bookings', headers: ravi.auth })).json().data).toEqual([])
    const own = (await app.inject({ url: '/api/v1/seva-bookings', headers: asha.auth })).json().data
    expect(own.map((x: { _id: string }) => x._id)).toEqual([b._id])
    expect((await app.inject({ url: `/api/v1/seva-bookings/${b._id}` })).statusCode).toBe(401)
  })

  it('performed with a photo and a video: shown to its devotee only, and e-mailed to them', async () => {
    const seva = await makeSeva(app, temple.id)
    let asha = await makeCustomer(app, 'Asha')
    let ravi = await makeCustomer(app, 'Ravi')
    const b = (await book(asha, bookingBody(seva.id, tomorrow()))).json().data

    // Not before it is paid.
    const early = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/seva-bookings/${b._id}/performed`,
      headers: staff.auth,
    })
    expect(early.statusCode).toBe(422)

    expect((await pay(asha, b._id)).statusCode).toBe(200)
    const confirmed = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, asha.email), eq(mailOutbox.kind, 'booking.confirmed')))
    expect(confirmed).toHaveLength(1)
    expect(confirmed[0].subject).toContain(b.bookingNumber)
    expect(confirmed[0].text).toContain('48 hours')

    // The day's list in the console.
    const day = await app.inject({
      url: `/api/v1/admin/seva-bookings?date=${tomorrow()}`,
      headers: staff.auth,
    })
    expect(
      day
        .json()
        .data.items.some((x: { _id: string; status: string }) => x._id === b._id && x.status === 'confirmed'),
    ).toBe(true)

    const http = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/seva-bookings/${b._id}/video`,
      headers: staff.auth,
      payload: { videoUrl: 'http://example.in/video' },
    })
    expect(http.statusCode).toBe(400)
    expect(http.json().message).toMatch(/https:\/\//)
    const video = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/seva-bookings/${b._id}/video`,
      headers: staff.auth,
      payload: { videoUrl: 'https://www.youtube.com/watch?v=seva123' },
    })
    expect(video.statusCode, video.body).toBe(200)
    // Nothing is sent before the seva is performed, and staff are told so.
    expect(video.json().message).toBe(bookingStaffText.videoKept)
    const upload = multipartFiles([
      { field: 'image', filename: 'seva.png', content: await png(), type: 'image/png' },
    ])
    const photo = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/seva-bookings/${b._id}/photo`,
      headers: { ...staff.auth, ...upload.headers },
      payload: upload.payload,
    })
    expect(photo.statusCode, photo.body).toBe(200)
    expect(photo.json().message).toBe(bookingStaffText.photoKept)
    const onTheDay = await clockAt(b.date)
    asha = await again(asha)
    ravi = await again(ravi)
    const performed = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/seva-bookings/${b._id}/performed`,
      headers: onTheDay.auth,
    })
    expect(performed.statusCode, performed.body).toBe(200)
    expect(performed.json().message).toBe(bookingStaffText.performed)

    const seen = (await app.inject({ url: `/api/v1/seva-bookings/${b._id}`, headers: asha.auth })).json().data
    expect(seen).toMatchObject({ status: 'performed', videoUrl: 'https://www.youtube.com/watch?v=seva123' })
    expect(seen.photo).toMatch(/^\/uploads\/sevas\/.+-800\.webp$/)
    expect(seen.performedAt).not.toBeNull()
    expect((await app.inject({ url: `/api/v1/seva-bookings/${b._id}`, headers: ravi.auth })).statusCode).toBe(
      404,
    )
    // The public seva answers say nothing of any booking.
    expect((await app.inject({ url: `/api/v1/sevas/${seva.id}` })).body).not.toContain('/uploads/sevas/')

    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, asha.email), eq(mailOutbox.kind, 'booking.performed')))
    expect(mails).toHaveLength(1)
    expect(mails[0].html).toContain(seen.photo)
    expect(mails[0].text).toContain('https://www.youtube.com/watch?v=seva123')
    expect(
      (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, ravi.email))).length,
    ).toBe(0)

    const audit = await app.inject({ url: '/api/v1/admin/audit?entity=booking', headers: onTheDay.auth })
    const sentences = audit.json().data.items.map((i: { sentence: string }) => i.sentence)
    expect(sentences).toContain(`Meera Iyer marked the seva booking ${b.bookingNumber} as performed`)
  })

  it('is marked performed only from the start of its day in India, and the devotee hears nothing before', async () => {
    const seva = await makeSeva(app, temple.id)
    const asha = await makeCustomer(app, 'Asha')
    const b = (await book(asha, bookingBody(seva.id, tomorrow()))).json().data
    expect((await pay(asha, b._id)).statusCode).toBe(200)
    const markPerformed = (who: Person) =>
      app.inject({ method: 'POST', url: `/api/v1/admin/seva-bookings/${b._id}/performed`, headers: who.auth })
    const inWords = new Intl.DateTimeFormat('en-IN', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${b.date}T00:00:00Z`),
    )

    const today = await markPerformed(staff)
    expect(today.statusCode).toBe(422)
    expect(today.json().message).toBe(bookingStaffText.notYetDay(inWords))
    expect(today.json().message).toBe(
      `This seva is booked for ${inWords}: mark it performed on or after that day.`,
    )
    // A minute before midnight in India, the eve of the day: still not.
    const eve = await markPerformed(await clockAt(b.date, -60_000))
    expect(eve.statusCode).toBe(422)
    const status = async () =>
      (await app.inject({ url: `/api/v1/seva-bookings/${b._id}`, headers: (await again(asha)).auth })).json()
        .data.status
    expect(await status()).toBe('confirmed')
    const performedMails = () =>
      app.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, asha.email), eq(mailOutbox.kind, 'booking.performed')))
    expect(await performedMails()).toHaveLength(0)

    // From midnight on, it can be.
    const onTheDay = await markPerformed(await clockAt(b.date, 1_000))
    expect(onTheDay.statusCode, onTheDay.body).toBe(200)
    expect(await status()).toBe('performed')
    expect(await performedMails()).toHaveLength(1)
  })
})
