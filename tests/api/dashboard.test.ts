import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { orderWorkLinks, stockLinks } from '../../app/features/admin/dashboard-links.ts'
import type { AdminDashboard } from '../../contracts/admin-dashboard.ts'
import { codMethod } from '../../contracts/cod.ts'
import {
  insertBooking,
  insertMessage,
  insertOrder,
  insertOutboxMail,
  makeCustomer,
  makeProduct,
  makeSeva,
  makeStaff,
  makeTemple,
  type Person,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** The console's dashboard (GET /api/v1/admin/overview): the day's work, stock and sales, per staff role. */

let app: TestApp
let owner: Person
let customer: Person

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  owner = await makeStaff(app, 'owner', 'Meera Owner')
  customer = await makeCustomer(app)
})
afterAll(() => app?.cleanup())

const dashboard = async (who: Person): Promise<AdminDashboard> => {
  const res = await app.inject({ url: '/api/v1/admin/overview', headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

/** The total of the list a dashboard link opens: the console's address is the API's under /api/v1. */
const listTotal = async (link: string) => {
  const res = await app.inject({ url: `/api/v1${link}`, headers: owner.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.total as number
}

/** An instant given as India time (UTC+05:30). */
const ist = (local: string) => new Date(`${local}+05:30`)
const sales = (now: Date) => app.services.admin.overview('owner', now).then((d) => d.sales!)

describe('the work to do', () => {
  it('counts each kind of order and message waiting, and each count opens a list of exactly those', async () => {
    const before = (await dashboard(owner)).orders!
    const piece = await makeProduct(app)
    const line = [{ id: piece.id, price: 1500_00 }]
    const order = (extra: Parameters<typeof insertOrder>[3]) => insertOrder(app, customer.id, line, extra)
    await order({ paymentStatus: 'Paid' })
    await order({ status: 'Processing', paymentStatus: 'Paid' })
    await order({ paymentStatus: 'Pay on delivery', paymentMethod: codMethod })
    await order({ paymentStatus: 'Pending' })
    await order({ paymentStatus: 'Failed' })
    await order({ status: 'Cancelled', paymentStatus: 'Refund pending' })
    // Done with, so not counted: shipped, delivered, expired, refunded.
    await order({ status: 'Shipped', paymentStatus: 'Paid' })
    await order({ status: 'Delivered', paymentStatus: 'Paid', paymentMethod: codMethod })
    await order({ status: 'Cancelled', paymentStatus: 'Expired' })
    await order({ status: 'Cancelled', paymentStatus: 'Refunded' })
    await insertMessage(app)
    await insertMessage(app)
    await insertMessage(app, { status: 'read' })
    await insertMessage(app, { kind: 'newsletter', message: null })
    await insertOutboxMail(app, { status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' })
    await insertOutboxMail(app, { status: 'queued' })
    await insertOutboxMail(app, { status: 'sent', sentAt: new Date() })

    const after = (await dashboard(owner)).orders!
    expect({
      toShip: after.toShip - before.toShip,
      codToShip: after.codToShip - before.codToShip,
      awaitingPayment: after.awaitingPayment - before.awaitingPayment,
      refundsPending: after.refundsPending - before.refundsPending,
      unreadMessages: after.unreadMessages - before.unreadMessages,
      failedEmails: after.failedEmails - before.failedEmails,
    }).toEqual({
      toShip: 2,
      codToShip: 1,
      awaitingPayment: 2,
      refundsPending: 1,
      unreadMessages: 2,
      failedEmails: 1,
    })
    for (const [key, link] of Object.entries(orderWorkLinks)) {
      expect([key, await listTotal(link)]).toEqual([key, after[key as keyof typeof after]])
    }
  })

  it('lists the products at or below the low-stock threshold, out of stock ones first', async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/mail',
      headers: owner.auth,
      payload: { notificationEmail: '', lowStockThreshold: 4 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const before = (await dashboard(owner)).stock!
    const made = {
      none: await makeProduct(app, { title: 'Madhubani Fish Pair', quantity: 0 }),
      two: await makeProduct(app, { title: 'Dokra Horse', quantity: 2 }),
      four: await makeProduct(app, { title: 'Pattachitra Scroll', quantity: 4 }),
      five: await makeProduct(app, { title: 'Kantha Stole', quantity: 5 }),
      archived: await makeProduct(app, { title: 'Old Lamp', quantity: 0, archivedAt: new Date() }),
      draft: await makeProduct(app, { title: 'Bidri Box', quantity: 1, isApproved: false }),
    }
    const after = (await dashboard(owner)).stock!
    expect(after.threshold).toBe(4)
    expect(after.low - before.low).toBe(4)
    expect(after.out - before.out).toBe(1)
    expect(after.awaitingApproval - before.awaitingApproval).toBe(1)
    const mine = new Set([
      made.none.id,
      made.two.id,
      made.four.id,
      made.five.id,
      made.archived.id,
      made.draft.id,
    ])
    expect(after.products.filter((p) => mine.has(p._id))).toEqual([
      { _id: made.none.id, title: 'Madhubani Fish Pair', quantity: 0 },
      { _id: made.draft.id, title: 'Bidri Box', quantity: 1 },
      { _id: made.two.id, title: 'Dokra Horse', quantity: 2 },
      { _id: made.four.id, title: 'Pattachitra Scroll', quantity: 4 },
    ])
    for (const [key, link] of Object.entries(stockLinks)) {
      expect([key, await listTotal(link)]).toEqual([key, after[key as keyof typeof stockLinks]])
    }
    // The list filtered to low stock puts the least stock first, as the dashboard does.
    const low = await app.inject({
      url: '/api/v1/admin/products?stock=low&pageSize=100',
      headers: owner.auth,
    })
    const quantities = low.json().data.items.map((p: { quantity: number }) => p.quantity)
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b))
    expect(quantities.every((q: number) => q <= 4)).toBe(true)
  })
})

describe('sales in India time', () => {
  it('counts an order at 23:50 today and not one at 00:10 tomorrow; weeks start on Monday', async () => {
    const piece = await makeProduct(app)
    const paidAt = async (local: string, rupees: number, extra: Parameters<typeof insertOrder>[3] = {}) =>
      insertOrder(app, customer.id, [{ id: piece.id, price: rupees * 100 }], {
        paymentStatus: 'Paid',
        createdAt: ist(local),
        ...extra,
      })
    // Wednesday 15 January 2025.
    await paidAt('2025-01-15T23:50:00', 100)
    await paidAt('2025-01-16T00:10:00', 200)
    await paidAt('2025-01-13T00:05:00', 300) // Monday: this week
    await paidAt('2025-01-12T23:55:00', 400) // Sunday: last week, this month
    await paidAt('2025-01-01T00:30:00', 500) // this month
    await paidAt('2024-12-31T23:30:00', 600) // last month, within 30 days
    await paidAt('2024-12-16T23:00:00', 900) // older than 30 days
    // Cash on delivery counts once delivered (the order is then paid); not before.
    await paidAt('2025-01-15T10:00:00', 700, { status: 'Delivered', paymentMethod: codMethod })
    await paidAt('2025-01-15T11:00:00', 800, { paymentStatus: 'Pay on delivery', paymentMethod: codMethod })
    // Not paid, or the money went back.
    await paidAt('2025-01-15T12:00:00', 50, { paymentStatus: 'Pending' })
    await paidAt('2025-01-15T13:00:00', 60, { status: 'Cancelled', paymentStatus: 'Refund pending' })
    await paidAt('2025-01-15T14:00:00', 70, { status: 'Cancelled', paymentStatus: 'Refunded' })

    const late = await sales(ist('2025-01-15T23:55:00'))
    expect(late.date).toBe('2025-01-15')
    expect(late.weekStart).toBe('2025-01-13')
    expect(late.monthStart).toBe('2025-01-01')
    expect(late.today).toEqual({ orders: 2, rupees: 800 })
    expect(late.yesterday).toEqual({ orders: 0, rupees: 0 })
    expect(late.thisWeek).toEqual({ orders: 3, rupees: 1100 })
    expect(late.thisMonth).toEqual({ orders: 5, rupees: 2000 })

    // Ten minutes past midnight in India (still the 15th in UTC): a new day, the same week and month.
    const early = await sales(ist('2025-01-16T00:20:00'))
    expect(early.date).toBe('2025-01-16')
    expect(early.today).toEqual({ orders: 1, rupees: 200 })
    // The 15th's till, read the morning after.
    expect(early.yesterday).toEqual({ orders: 2, rupees: 800 })
    expect(early.thisWeek).toEqual({ orders: 4, rupees: 1300 })
    expect(early.thisMonth).toEqual({ orders: 6, rupees: 2200 })
  })

  it('gives the last 30 days, today last and empty days as 0, and the whole month on the 31st', async () => {
    const piece = await makeProduct(app)
    const paidAt = (local: string, rupees: number) =>
      insertOrder(app, customer.id, [{ id: piece.id, price: rupees * 100 }], {
        paymentStatus: 'Paid',
        createdAt: ist(local),
      })
    await paidAt('2025-03-01T09:00:00', 1000) // the 1st: this month, but 31 days ago
    await paidAt('2025-03-02T00:00:00', 250)
    await paidAt('2025-03-02T23:59:00', 250)
    await paidAt('2025-03-31T08:00:00', 1850.5)
    const s = await sales(ist('2025-03-31T12:00:00'))
    expect(s.days).toHaveLength(30)
    expect(s.days[0]).toEqual({ date: '2025-03-02', orders: 2, rupees: 500 })
    expect(s.days[1]).toEqual({ date: '2025-03-03', orders: 0, rupees: 0 })
    expect(s.days.at(-1)).toEqual({ date: '2025-03-31', orders: 1, rupees: 1850.5 })
    expect(s.days.map((d) => d.date)).toEqual([...new Set(s.days.map((d) => d.date))].sort())
    expect(s.thisMonth).toEqual({ orders: 4, rupees: 3350.5 })
    expect(s.weekStart).toBe('2025-03-31')
    expect(s.thisWeek).toEqual({ orders: 1, rupees: 1850.5 })
  })

  it('names the best sellers of the last 30 days by rupees, with the pieces sold', async () => {
    const scroll = await makeProduct(app, { title: 'Kalighat Scroll' })
    const mask = await makeProduct(app, { title: 'Chhau Mask' })
    const diya = await makeProduct(app, { title: 'Terracotta Diya' })
    const on = (local: string, lines: Parameters<typeof insertOrder>[2], extra = {}) =>
      insertOrder(app, customer.id, lines, { paymentStatus: 'Paid', createdAt: ist(local), ...extra })
    await on('2025-06-10T10:00:00', [
      { id: scroll.id, price: 500_00, quantity: 2 },
      { id: diya.id, price: 100_00, quantity: 3 },
    ])
    await on('2025-06-20T10:00:00', [{ id: mask.id, price: 1500_00 }])
    // Not counted: unpaid, and older than 30 days.
    await on('2025-06-20T11:00:00', [{ id: diya.id, price: 100_00, quantity: 50 }], {
      paymentStatus: 'Pending',
    })
    await on('2025-05-01T10:00:00', [{ id: diya.id, price: 100_00, quantity: 40 }])
    const s = await sales(ist('2025-06-30T18:00:00'))
    expect(s.topProducts).toEqual([
      { _id: mask.id, title: 'Chhau Mask', units: 1, rupees: 1500 },
      { _id: scroll.id, title: 'Kalighat Scroll', units: 2, rupees: 1000 },
      { _id: diya.id, title: 'Terracotta Diya', units: 3, rupees: 300 },
    ])
  })
})

describe('sevas of today and tomorrow', () => {
  it('counts the paid bookings of today (to perform and performed) and of tomorrow, by India’s calendar', async () => {
    const temple = await makeTemple(app, {
      name: 'Kashi Vishwanath',
      slug: `kashi-${Date.now().toString(36)}`,
    })
    const seva = await makeSeva(app, temple.id)
    const on = (day: string, over: Parameters<typeof insertBooking>[4] = {}) =>
      insertBooking(app, customer.id, seva, day, over)
    await on('2031-04-10')
    await on('2031-04-10')
    await on('2031-04-10', { status: 'performed', performedAt: new Date() })
    await on('2031-04-11')
    // Not counted: unpaid, cancelled, expired, and the day after tomorrow.
    await on('2031-04-10', { status: 'pending', paymentStatus: 'pending' })
    await on('2031-04-11', { status: 'cancelled', paymentStatus: 'refunded', placeHeld: false })
    await on('2031-04-11', { status: 'expired', paymentStatus: 'not_paid', placeHeld: false })
    await on('2031-04-12')

    // 00:30 on the 10th in India is still the 9th in UTC.
    const d = await app.services.admin.overview('orders', ist('2031-04-10T00:30:00'))
    expect(d.sevas).toEqual({
      today: { date: '2031-04-10', toPerform: 2, performed: 1 },
      tomorrow: { date: '2031-04-11', toPerform: 1, performed: 0 },
    })
    const catalogue = await app.services.admin.overview('catalogue', ist('2031-04-10T00:30:00'))
    expect(catalogue.sevas).toBeNull()
  })
})

describe('what each staff role is sent', () => {
  it('sends sales and order work to Orders staff, stock to Catalogue staff, everything to owners and managers', async () => {
    const parts = (d: AdminDashboard) => ({
      orders: d.orders !== null,
      stock: d.stock !== null,
      sales: d.sales !== null,
    })
    expect(parts(await dashboard(owner))).toEqual({ orders: true, stock: true, sales: true })
    expect(parts(await dashboard(await makeStaff(app, 'manager')))).toEqual({
      orders: true,
      stock: true,
      sales: true,
    })
    expect(parts(await dashboard(await makeStaff(app, 'orders')))).toEqual({
      orders: true,
      stock: false,
      sales: true,
    })
    const catalogue = await makeStaff(app, 'catalogue')
    expect(parts(await dashboard(catalogue))).toEqual({ orders: false, stock: true, sales: false })
    // Nothing of the sales reaches Catalogue staff, not even as empty figures.
    const raw = (await app.inject({ url: '/api/v1/admin/overview', headers: catalogue.auth })).body
    expect(raw).not.toMatch(/rupees|topProducts|toShip/)
  })

  it('refuses customers and callers without a sign-in', async () => {
    expect((await app.inject({ url: '/api/v1/admin/overview', headers: customer.auth })).statusCode).toBe(403)
    expect((await app.inject({ url: '/api/v1/admin/overview' })).statusCode).toBe(401)
  })
})
