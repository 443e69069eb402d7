import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { form10bdColumns, givingMessages } from '../../contracts/donations.ts'
import { financialYear } from '../../contracts/gst.ts'
import { donations, mailOutbox, temples } from '../../server/db/schema.ts'
import { parseCsv } from '../../server/lib/csv.ts'
import {
  makeAdmin,
  makeCustomer,
  makeDonation,
  type Person,
  payDonation,
  resetShopSettings,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let asha: Person
let ravi: Person
let staff: Person
const year = financialYear(new Date())

beforeAll(async () => {
  app = await createTestApp()
  // The one temple to give to: read by the tests, changed by none.
  await app.database.db.insert(temples).values({
    slug: 'kashi-vishwanath',
    name: 'Kashi Vishwanath Temple',
    servicesLink: 'https://example.org',
  })
})
beforeEach(async () => {
  asha = await makeCustomer(app, 'Asha Verma')
  ravi = await makeCustomer(app, 'Ravi Kumar')
  staff = await makeAdmin(app)
  await resetShopSettings(app)
})
afterAll(async () => {
  await app?.cleanup()
})

const post = (who: Person, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/donations',
    headers: who.auth,
    payload: {
      for: 'culture',
      amount: 501,
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      ...payload,
    },
  })
const receipt = (who: Person, id: string) =>
  app.inject({ method: 'GET', url: `/api/v1/donations/${id}/receipt`, headers: who.auth })

describe('giving', () => {
  it('offers the foundation’s work and each temple', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/donations/causes' })
    expect(res.statusCode).toBe(200)
    const fors = res.json().data.map((c: { for: string }) => c.for)
    expect(fors).toEqual(['road-safety', 'culture', 'kashi-vishwanath'])
  })

  it('checks the PAN’s form, asks for PAN and address only for an 80G receipt, and keeps them only then', async () => {
    const bad = await post(asha, { wants80g: true, pan: 'ABCD1234F', address: 'Varanasi' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.pan).toBe(givingMessages.panInvalid)
    const missing = await post(asha, { wants80g: true })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toMatchObject({
      pan: givingMessages.panRequired,
      address: givingMessages.addressRequired,
    })
    const good = await post(asha, { wants80g: true, pan: 'abcde1234f', address: '12 Ghat Road, Varanasi' })
    expect(good.statusCode, good.body).toBe(200)
    const [row] = await app.database.db.select().from(donations).where(eq(donations.id, good.json().data._id))
    expect(row).toMatchObject({ donorPan: 'ABCDE1234F', wants80g: true, amount: 50_100, status: 'pending' })
    // Without the 80G box the PAN and address are not kept.
    const plain = await post(asha, { pan: 'ABCDE1234F', address: 'Varanasi' })
    const [kept] = await app.database.db
      .select()
      .from(donations)
      .where(eq(donations.id, plain.json().data._id))
    expect(kept).toMatchObject({ donorPan: null, donorAddress: null, wants80g: false })
  })

  it('refuses an unknown cause, a bad amount, and giving without signing in', async () => {
    expect((await post(asha, { for: 'nowhere' })).statusCode).toBe(400)
    expect((await post(asha, { amount: 5 })).statusCode).toBe(400)
    expect((await post(asha, { amount: 100.5 })).statusCode).toBe(400)
    const temple = await post(asha, { for: 'kashi-vishwanath' })
    expect(temple.json().data).toMatchObject({ cause: 'temple', templeName: 'Kashi Vishwanath Temple' })
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/donations', payload: {} })
    expect(anonymous.statusCode).toBe(401)
  })

  it('an unpaid donation has no receipt', async () => {
    const gift = await makeDonation(app, asha)
    const res = await receipt(asha, gift._id)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(givingMessages.noReceipt)
    const staffRes = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/donations/${gift._id}/receipt`,
      headers: staff.auth,
    })
    expect(staffRes.statusCode).toBe(404)
  })

  it('a paid donation gets a numbered receipt PDF and an e-mail; no one else gets its receipt', async () => {
    const gift = await makeDonation(app, asha, {
      wants80g: true,
      pan: 'ABCDE1234F',
      address: '12 Ghat Road, Varanasi',
      email: 'asha.receipt@example.in',
    })
    const verified = await payDonation(app, asha, gift._id)
    expect(verified.statusCode, verified.body).toBe(200)
    const mine = await app.inject({ method: 'GET', url: `/api/v1/donations/${gift._id}`, headers: asha.auth })
    const paid = mine.json().data
    expect(paid.status).toBe('paid')
    expect(paid.receiptNumber).toMatch(new RegExp(`^DON/${year.slice(2)}/\\d{5}$`))
    const pdf = await receipt(asha, gift._id)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.rawPayload.toString('latin1')).toContain(paid.receiptNumber)
    expect(pdf.headers['content-disposition']).toContain(paid.receiptNumber.replace(/\//g, '-'))
    // Another customer: not found, as if it did not exist.
    expect((await receipt(ravi, gift._id)).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/donations/${gift._id}`, headers: ravi.auth }))
        .statusCode,
    ).toBe(404)
    const mail = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'asha.receipt@example.in'))
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ kind: 'donation.paid' })
    expect(mail[0]!.subject).toContain(paid.receiptNumber)
    expect(mail[0]!.text).toContain(`/donate/thanks/${gift._id}`)
    // A paid donation is not opened for paying again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/payable/create',
      headers: asha.auth,
      payload: { purpose: 'donation', payableId: gift._id },
    })
    expect(again.statusCode).toBe(409)
  })

  it('receipt numbers stay gap-free when many donations are paid at once', async () => {
    const donors = [asha, ravi]
    const gifts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => makeDonation(app, donors[i % 2]!, { amount: 100 + i })),
    )
    const results = await Promise.all(gifts.map((g, i) => payDonation(app, donors[i % 2]!, g._id)))
    for (const r of results) expect(r.statusCode, r.body).toBe(200)
    const rows = await app.database.db.select().from(donations).where(eq(donations.financialYear, year))
    const serials = rows.map((r) => r.receiptSerial!).sort((a, b) => a - b)
    expect(serials).toEqual(Array.from({ length: serials.length }, (_, i) => i + 1))
    expect(new Set(rows.map((r) => r.receiptNumber)).size).toBe(rows.length)
    for (const g of gifts) expect(rows.some((r) => r.id === g._id)).toBe(true)
  })

  it('staff list donations by year and cause, and export one Form 10BD row per receipt', async () => {
    // Six gifts to road safety paid, one with an 80G receipt: more than a page of five.
    const gifts = [
      await makeDonation(app, asha, { wants80g: true, pan: 'ABCDE1234F', address: '12 Ghat Road, Varanasi' }),
      ...(await Promise.all(
        Array.from({ length: 5 }, (_, i) => makeDonation(app, asha, { amount: 200 + i })),
      )),
    ]
    for (const gift of gifts) expect((await payDonation(app, asha, gift._id)).statusCode).toBe(200)
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/donations?year=${year}&cause=road-safety&pageSize=5`,
      headers: staff.auth,
    })
    expect(list.statusCode, list.body).toBe(200)
    const page = list.json().data
    expect(page.items.length).toBeLessThanOrEqual(5)
    expect(page.items.every((d: { cause: string }) => d.cause === 'road-safety')).toBe(true)
    expect(page.years).toContain(year)
    expect(page.pages).toBeGreaterThanOrEqual(2)

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/donations',
      headers: staff.auth,
      payload: {
        donationName: 'Kalaa Setu Foundation',
        donationAddress: 'Lucknow',
        donationPan: 'AAATK1234F',
        registration80g: 'AAATK1234FF20214',
        registration80gIssued: '2021-05-28',
        registration80gFrom: '2021-05-28',
        registration80gUntil: '2026-03-31',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const badPan = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/donations',
      headers: staff.auth,
      payload: { ...saved.json().data, donationPan: 'NOPE' },
    })
    expect(badPan.statusCode).toBe(400)

    const csv = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/donations/form-10bd.csv?year=${year}`,
      headers: staff.auth,
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const [header, ...records] = parseCsv(csv.body)
    expect(header!.cells).toEqual([...form10bdColumns])
    const receipts = await app.database.db.select().from(donations).where(eq(donations.financialYear, year))
    expect(records).toHaveLength(receipts.length)
    const withPan = records.find((r) => r.cells[3] === 'ABCDE1234F')!
    expect(withPan.cells.slice(2, 5)).toEqual(['1', 'ABCDE1234F', 'Section 80G'])
    expect(withPan.cells[8]).toBe('12 Ghat Road, Varanasi')
    expect(records.map((r) => r.cells[0])).toEqual(records.map((_, i) => String(i + 1)))

    // Customers see none of it.
    const theirs = await app.inject({ method: 'GET', url: '/api/v1/admin/donations', headers: asha.auth })
    expect(theirs.statusCode).toBe(403)
  })
})
