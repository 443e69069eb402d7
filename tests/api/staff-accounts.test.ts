import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailAnswers } from '../../contracts/mail-text.ts'
import { invitationDays, type StaffRole, staffAnswers } from '../../contracts/staff.ts'
import type { StaffMember } from '../../contracts/staff-api.ts'
import { auditLog, passwordResets, users } from '../../server/db/schema.ts'
import { INVALID_CREDENTIALS } from '../../server/modules/accounts/service.ts'
import { notYourArea } from '../../server/plugins/auth.ts'
import {
  freshEmail,
  insertOrder,
  makeCustomer,
  makeProduct,
  makeStaff,
  type Person,
  mailsTo as recipientMails,
  registerCustomer,
} from '../support/factories.ts'
import { linkIn } from '../support/smtp.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** Staff accounts from the console: invitations, roles, disabling, and the owners' rules (decision 091). */

const PUBLIC_URL = 'https://shop.example.in'
const NEW_PASSWORD = 'Rangoli@2026'
let app: TestApp
let owner: Person
let ip = 0
const nextIp = () => `10.91.${Math.floor(++ip / 200)}.${ip % 200}`

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL, RATE_LIMIT_MAX: 100_000 })
  owner = await makeOwner('Meera Iyer', new Date('2024-01-01T00:00:00Z'))
})
afterAll(() => app?.cleanup())

/** An owner whose seniority is `since` (the factories' staff all start now). */
async function makeOwner(name: string, since: Date) {
  const person = await makeStaff(app, 'owner', name)
  await app.database.db.update(users).set({ staffSince: since }).where(eq(users.id, person.id))
  return person
}

type Caller = { auth: { authorization: string } }
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Caller, payload?: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who.auth, payload })

const invite = (who: Person, body: { email: string; fullName: string; role: StaffRole | string }) =>
  call('POST', '/staff', who, body)

const staffList = async (who: Person = owner): Promise<StaffMember[]> => {
  const res = await call('GET', '/staff', who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.items
}

const signIn = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  })

const bearer = (token: string) => ({ auth: { authorization: `Bearer ${token}` } })

/** What the recipient gets: the outbox rows with their live links (staff's copy hides them). */
const mailsTo = (to: string) => recipientMails(app, to)

const auditOf = (entityId: string, action: string) =>
  app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))

const tokenOf = (mail: { text: string }) =>
  new URL(linkIn(mail, `${PUBLIC_URL}/reset-password?token=`)).searchParams.get('token')!

const setPassword = (token: string, password = NEW_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/v1/user/reset-password', payload: { token, password } })

describe('inviting a colleague with a new e-mail', () => {
  it('sends an invitation whose link sets the password; the Orders colleague then works on orders only', async () => {
    const email = freshEmail('kavya')
    const res = await invite(owner, { email, fullName: 'Kavya Nair', role: 'orders' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().message).toBe(staffAnswers.invited(email))
    const member: StaffMember = res.json().data.member
    expect(res.json().data.outcome).toBe('invited')
    expect(member).toMatchObject({
      fullName: 'Kavya Nair',
      email,
      role: 'orders',
      disabled: false,
      invitationPending: true,
      passwordChosen: false,
      you: false,
    })
    expect((await staffList()).find((m) => m._id === member._id)).toEqual(member)

    // No password until they choose one: the account cannot be signed in to.
    const guessed = await signIn(email, 'anything-at-all')
    expect(guessed.statusCode).toBe(401)
    expect(guessed.json().message).toBe(INVALID_CREDENTIALS)

    // The invitation is in the outbox, with a link to the reset page flagged as an invitation.
    const [mail, ...more] = await mailsTo(email)
    expect(more).toEqual([])
    expect(mail).toMatchObject({ kind: 'staff.invitation', subject: /Meera Iyer invited you/ })
    expect(mail!.text).toContain('Orders role')
    const link = linkIn(mail!, `${PUBLIC_URL}/reset-password?token=`)
    expect(new URL(link).searchParams.get('invite')).toBe('1')
    const [reset] = await app.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, member._id))
    const days = (reset!.expiresAt.getTime() - reset!.createdAt.getTime()) / 86_400_000
    expect(days).toBeCloseTo(invitationDays, 2)

    // Written with its audit entry, naming the owner who invited.
    const [entry] = await auditOf(member._id, 'staff.invite')
    expect(entry).toMatchObject({ actorId: owner.id, entity: 'user', after: { email, staffRole: 'orders' } })

    // The link chooses the password, once.
    const set = await setPassword(tokenOf(mail!))
    expect(set.statusCode, set.body).toBe(200)
    expect((await setPassword(tokenOf(mail!))).json().message).toBe(mailAnswers.resetUsed)
    expect((await staffList()).find((m) => m._id === member._id)).toMatchObject({
      passwordChosen: true,
      invitationPending: true,
    })

    const login = await signIn(email, NEW_PASSWORD)
    expect(login.statusCode, login.body).toBe(200)
    const kavya = bearer(login.json().data.accessToken)
    expect((await staffList()).find((m) => m._id === member._id)).toMatchObject({ invitationPending: false })

    // The Orders role: orders yes, products no (403 with the one message), staff no.
    expect((await call('GET', '/orders', kavya)).statusCode).toBe(200)
    const product = await makeProduct(app)
    const customer = await makeCustomer(app)
    const order = await insertOrder(app, customer.id, [{ id: product.id, price: 1200_00 }], {
      paymentStatus: 'Paid',
      status: 'Processing',
    })
    const shipped = await call('POST', `/orders/${order.id}/status`, kavya, {
      status: 'Shipped',
      shippingLink: 'https://track.example.in/AWB42',
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    for (const [method, url, body] of [
      ['GET', '/products', undefined],
      ['POST', '/products', { title: 'A new product' }],
      ['PUT', `/products/${product.id}`, { title: 'Renamed' }],
      ['DELETE', `/products/${product.id}`, undefined],
      ['GET', '/staff', undefined],
    ] as const) {
      const refused = await call(method, url, kavya, body)
      expect(refused.statusCode, `${method} ${url}`).toBe(403)
      expect(refused.json().message).toBe(notYourArea)
    }
  })

  it('tells an expired invitation apart from an expired reset link, and sends a new one that works', async () => {
    const email = freshEmail('latif')
    const res = await invite(owner, { email, fullName: 'Latif Khan', role: 'catalogue' })
    const id = res.json().data.member._id
    const [first] = await mailsTo(email)
    // Sent eight days ago: its week is over.
    const day = 86_400_000
    await app.database.db
      .update(passwordResets)
      .set({ createdAt: new Date(Date.now() - 8 * day), expiresAt: new Date(Date.now() - day) })
      .where(eq(passwordResets.userId, id))
    const expired = await setPassword(tokenOf(first!))
    expect(expired.statusCode).toBe(400)
    expect(expired.json().message).toBe(mailAnswers.invitationExpired)

    const again = await call('POST', `/staff/${id}/invitation`, owner)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().message).toBe(staffAnswers.invitedAgain(email))
    const [, second] = await mailsTo(email)
    expect(second).toMatchObject({ kind: 'staff.invitation' })
    expect((await setPassword(tokenOf(second!))).statusCode).toBe(200)
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200)
    expect(await auditOf(id, 'staff.invite-again')).toHaveLength(1)

    // Once a password is chosen there is nothing to send again.
    const refused = await call('POST', `/staff/${id}/invitation`, owner)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(staffAnswers.hasPassword('Latif Khan'))
  })

  it('a second invitation sent while the first is unused replaces it', async () => {
    const email = freshEmail('ruth')
    const id = (await invite(owner, { email, fullName: 'Ruth Dsouza', role: 'orders' })).json().data.member
      ._id
    await call('POST', `/staff/${id}/invitation`, owner)
    const [first, second] = await mailsTo(email)
    expect((await setPassword(tokenOf(first!))).json().message).toBe(mailAnswers.resetUsed)
    expect((await setPassword(tokenOf(second!))).statusCode).toBe(200)
  })

  it('refuses an e-mail already on the staff with 409, whatever its letter case', async () => {
    const email = freshEmail('dup')
    expect((await invite(owner, { email, fullName: 'Anu', role: 'orders' })).statusCode).toBe(201)
    const again = await invite(owner, { email: email.toUpperCase(), fullName: 'Anu', role: 'manager' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(staffAnswers.alreadyStaff(email))
    const colleague = await makeStaff(app, 'catalogue', 'Chitra')
    const existing = await invite(owner, { email: colleague.email, fullName: 'Chitra', role: 'orders' })
    expect(existing.statusCode).toBe(409)
    expect(existing.json().message).toBe(staffAnswers.alreadyStaff(colleague.email))
    expect(await mailsTo(colleague.email)).toEqual([])
  })

  it('checks the form: a whole e-mail, a name and one of the roles', async () => {
    const bad = await invite(owner, { email: 'not-an-email', fullName: ' ', role: 'boss' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({
      email: 'Enter a whole e-mail address, like name@example.in.',
      fullName: 'Enter their name.',
      role: 'Choose one of the roles.',
    })
    expect((await call('POST', '/staff', owner, [])).statusCode).toBe(400)
  })
})

describe("inviting a customer's e-mail", () => {
  it('sends an invitation; the account becomes staff only when its link sets a new password (decision 109)', async () => {
    const customer = await registerCustomer(app, 'Nandini Rao')
    // Signed in as a customer, the console is refused (and the sign-in is cached).
    expect((await call('GET', '/products', customer)).statusCode).toBe(403)

    const res = await invite(owner, { email: customer.email, fullName: 'Someone Else', role: 'catalogue' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data).toMatchObject({
      outcome: 'invited-customer',
      member: { _id: customer.id, fullName: 'Nandini Rao', role: 'catalogue', invitationPending: true },
    })
    expect(res.json().message).toBe(staffAnswers.invitedCustomer(customer.email))
    expect(await auditOf(customer.id, 'staff.invite')).toHaveLength(1)
    // Listed as invited; nothing changes for the account yet: no console, the old password still works.
    expect((await staffList()).find((m) => m._id === customer.id)).toMatchObject({
      role: 'catalogue',
      invitationPending: true,
      passwordChosen: false,
    })
    expect((await call('GET', '/products', customer)).statusCode).toBe(403)
    expect((await signIn(customer.email, customer.password)).statusCode).toBe(200)
    const [who] = await app.database.db.select().from(users).where(eq(users.id, customer.id))
    expect(who).toMatchObject({ role: 'customer', staffRole: null })

    const mails = await mailsTo(customer.email)
    expect(mails.map((m) => m.kind)).toEqual(['account.welcome', 'staff.invitation'])
    expect(mails[1]!.text).toContain('Catalogue role')
    expect(mails[1]!.text).toContain('already has a customer account')

    // The link: a new password, and the account is staff from now on; every earlier sign-in ends.
    const set = await setPassword(tokenOf(mails[1]!))
    expect(set.statusCode, set.body).toBe(200)
    expect((await call('GET', '/products', customer)).statusCode).toBe(401)
    expect((await signIn(customer.email, customer.password)).statusCode).toBe(401)
    const login = await signIn(customer.email, NEW_PASSWORD)
    expect(login.statusCode, login.body).toBe(200)
    const nandini = bearer(login.json().data.accessToken)
    expect((await call('GET', '/products', nandini)).statusCode).toBe(200)
    expect((await call('GET', '/orders', nandini)).statusCode).toBe(403)
    expect(await auditOf(customer.id, 'staff.accept')).toHaveLength(1)
    const [after] = await app.database.db.select().from(users).where(eq(users.id, customer.id))
    expect(after).toMatchObject({ role: 'admin', staffRole: 'catalogue' })
    expect(after!.emailVerifiedAt).not.toBeNull()
  })

  it('never gives staff rights to an address someone registered in advance with their own password', async () => {
    // Someone registers the address the shop will invite (they cannot read its mail).
    const squatter = await registerCustomer(app, 'Not The Colleague', { confirmed: false })
    const res = await invite(owner, { email: squatter.email, fullName: 'Real Colleague', role: 'owner' })
    expect(res.statusCode, res.body).toBe(201)
    // Their password and their session get no console, now or after they sign in again.
    expect((await call('GET', '/orders', squatter)).statusCode).toBe(403)
    const again = await signIn(squatter.email, squatter.password)
    expect(again.statusCode).toBe(200)
    expect((await call('GET', '/staff', bearer(again.json().data.accessToken))).statusCode).toBe(403)
    // A password reset they ask for themselves goes to the same address they cannot read; even used, it
    // would not carry the invitation's role.
    const [invitation] = await app.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, squatter.id))
    expect(invitation).toMatchObject({ staffRole: 'owner', invitedById: owner.id, usedAt: null })
  })

  it('an invitation sent again replaces the earlier link, which then opens nothing', async () => {
    const customer = await registerCustomer(app, 'Lata Joshi')
    const first = await invite(owner, { email: customer.email, fullName: 'Lata Joshi', role: 'orders' })
    expect(first.statusCode).toBe(201)
    const again = await call('POST', `/staff/${customer.id}/invitation`, owner)
    expect(again.statusCode, again.body).toBe(200)
    const invitations = (await mailsTo(customer.email)).filter((m) => m.kind === 'staff.invitation')
    expect(invitations).toHaveLength(2)
    const old = await setPassword(tokenOf(invitations[0]!))
    expect(old.statusCode).toBe(400)
    expect(old.json().message).toBe(mailAnswers.resetUsed)
    expect((await setPassword(tokenOf(invitations[1]!))).statusCode).toBe(200)
    const login = await signIn(customer.email, NEW_PASSWORD)
    expect((await call('GET', '/orders', bearer(login.json().data.accessToken))).statusCode).toBe(200)
  })

  it("refuses a disabled customer's e-mail until the account is enabled", async () => {
    const customer = await makeCustomer(app, 'Gone Away')
    await app.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, customer.id))
    const res = await invite(owner, { email: customer.email, fullName: 'Gone Away', role: 'orders' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(staffAnswers.customerDisabled)
  })
})

describe('roles and disabling', () => {
  it("changes a colleague's role, effective on their very next request, audited", async () => {
    const colleague = await makeStaff(app, 'orders', 'Farah Sheikh')
    expect((await call('GET', '/products', colleague)).statusCode).toBe(403)
    const res = await call('POST', `/staff/${colleague.id}/role`, owner, { role: 'catalogue' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(staffAnswers.roleChanged('Farah Sheikh', 'catalogue'))
    expect(res.json().data).toMatchObject({ role: 'catalogue' })
    expect((await call('GET', '/products', colleague)).statusCode).toBe(200)
    expect((await call('GET', '/orders', colleague)).statusCode).toBe(403)
    const [entry] = await auditOf(colleague.id, 'staff.role')
    expect(entry).toMatchObject({
      actorId: owner.id,
      before: { staffRole: 'orders' },
      after: { staffRole: 'catalogue' },
    })
    // The same role again changes nothing.
    await call('POST', `/staff/${colleague.id}/role`, owner, { role: 'catalogue' })
    expect(await auditOf(colleague.id, 'staff.role')).toHaveLength(1)
  })

  it('disables a colleague, whose tokens stop at once, and enables them again', async () => {
    const email = freshEmail('pooja')
    const id = (await invite(owner, { email, fullName: 'Pooja Menon', role: 'orders' })).json().data.member
      ._id
    const [mail] = await mailsTo(email)
    await setPassword(tokenOf(mail!))
    const pooja = bearer((await signIn(email, NEW_PASSWORD)).json().data.accessToken)
    expect((await call('GET', '/orders', pooja)).statusCode).toBe(200)

    const off = await call('POST', `/staff/${id}/disable`, owner, { disabled: true })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().message).toBe(staffAnswers.disabled('Pooja Menon'))
    expect(off.json().data).toMatchObject({ disabled: true })
    expect((await call('GET', '/orders', pooja)).statusCode).toBe(401)
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(403)

    const on = await call('POST', `/staff/${id}/disable`, owner, { disabled: false })
    expect(on.json()).toMatchObject({
      message: staffAnswers.enabled('Pooja Menon'),
      data: { disabled: false },
    })
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200)
    expect((await auditOf(id, 'staff.disable')).concat(await auditOf(id, 'staff.enable'))).toHaveLength(2)
  })

  it('lets nobody change their own role or disable themselves', async () => {
    const role = await call('POST', `/staff/${owner.id}/role`, owner, { role: 'manager' })
    expect(role.statusCode).toBe(409)
    expect(role.json().message).toBe(staffAnswers.yourOwnRole)
    const off = await call('POST', `/staff/${owner.id}/disable`, owner, { disabled: true })
    expect(off.statusCode).toBe(409)
    expect(off.json().message).toBe(staffAnswers.yourOwnAccount)
    expect((await staffList()).find((m) => m.you)).toMatchObject({
      _id: owner.id,
      role: 'owner',
      disabled: false,
    })
  })

  it('keeps an owner who has been owner longer out of a later owner’s reach, not the other way round', async () => {
    const senior = await makeOwner('Asha Senior', new Date('2020-05-01T00:00:00Z'))
    const junior = await makeOwner('Ravi Junior', new Date('2025-05-01T00:00:00Z'))
    for (const [url, body] of [
      [`/staff/${senior.id}/role`, { role: 'manager' }],
      [`/staff/${senior.id}/disable`, { disabled: true }],
    ] as const) {
      const res = await call('POST', url, junior, body)
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(staffAnswers.seniorOwner('Asha Senior'))
    }
    // Making a colleague owner is never refused for seniority; a new owner is junior to every other.
    const manager = await makeStaff(app, 'manager', 'Tara Manager')
    expect((await call('POST', `/staff/${manager.id}/role`, junior, { role: 'owner' })).statusCode).toBe(200)
    const demote = await call('POST', `/staff/${junior.id}/role`, manager, { role: 'orders' })
    expect(demote.statusCode).toBe(409)
    expect(demote.json().message).toBe(staffAnswers.seniorOwner('Ravi Junior'))

    // The senior owner demotes the junior, whose next request no longer opens the staff screen.
    const res = await call('POST', `/staff/${junior.id}/role`, senior, { role: 'manager' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await call('GET', '/staff', junior)).statusCode).toBe(403)
    expect((await call('GET', '/orders', junior)).statusCode).toBe(200)
  })

  it('judges a change on the staff as they are now, not on a sign-in cached a moment ago', async () => {
    const stale = await makeOwner('Stale Owner', new Date('2019-01-01T00:00:00Z'))
    const colleague = await makeStaff(app, 'orders', 'Ordinary Colleague')
    expect((await call('GET', '/staff', stale)).statusCode).toBe(200)
    // Demoted behind this instance's back (as another instance would): the cached sign-in says owner.
    await app.database.db.update(users).set({ staffRole: 'orders' }).where(eq(users.id, stale.id))
    const res = await call('POST', `/staff/${colleague.id}/disable`, stale, { disabled: true })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(notYourArea)
    expect((await staffList()).find((m) => m._id === colleague.id)).toMatchObject({ disabled: false })
  })

  it('lets only one of two equal owners disabling each other at the same moment win', async () => {
    const since = new Date('2023-03-03T00:00:00Z')
    const x = await makeOwner('Equal X', since)
    const y = await makeOwner('Equal Y', since)
    const answers = await Promise.all([
      call('POST', `/staff/${y.id}/disable`, x, { disabled: true }),
      call('POST', `/staff/${x.id}/disable`, y, { disabled: true }),
    ])
    // The loser is refused in the change's transaction (403), or, if it came a moment later, is signed out (401).
    const [won, lost] = answers.map((a) => a.statusCode).sort()
    expect(won).toBe(200)
    expect([401, 403]).toContain(lost)
    const both = (await staffList()).filter((m) => m._id === x.id || m._id === y.id)
    expect(both.filter((m) => m.disabled)).toHaveLength(1)
  })

  it('answers 404 for an id that is not on the staff', async () => {
    const customer = await makeCustomer(app)
    for (const id of [customer.id, 'not-an-id']) {
      const res = await call('POST', `/staff/${id}/role`, owner, { role: 'orders' })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(staffAnswers.notStaff)
    }
  })

  it('is for owners only', async () => {
    const manager = await makeStaff(app, 'manager')
    const res = await call('GET', '/staff', manager)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(notYourArea)
    expect((await invite(manager, { email: freshEmail(), fullName: 'X', role: 'owner' })).statusCode).toBe(
      403,
    )
  })
})
