import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { newId } from '../../server/db/ids.ts'
import { orderItems, orders, users } from '../../server/db/schema.ts'
import type { TestApp } from '../support/test-app.ts'

export type Person = { id: string; email: string; auth: { authorization: string } }

/** A user row of the given role and a signed access token for it. */
export async function makePerson(
  app: TestApp,
  role: 'admin' | 'customer',
  name = 'Staff Member',
): Promise<Person> {
  const id = newId()
  const email = `${role}.${id}@example.in`
  await app.database.db.insert(users).values({ id, fullName: name, email, passwordHash: 'x', role })
  const { accessToken: token } = await app.services.accounts.startSession(id)
  return { id, email, auth: { authorization: `Bearer ${token}` } }
}

/** An order row (as checkout would write it) holding the given products. */
export async function makeOrder(
  app: TestApp,
  userId: string,
  lines: Array<{ id: string; price: number }>,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  const id = newId()
  const total = lines.reduce((s, l) => s + l.price, 0)
  const orderNumber = `ORD-${id.slice(-8).toUpperCase()}`
  await app.database.db.insert(orders).values({
    id,
    orderNumber,
    userId,
    subtotal: total,
    total,
    shippingFirstName: 'Asha',
    shippingLastName: 'Verma',
    shippingAddress: '12 Hazratganj',
    shippingCity: 'Lucknow',
    shippingState: 'Uttar Pradesh',
    shippingPostalCode: '226001',
    shippingPhone: '9876543210',
    ...extra,
  })
  await app.database.db
    .insert(orderItems)
    .values(lines.map((l) => ({ orderId: id, productId: l.id, title: 'Item', price: l.price, quantity: 1 })))
  return { id, orderNumber }
}

export function png(width = 900, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 30 } } })
    .png()
    .toBuffer()
}

/** A multipart body with file parts. */
export function multipartFiles(
  files: Array<{ field: string; filename: string; content: Buffer; type: string }>,
) {
  const boundary = `----admintest${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export const productBody = (over: Record<string, unknown> = {}) => ({
  title: 'Chikankari Kurta',
  price: 1499,
  cutPrice: 1999,
  discount: 25,
  sku: `CK-${randomBytes(3).toString('hex')}`,
  shortDescription: 'Hand-embroidered in Lucknow.',
  description: '<p>Soft cotton.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  youtubeVideoLink: 'https://www.youtube.com/watch?v=abc123',
  view360Link: 'https://example.in/360/kurta',
  quantity: 12,
  ...over,
})
