import { createHmac } from 'node:crypto'
import { newId } from '../../server/db/ids.ts'
import { coupons, pincodes, users } from '../../server/db/schema.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import type { TestApp } from '../support/test-app.ts'

export type Shopper = { id: string; token: string; auth: { authorization: string } }

/** A customer row and a signed access token for it. */
export async function makeShopper(app: TestApp, name = 'Asha Verma'): Promise<Shopper> {
  const id = newId()
  await app.database.db.insert(users).values({
    id,
    fullName: name,
    email: `${id}@example.in`,
    passwordHash: 'not-a-real-hash',
  })
  const { accessToken: token } = await app.services.accounts.startSession(id)
  return { id, token, auth: { authorization: `Bearer ${token}` } }
}

/** Catalogue, coupons (WELCOME10 active, OLD5 expired) and two PIN codes. */
export async function seedShop(app: TestApp) {
  const fx = await insertCatalogue(app.database.db)
  await app.database.db.insert(coupons).values([
    { code: 'WELCOME10', discount: 10, status: 'active' },
    { code: 'OLD5', discount: 5, status: 'expired' },
  ])
  await app.database.db.insert(pincodes).values([
    { pin: '226001', district: 'Lucknow', state: 'Uttar Pradesh' },
    { pin: '500001', district: 'Hyderabad', state: 'Telangana' },
    { pin: '194101', district: 'Leh', state: 'Ladakh' },
  ])
  return fx
}

export const shipping = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  address: '12 Hazratganj',
  apartment: 'Flat 4',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  postalCode: '226001',
  country: 'Country',
  phoneNumber: '9876543210',
}

type Line = { id: string; price: number }

/** The spec's order payload for some products (prices in paise as stored, sent in rupees). */
export function orderPayload(
  customerId: string,
  lines: Array<{ product: Line; quantity: number }>,
  extra: Record<string, unknown> = {},
) {
  const subtotal = lines.reduce((s, l) => s + (l.product.price / 100) * l.quantity, 0)
  return {
    customerId,
    products: lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity,
      price: l.product.price / 100,
    })),
    totalAmount: subtotal,
    shippingInfo: shipping,
    paymentInfo: { method: 'Credit Card', status: 'Pending' },
    ...extra,
  }
}

export async function placeOrder(app: TestApp, who: Shopper, payload: unknown, headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/order/add',
    headers: { ...who.auth, ...headers },
    payload: payload as object,
  })
}

export function sign(secret: string, data: string) {
  return createHmac('sha256', secret).update(data).digest('hex')
}
