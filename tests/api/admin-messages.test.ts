import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { messageTexts } from '../../contracts/messages-text.ts'
import { contactMessages, users } from '../../server/db/schema.ts'
import { messageRateLimit } from '../../server/modules/messages/routes.ts'
import { makePerson, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let admin: Person

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  admin = await makePerson(app, 'admin')
})
afterAll(async () => {
  await app?.cleanup()
})

const send = (url: string, payload: object, ip = '10.20.0.1') =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip })

describe('POST /contact', () => {
  it('saves a message and thanks the visitor; staff list it and mark it read', async () => {
    const res = await send('/contact', {
      firstName: 'Kavya',
      lastName: 'Rao',
      phone: '9876543210',
      email: 'kavya@example.in',
      message: 'Do you take bulk orders for Pochampally sarees?',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, message: messageTexts.contactThanks })
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/messages?kind=contact',
      headers: admin.auth,
    })
    const item = list.json().data.items[0]
    expect(item).toMatchObject({ kind: 'contact', firstName: 'Kavya', phone: '9876543210', status: 'new' })
    const read = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/messages/${item._id}/status`,
      headers: admin.auth,
      payload: { status: 'read' },
    })
    expect(read.statusCode).toBe(200)
    const [row] = await app.database.db.select().from(contactMessages).where(eq(contactMessages.id, item._id))
    expect(row.status).toBe('read')
  })

  it('answers 400 with a message per field', async () => {
    const res = await send('/contact', { firstName: '', phone: '12345', email: 'nope', message: ' ' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      firstName: messageTexts.firstNameRequired,
      phone: messageTexts.phoneInvalid,
      email: messageTexts.emailInvalid,
      message: messageTexts.messageRequired,
    })
  })

  it(`is rate limited per visitor address (${messageRateLimit.max} per window)`, async () => {
    const ip = '10.20.9.9'
    for (let i = 0; i < messageRateLimit.max; i++) {
      const ok = await send('/newsletter', { email: `reader${i}@example.in` }, ip)
      expect(ok.statusCode).toBe(200)
    }
    const limited = await send('/newsletter', { email: 'one.more@example.in' }, ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().success).toBe(false)
    const otherVisitor = await send('/newsletter', { email: 'other@example.in' }, '10.20.9.10')
    expect(otherVisitor.statusCode).toBe(200)
  })
})

describe('POST /newsletter', () => {
  it('saves an e-mail once, thanking every time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await send('/newsletter', { email: 'Subscriber@Example.in' }, '10.20.1.1')
      expect(res.json()).toEqual({ success: true, message: messageTexts.newsletterThanks })
    }
    const rows = await app.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.kind, 'newsletter'))
    expect(rows.filter((r) => r.email.toLowerCase() === 'subscriber@example.in')).toHaveLength(1)
  })

  it('refuses a bad e-mail with 400', async () => {
    const res = await send('/newsletter', { email: 'not an email' }, '10.20.1.2')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ email: messageTexts.emailInvalid })
  })
})

describe('public registration', () => {
  it('never creates an admin, whatever the body says', async () => {
    const email = `sneaky.${Date.now()}@example.in`
    const res = await send(
      '/user/register',
      { fullName: 'Sneaky', email, password: 'Kalaa@12345', role: 'admin', isAdmin: true },
      '10.20.2.2',
    )
    expect([200, 201]).toContain(res.statusCode)
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email))
    expect(row.role).toBe('customer')
  })
})
