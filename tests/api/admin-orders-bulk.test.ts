import { mkdirSync, writeFileSync } from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ordersPerBatch } from '../../contracts/admin.ts'
import { type AdminShipOrdersResult, shipOrdersMessage } from '../../contracts/admin-orders.ts'
import { codMethod } from '../../contracts/cod.ts'
import { newId } from '../../server/db/ids.ts'
import { auditLog, mailOutbox, orderHistory, orderItems, users } from '../../server/db/schema.ts'
import { queueConditions, searchConditions } from '../../server/modules/orders/console-repo.ts'
import { notYourArea } from '../../server/plugins/auth.ts'
import {
  insertOrder,
  makeCustomer,
  makeProduct,
  makeStaff,
  openPayment,
  orderOf,
  type Person,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * The console's orders for daily work (issue 16, decision 094): the list's filters and search, marking
 * several orders Shipped at once with their tracking links, and packing slips as PDF.
 */

let app: TestApp
let owner: Person
let product: Awaited<ReturnType<typeof makeProduct>>

// Read only: orders are written straight to the database, so no test changes the product's stock.
beforeAll(async () => {
  app = await createTestApp()
  product = await makeProduct(app, { title: 'Warli Tarpa Dance Painting' })
})
beforeEach(async () => {
  owner = await makeStaff(app, 'owner', 'Meera Owner')
})
afterAll(() => app?.cleanup())

const call = (who: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who.auth, ...(payload ? { payload } : {}) })

type Order = Parameters<typeof insertOrder>[3]
const order = (customer: Person, extra: Order = {}) =>
  insertOrder(app, customer.id, [{ id: product.id, price: 1850_00 }], extra)

/** The order numbers the list shows for a query string. */
async function listed(query: string): Promise<string[]> {
  const res = await call(owner, 'GET', `/orders?pageSize=100&${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.items.map((o: { orderNumber: string }) => o.orderNumber)
}

/** A customer whose name no other test uses, with an e-mail and a mobile of their own. */
async function uniqueCustomer(name: string, mobile: string | null = null) {
  const c = await makeCustomer(app, name)
  const email = `${name.replace(/\s+/g, '.')}.${newId().slice(-6)}@Example.in`
  await app.database.db.update(users).set({ email, mobile }).where(eq(users.id, c.id))
  return { ...c, email }
}

describe('the order list: filters and search', () => {
  it('filters by fulfilment and payment state, by each work queue and by dates (India time)', async () => {
    const c = await uniqueCustomer('Filter Kumari')
    const q = `q=${encodeURIComponent('Filter Kumari')}`
    const paid = await order(c, { paymentStatus: 'Paid', createdAt: new Date('2025-03-10T23:30:00+05:30') })
    const packing = await order(c, {
      status: 'Processing',
      paymentStatus: 'Paid',
      createdAt: new Date('2025-03-11T00:30:00+05:30'),
    })
    const cod = await order(c, {
      paymentStatus: 'Pay on delivery',
      paymentMethod: codMethod,
      createdAt: new Date('2025-03-12T10:00:00+05:30'),
    })
    const unpaid = await order(c, { paymentStatus: 'Pending' })
    const failed = await order(c, { paymentStatus: 'Failed' })
    const refund = await order(c, { status: 'Cancelled', paymentStatus: 'Refund pending' })
    const shipped = await order(c, { status: 'Shipped', paymentStatus: 'Paid' })

    expect((await listed(q)).sort()).toEqual(
      [paid, packing, cod, unpaid, failed, refund, shipped].map((o) => o.orderNumber).sort(),
    )
    expect(await listed(`${q}&status=Processing`)).toEqual([packing.orderNumber])
    expect(await listed(`${q}&status=Shipped`)).toEqual([shipped.orderNumber])
    expect(await listed(`${q}&payment=Pay%20on%20delivery`)).toEqual([cod.orderNumber])
    expect((await listed(`${q}&payment=Paid`)).sort()).toEqual(
      [paid, packing, shipped].map((o) => o.orderNumber).sort(),
    )
    expect((await listed(`${q}&queue=toShip`)).sort()).toEqual(
      [paid, packing].map((o) => o.orderNumber).sort(),
    )
    expect(await listed(`${q}&queue=codToShip`)).toEqual([cod.orderNumber])
    expect((await listed(`${q}&queue=awaitingPayment`)).sort()).toEqual(
      [unpaid, failed].map((o) => o.orderNumber).sort(),
    )
    expect(await listed(`${q}&queue=refundPending`)).toEqual([refund.orderNumber])

    // 23:30 on the 10th and 00:30 on the 11th are different days in India, whatever the server's zone.
    expect(await listed(`${q}&from=2025-03-11&to=2025-03-11`)).toEqual([packing.orderNumber])
    expect(await listed(`${q}&to=2025-03-10`)).toEqual([paid.orderNumber])
    expect(await listed(`${q}&from=2025-03-11&to=2025-03-12`)).toEqual([cod.orderNumber, packing.orderNumber])
    // Filters combine: paid orders to ship of the 11th only.
    expect(await listed(`${q}&queue=toShip&from=2025-03-11`)).toEqual([packing.orderNumber])

    // The only row that may be ticked to ship: paid or cash on delivery, not yet shipped.
    const rows = (await call(owner, 'GET', `/orders?pageSize=100&${q}`)).json().data.items as Array<{
      orderNumber: string
      mayShip: boolean
    }>
    expect(
      rows
        .filter((r) => r.mayShip)
        .map((r) => r.orderNumber)
        .sort(),
    ).toEqual([paid, packing, cod].map((o) => o.orderNumber).sort())
  })

  it('adds up the totals of every order a filter or a search matches, across pages', async () => {
    const c = await uniqueCustomer('Summa Devi')
    const on = (price: number, extra: Order) =>
      insertOrder(app, c.id, [{ id: product.id, price, quantity: 2 }], extra)
    // A day of its own, long ago: nothing else in the shop was ordered then.
    const day = (hh: string) => new Date(`2019-07-04T${hh}:00:00+05:30`)
    // Two pieces each: ₹2,501, ₹1,998 and ₹20,000.
    await on(1250_50, { paymentStatus: 'Paid', createdAt: day('09') })
    await on(999_00, { paymentStatus: 'Pending', createdAt: day('10') })
    await on(10_000_00, { paymentStatus: 'Paid', createdAt: day('11') })
    const value = async (query: string) => {
      const res = await call(owner, 'GET', `/orders?pageSize=1&${query}`)
      expect(res.statusCode, res.body).toBe(200)
      const page = res.json().data
      return { total: page.total, value: page.value, listed: page.items.length }
    }
    expect(await value('from=2019-07-04&to=2019-07-04')).toEqual({ total: 3, value: 24_499, listed: 1 })
    expect(await value('from=2019-07-04&to=2019-07-04&payment=Paid')).toEqual({
      total: 2,
      value: 22_501,
      listed: 1,
    })
    expect(await value(`q=${encodeURIComponent('Summa Devi')}`)).toEqual({
      total: 3,
      value: 24_499,
      listed: 1,
    })
    expect(await value('from=2019-07-05&to=2019-07-05')).toEqual({ total: 0, value: 0, listed: 0 })
  })

  it('says clearly when the dates are backwards or not real', async () => {
    const backwards = await call(owner, 'GET', '/orders?from=2025-03-12&to=2025-03-11')
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().message).toMatch(/from” date is after the “to” date/)
    expect((await call(owner, 'GET', '/orders?from=2025-02-30')).statusCode).toBe(400)
    expect((await call(owner, 'GET', '/orders?queue=everything')).statusCode).toBe(400)
  })

  it('finds an order by its phone however it is typed: +91, spaces, dashes, a leading 0', async () => {
    const c = await uniqueCustomer('Phone Devi')
    const kept = await order(c, { shippingPhone: '+91 70123-45678' })
    const plain = await order(c, { shippingPhone: '7012345679' })
    const other = await order(c, { shippingPhone: '9000000001' })
    for (const typed of [
      '7012345678',
      '+91 70123 45678',
      '+917012345678',
      '070123-45678',
      '91 70123 45678',
    ]) {
      expect(await listed(`q=${encodeURIComponent(typed)}`), typed).toEqual([kept.orderNumber])
    }
    expect(await listed(`q=${encodeURIComponent('+91 70123 45679')}`)).toEqual([plain.orderNumber])
    // Part of a number finds every order whose phone holds it.
    expect((await listed('q=7012345')).sort()).toEqual([kept.orderNumber, plain.orderNumber].sort())
    expect(await listed('q=9000000001')).toEqual([other.orderNumber])

    // The account's mobile finds the customer's orders too, whatever phone the delivery named.
    const m = await uniqueCustomer('Mobile Ben', '+91-80123 45678')
    const byAccount = await order(m, { shippingPhone: '9111111111' })
    expect(await listed(`q=${encodeURIComponent('08012345678')}`)).toEqual([byAccount.orderNumber])
  })

  it('finds an order by e-mail in any letter case, the account’s or the delivery’s', async () => {
    const c = await uniqueCustomer('Email Lakshmi')
    const mine = await order(c, { shippingEmail: 'Deliver.Here@Example.IN' })
    expect(await listed(`q=${encodeURIComponent(c.email.toUpperCase())}`)).toEqual([mine.orderNumber])
    expect(await listed(`q=${encodeURIComponent(c.email.toLowerCase())}`)).toEqual([mine.orderNumber])
    expect(await listed(`q=${encodeURIComponent('deliver.here@example.in')}`)).toEqual([mine.orderNumber])
    expect(await listed(`q=${encodeURIComponent('nobody.here@example.in')}`)).toEqual([])
  })

  it('finds an order by its number (any case, part of it, with #) and by the customer’s name', async () => {
    const c = await uniqueCustomer('Saraswati Ranganathan')
    const a = await order(c, { shippingFirstName: 'Gift', shippingLastName: 'Receiver Qadir' })
    const b = await order(c)
    expect(await listed(`q=${a.orderNumber}`)).toEqual([a.orderNumber])
    expect(await listed(`q=${a.orderNumber.toLowerCase()}`)).toEqual([a.orderNumber])
    expect(await listed(`q=${encodeURIComponent(`#${a.orderNumber}`)}`)).toEqual([a.orderNumber])
    expect(await listed(`q=${a.orderNumber.slice(-6)}`)).toEqual([a.orderNumber])
    expect((await listed('q=saraswati%20ranga')).sort()).toEqual([a.orderNumber, b.orderNumber].sort())
    // The name on the delivery, when someone orders for another person.
    expect(await listed('q=receiver%20qadir')).toEqual([a.orderNumber])
    expect(await listed('q=Gift%20Receiver')).toEqual([a.orderNumber])
    // A search combines with the filters, and a % is a character, not a wildcard.
    expect(await listed(`q=saraswati&status=Shipped`)).toEqual([])
    expect(await listed('q=%25')).toEqual([])
  })

  it('lists a search too common to count as its newest matches, page after page, and says there are more', async () => {
    // The shop's limits are 10,000 matches and windows of 20,000 and 200,000 orders; the same code with small ones.
    const repo = app.services.orders.consoleList({ cap: 5, windows: [3, 40] })
    const word = `Zubeida${newId().slice(-6)}`
    const c = await uniqueCustomer('Common Search')
    const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 0, minute))
    // Eight orders name the word, spread among newer and older ones that do not.
    const matching: string[] = []
    for (let i = 0; i < 16; i++) {
      const o = await order(c, {
        createdAt: at(i),
        ...(i % 2 === 0 ? { shippingLastName: word } : {}),
        ...(i === 6 ? { status: 'Shipped' } : {}),
      })
      if (i % 2 === 0) matching.unshift(o.orderNumber)
    }
    const numbers = async (offset: number, limit: number, status?: string) => {
      const found = await repo.orderPage({ q: word, status, offset, limit })
      return { ...found, rows: found.rows.map((r) => r.orderNumber) }
    }
    const first = await numbers(0, 2)
    expect(first).toMatchObject({ total: 5, capped: true, rows: matching.slice(0, 2) })
    // Pages join up, newest first, and end at the cap: later ones reach past the first window.
    const read = [...first.rows, ...(await numbers(2, 2)).rows, ...(await numbers(4, 2)).rows]
    expect(read).toEqual(matching.slice(0, 5))
    expect((await numbers(5, 2)).rows).toEqual([])
    // Under the cap the count is exact and the filters apply to it.
    expect(await numbers(0, 10, 'Shipped')).toMatchObject({ total: 1, capped: false, rows: [matching[4]] })

    // Through the API, under the shop's own cap, the same search is every match, counted exactly.
    const api = await call(owner, 'GET', `/orders?q=${word}`)
    expect(api.json().data).toMatchObject({ total: 8, capped: false })
  })

  it('counts and pages each work queue from an index of its own', async () => {
    const indexes = {
      awaitingPayment: 'orders_awaiting_payment_idx',
      toShip: 'orders_to_ship_idx',
      refundPending: 'orders_refund_pending_idx',
      codToShip: 'orders_cod_to_ship_idx',
    } as const
    for (const [queue, index] of Object.entries(indexes)) {
      const plan = await app.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        await tx.execute(sql`set local enable_bitmapscan = off`)
        const { rows } = (await tx.execute(
          sql`explain select id from orders where ${queueConditions[queue as keyof typeof indexes]}
            order by created_at desc, id desc limit 20`,
        )) as unknown as { rows: Array<Record<string, string>> }
        return rows.map((r) => Object.values(r)[0]).join('\n')
      })
      expect(plan, queue).toContain(index)
    }
  })

  it('answers a search from the trigram indexes rather than reading every order', async () => {
    const plan = (q: string) =>
      app.database.db.transaction(async (tx) => {
        // Tiny test tables are cheaper to read whole (by table or by primary key); forbid both to see
        // which indexes the search can use, as it does on a table of real size.
        await tx.execute(sql`set local enable_seqscan = off`)
        await tx.execute(sql`set local enable_indexscan = off`)
        const { onOrder, onAccount } = searchConditions(q, app.services.accounts.idsMatching)
        const { rows } = (await tx.execute(
          sql`explain select orders.id from orders where ${onOrder}
            union all select orders.id from orders join users on users.id = orders.user_id where ${onAccount}`,
        )) as unknown as { rows: Array<Record<string, string>> }
        return rows.map((r) => Object.values(r)[0]).join('\n')
      })
    const byPhone = await plan('+91 70123 45678')
    expect(byPhone).toContain('orders_shipping_phone_digits_trgm_idx')
    expect(byPhone).toContain('users_mobile_digits_trgm_idx')
    const byText = await plan('lakshmi')
    for (const index of [
      'orders_number_trgm_idx',
      'orders_shipping_email_trgm_idx',
      'orders_shipping_name_trgm_idx',
      'users_email_trgm_idx',
      'users_full_name_trgm_idx',
    ]) {
      expect(byText).toContain(index)
    }
  })
})

describe('marking several orders Shipped at once', () => {
  const link = (n: string) => `https://track.example.in/AWB${n}`
  const shippedMails = (to: string) =>
    app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'order.shipped')))

  it('ships the orders that may be shipped with their own links and says why the rest were not', async () => {
    const c = await uniqueCustomer('Bulk Anjali')
    const paid = await order(c, { paymentStatus: 'Paid' })
    const packing = await order(c, { status: 'Processing', paymentStatus: 'Paid' })
    const cod = await order(c, { paymentStatus: 'Pay on delivery', paymentMethod: codMethod })
    const unpaid = await order(c, { paymentStatus: 'Pending' })
    const already = await order(c, { status: 'Shipped', paymentStatus: 'Paid', shippingLink: link('OLD') })
    const noLink = await order(c, { paymentStatus: 'Paid' })
    const badLink = await order(c, { paymentStatus: 'Paid' })
    const cancelled = await order(c, { status: 'Cancelled', paymentStatus: 'Refunded' })
    const missing = newId()

    const res = await call(owner, 'POST', '/orders/ship', {
      orders: [
        { id: paid.id, shippingLink: link('1') },
        { id: packing.id, shippingLink: ` ${link('2')} ` },
        { id: cod.id, shippingLink: link('3') },
        { id: unpaid.id, shippingLink: link('4') },
        { id: already.id, shippingLink: link('5') },
        { id: noLink.id, shippingLink: '' },
        { id: badLink.id, shippingLink: 'AWB 123 with Delhivery' },
        { id: cancelled.id, shippingLink: link('6') },
        { id: missing, shippingLink: link('7') },
        { id: paid.id, shippingLink: link('8') },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const data: AdminShipOrdersResult = res.json().data
    expect(data).toMatchObject({ shipped: 3, refused: 7 })
    expect(res.json().message).toBe(shipOrdersMessage(data))
    expect(res.json().message).toBe(
      '3 orders marked Shipped; 7 orders not shipped: see the reason beside each.',
    )
    const by = Object.fromEntries(data.results.map((r, i) => [i, r]))
    expect(by[0]).toEqual({
      _id: paid.id,
      orderNumber: paid.orderNumber,
      shipped: true,
      shippingLink: link('1'),
      reason: null,
    })
    expect(by[1]).toMatchObject({ shipped: true, shippingLink: link('2') })
    expect(by[2]).toMatchObject({ shipped: true, shippingLink: link('3') })
    expect(by[3]).toMatchObject({ orderNumber: unpaid.orderNumber, shipped: false })
    expect(by[3]!.reason).toBe('This order is not paid (awaiting payment), so it cannot be marked Shipped.')
    expect(by[4]!.reason).toBe('An order that is Shipped can only move to Out for delivery, Delivered.')
    expect(by[5]!.reason).toBe('Enter the tracking link from the courier before marking the order Shipped.')
    expect(by[6]!.reason).toBe('The tracking link must be a full web address starting with https://')
    expect(by[7]!.reason).toBe('This order is Cancelled; its status cannot change any more.')
    expect(by[8]).toMatchObject({ _id: missing, orderNumber: null, shipped: false, reason: 'No such order.' })
    expect(by[9]!.reason).toBe('This order is listed twice; it was handled once.')

    // The customer sees each shipped order with its own link; the refused ones are as they were.
    const view = async (id: string) => (await call(owner, 'GET', `/orders/${id}`)).json().data
    for (const [o, n] of [
      [paid, '1'],
      [packing, '2'],
      [cod, '3'],
    ] as const) {
      const mine = await app.inject({ url: `/api/v1/order/singleorder/${o.id}`, headers: c.auth })
      expect(mine.json().data.status).toBe('Shipped')
      expect(mine.json().data.shippingInfo.shippingLink).toBe(link(n))
    }
    expect((await view(unpaid.id)).status).toBe('Pending')
    expect((await view(already.id)).shipping.shippingLink).toBe(link('OLD'))
    expect((await view(noLink.id)).status).toBe('Pending')
    expect((await view(badLink.id)).status).toBe('Pending')
    // Cash on delivery stays unpaid until it is delivered.
    expect((await view(cod.id)).paymentStatus).toBe('Pay on delivery')

    // History and audit as for one order: who shipped it, with its link.
    const shippedIds = [paid.id, packing.id, cod.id]
    const history = await app.database.db
      .select()
      .from(orderHistory)
      .where(and(inArray(orderHistory.orderId, shippedIds), eq(orderHistory.status, 'Shipped')))
    expect(history).toHaveLength(3)
    expect(history.every((h) => h.changedBy === owner.id && h.note === 'Shipped with tracking link')).toBe(
      true,
    )
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, owner.id), eq(auditLog.action, 'order.status')))
    expect(audit.filter((a) => shippedIds.includes(a.entityId ?? '')).map((a) => a.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'Shipped', shippingLink: link('1') }),
        expect.objectContaining({ status: 'Shipped', shippingLink: link('2') }),
        expect.objectContaining({ status: 'Shipped', shippingLink: link('3') }),
      ]),
    )
    expect(audit.some((a) => [unpaid.id, noLink.id, badLink.id].includes(a.entityId ?? ''))).toBe(false)

    // One 'shipped' e-mail per shipped order, each naming its own order and link.
    const mails = await shippedMails(c.email)
    expect(mails).toHaveLength(3)
    for (const [o, n] of [
      [paid, '1'],
      [packing, '2'],
      [cod, '3'],
    ] as const) {
      const mail = mails.find((m) => m.subject.includes(o.orderNumber))
      expect(mail, o.orderNumber).toBeDefined()
      expect(mail!.html).toContain(link(n))
    }
  })

  it('sends the customer the same e-mail as shipping one order at a time', async () => {
    const one = await uniqueCustomer('Single Shipping')
    const many = await uniqueCustomer('Single Shipping')
    const a = await order(one, { paymentStatus: 'Paid' })
    const b = await order(many, { paymentStatus: 'Paid' })
    const single = await call(owner, 'POST', `/orders/${a.id}/status`, {
      status: 'Shipped',
      shippingLink: link('SAME'),
    })
    expect(single.statusCode, single.body).toBe(200)
    const bulk = await call(owner, 'POST', '/orders/ship', {
      orders: [{ id: b.id, shippingLink: link('SAME') }],
    })
    expect(bulk.json().message).toBe('1 order marked Shipped.')
    const [x] = await shippedMails(one.email)
    const [y] = await shippedMails(many.email)
    const same = (m: typeof x, number: string, email: string) => ({
      subject: m!.subject.replace(number, 'N'),
      text: m!.text.replaceAll(number, 'N').replaceAll(email, 'E'),
    })
    expect(same(y, b.orderNumber, many.email)).toEqual(same(x, a.orderNumber, one.email))
  })

  it('refuses an empty or too long list, and the Catalogue role, clearly', async () => {
    const empty = await call(owner, 'POST', '/orders/ship', { orders: [] })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('Tick the orders to mark Shipped.')
    const many = Array.from({ length: ordersPerBatch + 1 }, () => ({ id: newId(), shippingLink: link('X') }))
    const tooMany = await call(owner, 'POST', '/orders/ship', { orders: many })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toBe(
      'At most 100 orders at once to mark Shipped: you chose 101. Untick some and try again.',
    )

    const c = await uniqueCustomer('Role Check')
    const o = await order(c, { paymentStatus: 'Paid' })
    const catalogue = await makeStaff(app, 'catalogue', 'Catalogue Staff')
    const refused = await call(catalogue, 'POST', '/orders/ship', {
      orders: [{ id: o.id, shippingLink: link('R') }],
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(notYourArea)
    expect((await call(owner, 'GET', `/orders/${o.id}`)).json().data.status).toBe('Pending')
    const ordersStaff = await makeStaff(app, 'orders', 'Orders Staff')
    const allowed = await call(ordersStaff, 'POST', '/orders/ship', {
      orders: [{ id: o.id, shippingLink: link('R') }],
    })
    expect(allowed.json().data.shipped).toBe(1)
  })
})

describe('packing slips', () => {
  const foundation = {
    legalName: 'Kalaa Seva Foundation',
    legalAddress: '5 Ashok Marg, Hazratganj, Lucknow 226001',
    legalState: 'Uttar Pradesh',
    gstin: '09AAATK1234F1Z5',
    invoicePrefix: 'KS',
  }

  // The same foundation details for every slip; no test changes them.
  beforeAll(async () => {
    const saver = await makeStaff(app, 'owner', 'Meera Owner')
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/invoices',
      headers: saver.auth,
      payload: foundation,
    })
    expect(saved.statusCode, saved.body).toBe(200)
  })

  /** Kept under test-results/ (ignored by git) so a person can look at the slips. */
  function keep(name: string, body: Buffer) {
    mkdirSync('test-results/packing-slips', { recursive: true })
    writeFileSync(`test-results/packing-slips/${name}.pdf`, body)
  }

  async function pages(body: Buffer) {
    const pdf = await getDocumentProxy(new Uint8Array(body))
    const { text } = await extractText(pdf, { mergePages: false })
    return text.map((t) => t.replace(/\s+/g, ' '))
  }

  async function slipOrder(
    customer: Person,
    extra: Order = {},
    items = [{ title: 'Warli Tarpa Dance Painting', quantity: 2 }],
  ) {
    const o = await insertOrder(
      app,
      customer.id,
      items.map((i) => ({ id: product.id, price: 1850_00, quantity: i.quantity })),
      extra,
    )
    const rows = await app.database.db.select().from(orderItems).where(eq(orderItems.orderId, o.id))
    for (const [i, row] of rows.entries()) {
      await app.database.db
        .update(orderItems)
        .set({ title: items[i]!.title })
        .where(eq(orderItems.id, row.id))
    }
    return o
  }

  it('prints one order’s slip: sender, order, ship-to with PIN and phone, items and quantities, no prices', async () => {
    const c = await uniqueCustomer('Slip Meenakshi')
    const o = await slipOrder(
      c,
      {
        paymentStatus: 'Paid',
        shippingFirstName: 'Meenakshi',
        shippingLastName: 'Iyer',
        shippingAddress: '14 Temple Street',
        shippingApartment: 'Near the tank',
        shippingCity: 'Madurai',
        shippingState: 'Tamil Nadu',
        shippingPostalCode: '625001',
        shippingPhone: '9443012345',
        createdAt: new Date('2025-04-02T10:00:00+05:30'),
      },
      [
        { title: 'Warli Tarpa Dance Painting', quantity: 2 },
        { title: 'Chikankari Kurta', quantity: 1 },
      ],
    )
    const res = await call(owner, 'GET', `/orders/${o.id}/packing-slip`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="packing-slip-${o.orderNumber}.pdf"`,
    )
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    keep('one-paid', res.rawPayload)
    const text = await pages(res.rawPayload)
    expect(text).toHaveLength(1)
    const page = text[0]!
    for (const words of [
      'PACKING SLIP',
      foundation.legalName,
      foundation.legalAddress,
      `Order no. ${o.orderNumber}`,
      'Order date 02-04-2025',
      'Meenakshi Iyer',
      '14 Temple Street, Near the tank',
      'Madurai, Tamil Nadu',
      'PIN 625001',
      'Phone 9443012345',
      'Warli Tarpa Dance Painting 2',
      'Chikankari Kurta 1',
      '3 pieces in all',
      'Paid online',
      'Nothing to collect',
      'NOTES',
    ]) {
      expect(page, words).toContain(words)
    }
    // A packing slip shows no money at all for a paid order.
    expect(page).not.toContain('₹')
    expect(page).not.toContain('1,850')
  })

  it('names how an order was paid: UPI chosen in the payment window, on the order, in the console and on the slip', async () => {
    const c = await uniqueCustomer('Slip Upi')
    const stole = await makeProduct(app, { title: 'Kullu Stole', quantity: 5 })
    const order = await orderOf(app, c, stole)
    const paymentInfo = async () =>
      (await app.inject({ url: `/api/v1/order/singleorder/${order._id}`, headers: c.auth })).json().data
        .paymentInfo
    // The spec's placeholder until the provider says how it was paid.
    expect(await paymentInfo()).toEqual({ method: 'Credit Card', status: 'Pending' })
    const session = await openPayment(app, c, order._id)
    const pay = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: c.auth,
      payload: { razorpay_order_id: session.id, method: 'upi', vpa: 'success@razorpay' },
    })
    expect(pay.statusCode, pay.body).toBe(200)
    expect(await paymentInfo()).toEqual({ method: 'UPI', status: 'Paid' })
    const seen = await call(owner, 'GET', `/orders/${order._id}`)
    expect(seen.json().data.payment.method).toBe('UPI')
    const res = await call(owner, 'GET', `/orders/${order._id}/packing-slip`)
    expect(res.statusCode, res.body).toBe(200)
    const [page] = await pages(res.rawPayload)
    expect(page).toContain('Paid online (UPI)')
  })

  it('says what the courier collects for cash on delivery', async () => {
    const c = await uniqueCustomer('Slip Cash')
    const o = await slipOrder(c, {
      paymentStatus: 'Pay on delivery',
      paymentMethod: codMethod,
      total: 3749_00,
    })
    const res = await call(owner, 'GET', `/orders/${o.id}/packing-slip`)
    expect(res.statusCode, res.body).toBe(200)
    keep('one-cod', res.rawPayload)
    const [page] = await pages(res.rawPayload)
    expect(page).toContain('Cash on delivery')
    expect(page).toContain('Collect ₹3,749.00')
  })

  it('prints the slips of several orders in one PDF, a page per order in the order ticked', async () => {
    const c = await uniqueCustomer('Slip Many')
    const a = await slipOrder(c, { paymentStatus: 'Paid' })
    const b = await slipOrder(c, { paymentStatus: 'Pay on delivery', paymentMethod: codMethod })
    const d = await slipOrder(c, { status: 'Processing', paymentStatus: 'Paid' })
    const res = await call(owner, 'GET', `/orders/packing-slips?ids=${[d.id, a.id, b.id, a.id].join(',')}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="packing-slips-3-orders.pdf"')
    keep('three', res.rawPayload)
    const text = await pages(res.rawPayload)
    expect(text).toHaveLength(3)
    expect(text[0]).toContain(`Order no. ${d.orderNumber}`)
    expect(text[1]).toContain(`Order no. ${a.orderNumber}`)
    expect(text[2]).toContain(`Order no. ${b.orderNumber}`)
    expect(text[2]).toContain('Cash on delivery')
    expect(text.every((t) => t.includes(foundation.legalName))).toBe(true)
  })

  it('answers 404 for an order that does not exist and 400 for none or too many, in plain words', async () => {
    const c = await uniqueCustomer('Slip Missing')
    const a = await slipOrder(c, { paymentStatus: 'Paid' })
    const gone = newId()

    const one = await call(owner, 'GET', `/orders/${gone}/packing-slip`)
    expect(one.statusCode).toBe(404)
    expect(one.json().message).toBe('No such order.')
    expect((await call(owner, 'GET', '/orders/not-an-id/packing-slip')).statusCode).toBe(404)

    const some = await call(owner, 'GET', `/orders/packing-slips?ids=${a.id},${gone}`)
    expect(some.statusCode).toBe(404)
    expect(some.json().message).toBe(`One of the orders does not exist: ${gone}. Untick it and try again.`)

    const none = await call(owner, 'GET', '/orders/packing-slips')
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe('Tick the orders for packing slips.')
    const ids = Array.from({ length: ordersPerBatch + 1 }, () => newId()).join(',')
    const tooMany = await call(owner, 'GET', `/orders/packing-slips?ids=${ids}`)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toBe(
      'At most 100 orders at once for packing slips: you chose 101. Untick some and try again.',
    )

    const catalogue = await makeStaff(app, 'catalogue', 'Catalogue Slips')
    expect((await call(catalogue, 'GET', `/orders/${a.id}/packing-slip`)).statusCode).toBe(403)
    expect((await call(catalogue, 'GET', `/orders/packing-slips?ids=${a.id}`)).statusCode).toBe(403)
  })
})
