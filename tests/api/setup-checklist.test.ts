import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DashboardSetup } from '../../contracts/setup.ts'
import { setupMessages } from '../../contracts/setup.ts'
import { auditLog, donations, invoices, mailOutbox } from '../../server/db/schema.ts'
import {
  allowManyHolds,
  makeCustomer,
  makeDonation,
  makeProduct,
  makeStaff,
  orderOf,
  type Person,
  payDonation,
  payOrder,
  resetShopSettings,
} from '../support/factories.ts'
import { noShopDetails, shopDetails } from '../support/shop-details.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// The set-up checklist (decision 123): a new shop is told what is missing, and no GST invoice or donation
// receipt goes out with the shop's legal details missing; the order or gift waits and its document follows.
let app: TestApp
let owner: Person
let customer: Person

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  owner = await makeStaff(app, 'owner', 'Meera Owner')
  customer = await makeCustomer(app, 'Asha Verma')
  // Each test starts as a new shop: nothing filled in.
  await resetShopSettings(app, noShopDetails)
  await allowManyHolds(app)
})
afterAll(() => app?.cleanup())

const setupOf = async (who: Person): Promise<DashboardSetup | null> => {
  const res = await app.inject({ url: '/api/v1/admin/overview', headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.setup
}
const put = (url: string, payload: object, who = owner) =>
  app.inject({ method: 'PUT', url: `/api/v1/admin${url}`, headers: who.auth, payload })
const invoiceDetails = {
  legalName: shopDetails.legalName,
  legalAddress: shopDetails.legalAddress,
  legalState: shopDetails.legalState,
  gstin: shopDetails.gstin,
  invoicePrefix: shopDetails.invoicePrefix,
}
const receiptDetails = {
  donationName: shopDetails.donationName,
  donationAddress: shopDetails.donationAddress,
  donationPan: shopDetails.donationPan,
  registration80g: shopDetails.registration80g,
  registration80gIssued: shopDetails.registration80gIssued,
  registration80gFrom: shopDetails.registration80gFrom,
  registration80gUntil: shopDetails.registration80gUntil,
}
const mailKinds = async (to: string) =>
  (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).map((m) => m.kind)

describe('the checklist on the dashboard', () => {
  it('lists what a new shop lacks, each done once set, and is complete with the sandbox kept on purpose', async () => {
    const fresh = (await setupOf(owner))!
    expect(fresh.complete).toBe(false)
    expect(Object.fromEntries(fresh.items.map((i) => [i.id, i.done]))).toEqual({
      supplier: false,
      gstin: false,
      invoicePrefix: true,
      foundation: false,
      pan: false,
      registration80g: false,
      notificationEmail: false,
      payments: false,
    })
    expect(fresh.items.find((i) => i.id === 'invoicePrefix')!.value).toBe('KS')
    expect(fresh.items.find((i) => i.id === 'payments')!.value).toBe('sandbox')

    expect((await put('/settings/invoices', invoiceDetails)).statusCode).toBe(200)
    expect((await put('/settings/donations', receiptDetails)).statusCode).toBe(200)
    expect(
      (await put('/settings/mail', { notificationEmail: 'orders@example.in', lowStockThreshold: 3 }))
        .statusCode,
    ).toBe(200)
    const filled = (await setupOf(owner))!
    expect(filled.items.filter((i) => !i.done).map((i) => i.id)).toEqual(['payments'])
    expect(filled.items.find((i) => i.id === 'gstin')!.value).toBe(shopDetails.gstin)

    const kept = await put('/settings/sandbox', { chosen: true })
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json().data.complete).toBe(true)
    expect((await setupOf(owner))!.complete).toBe(true)
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.setup'), eq(auditLog.actorId, owner.id)))
    expect(entry?.after).toEqual({ sandboxChosen: true })
  })

  it('a state that is not an Indian state, or a GSTIN of the wrong form, is not done', async () => {
    await resetShopSettings(app, {
      ...noShopDetails,
      legalName: 'Kalaa Seva',
      legalAddress: 'Lucknow',
      legalState: 'Atlantis',
    })
    const items = (await setupOf(owner))!.items
    expect(items.find((i) => i.id === 'supplier')!.done).toBe(false)
    expect(items.find((i) => i.id === 'gstin')!.done).toBe(false)
  })

  it('is shown only to a role that may change the settings; the sandbox choice is theirs alone', async () => {
    const packer = await makeStaff(app, 'orders', 'Ravi Packer')
    expect(await setupOf(packer)).toBeNull()
    expect((await put('/settings/sandbox', { chosen: true }, packer)).statusCode).toBe(403)
    expect((await put('/settings/sandbox', { chosen: true }, customer)).statusCode).toBe(403)
    expect((await put('/settings/sandbox', { chosen: 'yes' })).statusCode).toBe(400)
  })
})

describe('an order paid before the GST details are in', () => {
  it('waits without an invoice and cannot be shipped; saving the details invoices it and tells the customer', async () => {
    const saree = await makeProduct(app, { price: 4_999_00, hsnCode: '5007', gstRate: 5 })
    const order = await orderOf(app, customer, saree)
    await payOrder(app, customer, order._id)

    expect(await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))).toEqual([])
    const download = await app.inject({ url: `/api/v1/order/invoice/${order._id}`, headers: customer.auth })
    expect(download.statusCode).toBe(404)
    const waiting = (await setupOf(owner))!.invoicesWaiting
    expect(waiting).toBeGreaterThan(0)

    const ship = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order._id}/status`,
      headers: owner.auth,
      payload: { status: 'Shipped', shippingLink: 'https://track.example.in/1' },
    })
    expect(ship.statusCode).toBe(409)
    expect(ship.json().message).toBe(setupMessages.invoiceDetailsFirst)

    const saved = await put('/settings/invoices', invoiceDetails)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.issued).toBe(waiting)
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))
    expect(invoice).toMatchObject({ kind: 'invoice', supplier: { gstin: shopDetails.gstin } })
    expect(invoice!.number).toMatch(/^KS\/\d{2}-\d{2}\/\d{5}$/)
    expect(await mailKinds(customer.email)).toContain('order.invoiced')
    expect((await setupOf(owner))!.invoicesWaiting).toBe(0)
    const now = await app.inject({ url: `/api/v1/order/invoice/${order._id}`, headers: customer.auth })
    expect(now.statusCode).toBe(200)
    expect(now.headers['content-type']).toContain('application/pdf')

    const shipped = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order._id}/status`,
      headers: owner.auth,
      payload: { status: 'Shipped', shippingLink: 'https://track.example.in/1' },
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
  })

  it('an order cancelled and refunded while it waited is never invoiced', async () => {
    const lamp = await makeProduct(app, { price: 799_00 })
    const order = await orderOf(app, customer, lamp)
    await payOrder(app, customer, order._id)
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order._id}/status`,
      headers: owner.auth,
      payload: { status: 'Cancelled', note: 'Out of stock at the workshop' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect((await put('/settings/invoices', invoiceDetails)).statusCode).toBe(200)
    expect(await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))).toEqual([])
    expect(await mailKinds(customer.email)).not.toContain('order.invoiced')
  })
})

describe('a gift paid before the foundation’s details are in', () => {
  it('is thanked at once without a receipt; saving the details issues the receipt and e-mails it', async () => {
    const email = `donor.${Date.now().toString(36)}@example.in`
    const gift = await makeDonation(app, customer, { email })
    const paid = await payDonation(app, customer, gift._id)
    expect(paid.statusCode, paid.body).toBe(200)

    const [row] = await app.database.db.select().from(donations).where(eq(donations.id, gift._id))
    expect(row).toMatchObject({ status: 'paid', receiptNumber: null, issuer: null })
    expect(await mailKinds(email)).toEqual(['donation.thanks'])
    const receipt = await app.inject({ url: `/api/v1/donations/${gift._id}/receipt`, headers: customer.auth })
    expect(receipt.statusCode).toBe(404)
    const list = await app.inject({ url: '/api/v1/admin/donations', headers: owner.auth })
    expect(list.json().data.detailsMissing).toContain('donationPan')
    const waiting = list.json().data.receiptsWaiting
    expect(waiting).toBeGreaterThan(0)
    expect((await setupOf(owner))!.receiptsWaiting).toBe(waiting)

    const saved = await put('/settings/donations', receiptDetails)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.issued).toBe(waiting)
    const [after] = await app.database.db.select().from(donations).where(eq(donations.id, gift._id))
    expect(after!.receiptNumber).toMatch(/^DON\/\d{2}-\d{2}\/\d{5}$/)
    expect(after!.issuer).toMatchObject({
      pan: shopDetails.donationPan,
      registration: shopDetails.registration80g,
    })
    expect(await mailKinds(email)).toEqual(['donation.thanks', 'donation.paid'])
    const now = await app.inject({ url: `/api/v1/donations/${gift._id}/receipt`, headers: customer.auth })
    expect(now.statusCode).toBe(200)
    const again = await app.inject({ url: '/api/v1/admin/donations', headers: owner.auth })
    expect(again.json().data).toMatchObject({ detailsMissing: [], receiptsWaiting: 0 })
  })
})
