import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailAnswers } from '../../contracts/mail-text.ts'
import type { StaffRole } from '../../contracts/staff.ts'
import { emailConfirmations, mailOutbox, users } from '../../server/db/schema.ts'
import { HIDDEN_TOKEN } from '../../server/lib/seal.ts'
import {
  donationPayload,
  freshEmail,
  insertOrder,
  mailsTo,
  makeProduct,
  makeStaff,
  PASSWORD,
  type Person,
  registerCustomer,
} from '../support/factories.ts'
import { linkIn, startTestSmtp } from '../support/smtp.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * Account mails (decision 109): the console never shows a live reset, invitation or confirmation link, only
 * owners see account mails at all, and addresses are confirmed by their own link before reviews, 80G
 * receipts or staff rights.
 */

const PUBLIC_URL = 'https://shop.example.in'
let app: TestApp
let smtp: Awaited<ReturnType<typeof startTestSmtp>>
let ip = 0
const nextIp = () => `10.93.${Math.floor(++ip / 200)}.${ip % 200}`
const roles: StaffRole[] = ['owner', 'manager', 'orders', 'catalogue']
const staff = {} as Record<StaffRole, Person>

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await createTestApp({
    PUBLIC_URL,
    RATE_LIMIT_MAX: 100_000,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Kalaa Setu <shop@example.in>',
  })
})
// One of each role for every test: a test may sign one out (a password reset ends every sign-in).
beforeEach(async () => {
  for (const role of roles) staff[role] = await makeStaff(app, role, `Staff ${role}`)
})
afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

const admin = (who: Person, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who.auth })

const forgot = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/user/forgot-password',
    payload: { email },
    remoteAddress: nextIp(),
  })

const reset = (token: string, password = 'Naya@Pass2026') =>
  app.inject({ method: 'POST', url: '/api/v1/user/reset-password', payload: { token, password } })

const signIn = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  })

const confirm = (token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/user/confirm-email', payload: { token } })

const outboxRow = async (to: string, kind: string) => {
  const rows = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(asc(mailOutbox.createdAt))
  // The newest of its kind: without ORDER BY, PostgreSQL may hand rows back in any order.
  const row = rows.filter((r) => r.kind === kind).at(-1)
  expect(row, `${kind} to ${to}`).toBeTruthy()
  return row!
}

const tokenIn = (text: string, path: string) =>
  new URL(linkIn({ text }, `${PUBLIC_URL}${path}?token=`)).searchParams.get('token')!

describe('the outbox and account mails', () => {
  it('answers every staff role as its rights say, for an account mail and for an order mail', async () => {
    const customer = await registerCustomer(app, 'Ritu Sen')
    await forgot(customer.email)
    const resetMail = await outboxRow(customer.email, 'account.password-reset')
    const product = await makeProduct(app)
    await insertOrder(app, customer.id, [{ id: product.id, price: 500_00 }])
    await app.services.mail.send(app.database.db, {
      kind: 'order.shipped',
      to: customer.email,
      content: {
        subject: 'Your order is on its way',
        preview: '',
        heading: 'Shipped',
        paragraphs: ['Soon.'],
      },
    })
    const orderMail = await outboxRow(customer.email, 'order.shipped')

    for (const role of roles) {
      const who = staff[role]
      const list = await admin(who, 'GET', '/outbox')
      const getAccount = await admin(who, 'GET', `/outbox/${resetMail.id}`)
      const retryAccount = await admin(who, 'POST', `/outbox/${resetMail.id}/retry`)
      const getOrder = await admin(who, 'GET', `/outbox/${orderMail.id}`)
      if (role === 'catalogue') {
        // Not their area at all.
        for (const res of [list, getAccount, retryAccount, getOrder]) expect(res.statusCode, role).toBe(403)
        continue
      }
      expect(list.statusCode, role).toBe(200)
      const ids = (list.json().data.items as Array<{ _id: string }>).map((m) => m._id)
      expect(ids, role).toContain(orderMail.id)
      expect(getOrder.statusCode, role).toBe(200)
      expect(getOrder.json().data.accountMail).toBe(false)
      if (role === 'owner') {
        expect(ids).toContain(resetMail.id)
        expect(getAccount.statusCode).toBe(200)
        const seen = getAccount.json().data
        expect(seen.accountMail).toBe(true)
        // The owner reads the mail, not its key: the link's token is hidden in both parts.
        expect(seen.text).toContain(`reset-password?token=${HIDDEN_TOKEN}`)
        expect(seen.html).toContain(HIDDEN_TOKEN)
        expect(seen).not.toHaveProperty('sealed')
      } else {
        expect(ids, role).not.toContain(resetMail.id)
        expect(getAccount.statusCode, role).toBe(404)
        expect(retryAccount.statusCode, role).toBe(404)
      }
    }
  })

  it('closes the reset-then-promote path: staff cannot read or use a reset link for the owner', async () => {
    // An owner of its own: the reset at the end signs this one out everywhere.
    const owner = await makeStaff(app, 'owner', 'Owner Reset')
    const [ownerRow] = await app.database.db.select().from(users).where(eq(users.id, owner.id))
    await app.database.db
      .update(users)
      .set({ passwordHash: (await import('../../server/modules/accounts/passwords.ts')).NO_PASSWORD })
      .where(eq(users.id, owner.id))
    const asked = await forgot(ownerRow!.email!)
    expect(asked.statusCode).toBe(200)
    const row = await outboxRow(ownerRow!.email!, 'account.password-reset')

    // The Orders and Manager roles do not see it; nothing in any answer of theirs carries the token.
    for (const role of ['orders', 'manager'] as const) {
      const list = await admin(staff[role], 'GET', '/outbox?page=1')
      expect(list.body).not.toContain(row.id)
      expect((await admin(staff[role], 'GET', `/outbox/${row.id}`)).statusCode).toBe(404)
    }
    // What the database's readable columns hold is the redacted copy; the hidden token opens nothing.
    expect(row.text).toContain(HIDDEN_TOKEN)
    const tried = await reset(HIDDEN_TOKEN)
    expect(tried.statusCode).toBe(400)
    expect(tried.json().message).toBe(mailAnswers.resetInvalid)

    // The owner's own mailbox gets the live link, and it works; afterwards the outbox keeps no live copy.
    expect((await app.services.mail.deliverDue()).sent).toBeGreaterThan(0)
    const received = smtp.to(ownerRow!.email!).find((m) => m.subject?.startsWith('Reset'))!
    const token = tokenIn(received.text ?? '', '/reset-password')
    expect(token).not.toBe(HIDDEN_TOKEN)
    const [sent] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id))
    expect(sent).toMatchObject({ status: 'sent', sealed: null })
    expect(sent!.text).not.toContain(token)
    expect((await reset(token)).statusCode).toBe(200)
  })

  it('keeps an invitation link out of the console too, for new addresses and customers alike', async () => {
    const email = freshEmail('colleague')
    const invited = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: staff.owner.auth,
      payload: { email, fullName: 'New Colleague', role: 'orders' },
    })
    expect(invited.statusCode, invited.body).toBe(201)
    const row = await outboxRow(email, 'staff.invitation')
    expect(row.text).toContain(`reset-password?token=${HIDDEN_TOKEN}&invite=1`)
    const live = (await mailsTo(app, email)).find((m) => m.kind === 'staff.invitation')!
    expect(live.text).not.toContain(HIDDEN_TOKEN)
    expect((await admin(staff.manager, 'GET', `/outbox/${row.id}`)).statusCode).toBe(404)
  })
})

describe('confirming an e-mail address', () => {
  const me = (who: { auth: { authorization: string } }) =>
    app.inject({ url: '/api/v1/user/current-user', headers: who.auth })

  it('sends the link with the welcome e-mail; it confirms once, and the account says so', async () => {
    const customer = await registerCustomer(app, 'Kiran Das', { confirmed: false })
    expect((await me(customer)).json().data.emailConfirmed).toBe(false)
    const welcome = (await mailsTo(app, customer.email)).find((m) => m.kind === 'account.welcome')!
    const token = tokenIn(welcome.text, '/confirm-email')
    // Only the token's hash is kept, and the staff's copy hides it.
    const stored = await app.database.db.select().from(emailConfirmations)
    expect(stored.some((r) => r.tokenHash === token)).toBe(false)
    expect((await outboxRow(customer.email, 'account.welcome')).text).not.toContain(token)

    const done = await confirm(token)
    expect(done.json()).toEqual({ success: true, message: mailAnswers.emailConfirmed })
    expect((await me(customer)).json().data.emailConfirmed).toBe(true)
    const again = await confirm(token)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(mailAnswers.confirmLinkUsed)
    const unknown = await confirm('no-such-token')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe(mailAnswers.confirmLinkInvalid)

    const resend = await app.inject({
      method: 'POST',
      url: '/api/v1/user/confirm-email/resend',
      headers: customer.auth,
    })
    expect(resend.statusCode).toBe(409)
    expect(resend.json().message).toBe(mailAnswers.alreadyConfirmed)
  })

  it('an expired link says so; a new one can be asked for a few times an hour', async () => {
    const customer = await registerCustomer(app, 'Anil Kapoor', { confirmed: false })
    const welcome = (await mailsTo(app, customer.email)).find((m) => m.kind === 'account.welcome')!
    const token = tokenIn(welcome.text, '/confirm-email')
    await app.database.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmations.userId, customer.id))
    expect((await confirm(token)).json().message).toBe(mailAnswers.confirmLinkExpired)

    const resend = () =>
      app.inject({ method: 'POST', url: '/api/v1/user/confirm-email/resend', headers: customer.auth })
    for (let i = 0; i < 3; i++) {
      const res = await resend()
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().message).toBe(mailAnswers.confirmationSent(customer.email))
    }
    const fourth = await resend()
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().message).toBe(mailAnswers.tooManyConfirmations)
    // Each new link ends the one before: only the last works.
    const links = (await mailsTo(app, customer.email))
      .filter((m) => m.kind === 'account.confirm-email')
      .map((m) => tokenIn(m.text, '/confirm-email'))
    expect(links).toHaveLength(3)
    expect((await confirm(links[0]!)).statusCode).toBe(400)
    expect((await confirm(links[2]!)).statusCode).toBe(200)
  })

  it('a new e-mail address is unconfirmed until its own link; links to the old address stop working', async () => {
    const customer = await registerCustomer(app, 'Leela Nair', { confirmed: false })
    const oldLink = tokenIn(
      (await mailsTo(app, customer.email)).find((m) => m.kind === 'account.welcome')!.text,
      '/confirm-email',
    )
    await forgot(customer.email)
    const oldReset = tokenIn(
      (await mailsTo(app, customer.email)).find((m) => m.kind === 'account.password-reset')!.text,
      '/reset-password',
    )
    const newEmail = freshEmail('leela')
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/v1/user/update-account',
      headers: customer.auth,
      payload: { fullName: 'Leela Nair', userName: 'leela', email: newEmail, currentPassword: PASSWORD },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().data.emailConfirmed).toBe(false)
    expect((await confirm(oldLink)).statusCode).toBe(400)
    // A reset link mailed to the old address can no longer prove (or take over) the new one.
    expect((await reset(oldReset)).json().message).toBe(mailAnswers.resetUsed)
    const mail = (await mailsTo(app, newEmail)).find((m) => m.kind === 'account.confirm-email')!
    expect((await confirm(tokenIn(mail.text, '/confirm-email'))).statusCode).toBe(200)
    expect((await me(customer)).json().data.emailConfirmed).toBe(true)
    expect((await signIn(newEmail, PASSWORD)).statusCode).toBe(200)
  })

  it('reviews and 80G receipts wait for a confirmed address; shopping and plain gifts do not', async () => {
    const product = await makeProduct(app)
    const customer = await registerCustomer(app, 'Meena Das', { confirmed: false })
    await insertOrder(app, customer.id, [{ id: product.id, price: 900_00 }], { status: 'Delivered' })
    const review = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/reviews',
        headers: customer.auth,
        payload: { productId: product.id, rating: 5, text: 'Fine weave, true colours.' },
      })
    const refused = await review()
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(mailAnswers.confirmToReview)

    const give = (wants80g: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/donations',
        headers: customer.auth,
        payload: donationPayload(
          wants80g ? { wants80g: true, address: '12 Hazratganj, Lucknow', pan: 'ABCDE1234F' } : {},
        ),
      })
    const with80g = await give(true)
    expect(with80g.statusCode).toBe(403)
    expect(with80g.json().message).toBe(mailAnswers.confirmFor80g)
    expect((await give(false)).statusCode).toBe(200)
    const cart = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/add',
      headers: customer.auth,
      payload: { productId: product.id, quantity: 1 },
    })
    expect(cart.statusCode, cart.body).toBe(200)

    const welcome = (await mailsTo(app, customer.email)).find((m) => m.kind === 'account.welcome')!
    expect((await confirm(tokenIn(welcome.text, '/confirm-email'))).statusCode).toBe(200)
    expect((await review()).statusCode).toBe(201)
    expect((await give(true)).statusCode).toBe(200)
  })
})
