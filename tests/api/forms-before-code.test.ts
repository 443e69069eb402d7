import { describe, expect, it } from 'vitest'
import { addressMessages, loginMessages, signupMessages } from '../../app/features/account/messages.ts'
import { builtShopForThisFile, builtShopOrigin } from '../support/built-shop.ts'
import { freshEmail, freshMobile, lastCodeTo, PASSWORD, registerCustomer } from '../support/factories.ts'

// Sign-in, sign-up and a new address as plain forms before the page's code runs (decision 126), on the
// production build.
const shop = builtShopForThisFile()
const origin = builtShopOrigin

const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'localhost:3000',
      origin,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  })

const cookiesOf = (res: Awaited<ReturnType<typeof post>>) => {
  const raw = res.headers['set-cookie']
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String)
}

describe('the sign-in form without the page’s code', () => {
  it('signs in: 303 to the page the shopper came from, with the two token cookies the page’s code writes', async () => {
    const asha = await registerCustomer(shop.app)
    const res = await post('/Login?next=%2FCart', { next: '/Cart', email: asha.email, password: PASSWORD })
    expect(res.statusCode, res.body).toBe(303)
    expect(res.headers.location).toBe('/Cart')
    expect(res.headers['cache-control']).toContain('no-store')
    const cookies = cookiesOf(res)
    expect(cookies).toHaveLength(2)
    expect(cookies[0]).toMatch(/^accessToken=[\w.-]+; Path=\/; SameSite=Lax; Max-Age=\d+$/)
    expect(cookies[1]).toMatch(/^refreshToken=[\w.%-]+; Path=\/; SameSite=Lax; Max-Age=\d+$/)
    // The cookie signs the next page in, as the page's code's own cookie does.
    const token = /^accessToken=([^;]+)/.exec(cookies[0]!)![1]!
    const cart = await shop.app.inject({ url: '/Cart', headers: { cookie: `accessToken=${token}` } })
    expect(cart.statusCode).toBe(200)
  })

  it('never goes on to another site', async () => {
    const asha = await registerCustomer(shop.app)
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await post('/Login', { next, email: asha.email, password: PASSWORD })
      expect(res.headers.location).toBe('/')
    }
  })

  it('a wrong password renders the form again with the spec’s message and the e-mail, never the password', async () => {
    const asha = await registerCustomer(shop.app)
    const res = await post('/Login', { next: '/', email: asha.email, password: 'Wrong@12345' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.body).toContain(loginMessages.failure)
    expect(res.body).toContain(`value="${asha.email}"`)
    expect(res.body).not.toContain('Wrong@12345')
    const bad = await post('/Login', { next: '/', email: 'not-an-email', password: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain(loginMessages.invalidEmail)
  })

  it('refuses a form from another site, or one that is not a form', async () => {
    const asha = await registerCustomer(shop.app)
    const fields = { next: '/', email: asha.email, password: PASSWORD }
    const cross = await post('/Login', fields, { 'sec-fetch-site': 'cross-site' })
    expect(cross.statusCode).toBe(403)
    expect(cookiesOf(cross)).toEqual([])
    // Another site's Origin is refused before the page's action runs.
    const elsewhere = await post('/Login', fields, { origin: 'https://evil.example' })
    expect(elsewhere.statusCode).toBe(400)
    expect(cookiesOf(elsewhere)).toEqual([])
    const json = await shop.app.inject({
      method: 'POST',
      url: '/Login',
      headers: { host: 'localhost:3000', origin, 'sec-fetch-site': 'same-origin' },
      payload: fields,
    })
    expect(json.statusCode).toBe(415)
  })

  it('pages name themselves as a form’s origin to the shop only', async () => {
    const page = await shop.app.inject({ url: '/Login' })
    expect(page.headers['referrer-policy']).toBe('same-origin')
  })
})

describe('the sign-up form without the page’s code', () => {
  it('makes the account and goes on signed in; a refusal keeps what was typed', async () => {
    const email = freshEmail('ravi')
    const typed = { next: '/wishlist', fullName: 'Ravi Kumar', email, password: PASSWORD }
    const mismatch = await post('/SignUp', { ...typed, confirmPassword: 'Other@12345', terms: 'on' })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.body).toContain(signupMessages.passwordMismatch)
    expect(mismatch.body).toContain('value="Ravi Kumar"')
    const noTerms = await post('/SignUp', { ...typed, confirmPassword: PASSWORD })
    expect(noTerms.body).toContain(signupMessages.termsRequired)
    const short = await post('/SignUp', {
      ...typed,
      password: 'short',
      confirmPassword: 'short',
      terms: 'on',
    })
    expect(short.statusCode).toBe(400)
    expect(short.body).toContain('Invalid body: password must be at least 8 characters')

    const made = await post('/SignUp', { ...typed, confirmPassword: PASSWORD, terms: 'on' })
    expect(made.statusCode, made.body).toBe(303)
    expect(made.headers.location).toBe('/wishlist')
    expect(cookiesOf(made)).toHaveLength(2)
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email, password: PASSWORD },
    })
    expect(login.statusCode).toBe(200)

    const taken = await post('/SignUp', { ...typed, confirmPassword: PASSWORD, terms: 'on' })
    expect(taken.statusCode).toBe(409)
    expect(taken.body).toContain(signupMessages.failure)
  })
})

describe('the address form without the page’s code', () => {
  const address = {
    fullName: 'Asha Verma',
    phoneNumber: '9876543210',
    streetAddress: '12 Hazratganj',
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    postalCode: '226001',
    country: 'INDIA',
    addressType: 'Home',
  }

  it('saves the address and comes back to the address book saying so; a refusal keeps what was typed', async () => {
    const asha = await registerCustomer(shop.app)
    const cookie = { cookie: `accessToken=${asha.token}` }
    const bad = await post('/Address', { ...address, phoneNumber: '98765' }, cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('Invalid body: phoneNumber must be exactly 10 digits')
    expect(bad.body).toContain('value="12 Hazratganj"')
    const saved = await post('/Address', address, cookie)
    expect(saved.statusCode, saved.body).toBe(303)
    expect(saved.headers.location).toBe('/Address?address=added')
    const book = await shop.app.inject({ url: '/Address?address=added', headers: cookie })
    expect(book.body).toContain(addressMessages.added)
    const list = await shop.app.inject({ url: '/api/v1/adress', headers: asha.auth })
    expect(list.json().data).toMatchObject([
      { fullName: 'Asha Verma', postalCode: '226001', addressType: 'Home' },
    ])
  })

  it('sends a visitor to sign in, and refuses a form from another site', async () => {
    const visitor = await post('/Address', address)
    expect(visitor.statusCode).toBe(303)
    expect(visitor.headers.location).toBe(`/Login?next=${encodeURIComponent('/Address')}`)
    const asha = await registerCustomer(shop.app)
    const cross = await post('/Address', address, {
      cookie: `accessToken=${asha.token}`,
      'sec-fetch-site': 'cross-site',
    })
    expect(cross.statusCode).toBe(403)
    const list = await shop.app.inject({ url: '/api/v1/adress', headers: asha.auth })
    expect(list.json().data).toEqual([])
  })

  it('edits an address and deletes one; another customer’s address is neither changed nor deleted', async () => {
    const asha = await registerCustomer(shop.app)
    const cookie = { cookie: `accessToken=${asha.token}` }
    expect((await post('/Address', address, cookie)).statusCode).toBe(303)
    const [saved] = (await shop.app.inject({ url: '/api/v1/adress', headers: asha.auth })).json().data
    // Edit opens the dialog filled, on the server, and posts the change.
    const editing = await shop.app.inject({ url: `/Address?edit=${saved._id}`, headers: cookie })
    expect(editing.body).toContain('Edit Address')
    expect(editing.body).toContain('value="12 Hazratganj"')
    const bad = await post(
      '/Address',
      { ...address, intent: 'update', addressId: saved._id, postalCode: '22' },
      cookie,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('Edit Address')
    const edited = await post(
      '/Address',
      { ...address, intent: 'update', addressId: saved._id, streetAddress: '40 Aminabad' },
      cookie,
    )
    expect(edited.statusCode, edited.body).toBe(303)
    expect(edited.headers.location).toBe('/Address?address=updated')
    const book = await shop.app.inject({ url: '/Address?address=updated', headers: cookie })
    expect(book.body).toContain(addressMessages.updated)
    expect(book.body).toContain('40 Aminabad')

    // Another customer's forms cannot reach it.
    const ravi = await registerCustomer(shop.app, 'Ravi Kumar')
    const other = { cookie: `accessToken=${ravi.token}` }
    const foreignEdit = await post('/Address', { ...address, intent: 'update', addressId: saved._id }, other)
    expect(foreignEdit.statusCode).toBe(403)
    const foreignDelete = await post('/Address', { intent: 'delete', addressId: saved._id }, other)
    expect(foreignDelete.headers.location).toBe('/Address?address=not-deleted')
    const notDeleted = await shop.app.inject({ url: '/Address?address=not-deleted', headers: other })
    expect(notDeleted.body).toContain(addressMessages.deleteFailed)

    // Delete asks first on the server's page, then the confirmation's form deletes it.
    const asking = await shop.app.inject({ url: `/Address?delete=${saved._id}`, headers: cookie })
    expect(asking.body).toContain(addressMessages.confirmTitle)
    expect(asking.body).toContain(`value="${saved._id}"`)
    const deleted = await post('/Address', { intent: 'delete', addressId: saved._id }, cookie)
    expect(deleted.headers.location).toBe('/Address?address=deleted')
    const after = await shop.app.inject({ url: '/api/v1/adress', headers: asha.auth })
    expect(after.json().data).toEqual([])
  })
})

describe('sign-in with a mobile number without the page’s code', () => {
  it('sends the code, asks a new number its name and the terms, and signs in with the cookies', async () => {
    const phone = freshMobile()
    const sent = await post('/Login/mobile', {
      intent: 'send',
      phone: phone.slice(3),
      channel: 'sms',
      next: '/Cart',
    })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.body).toContain('Enter the 6-digit code we sent to')
    expect(sent.body).toContain(`value="${phone}"`)
    const code = await lastCodeTo(shop.app, phone)
    expect(sent.body).not.toContain(code)

    const wrong = await post('/Login/mobile', {
      intent: 'verify',
      phone,
      channel: 'sms',
      code: code === '000000' ? '111111' : '000000',
      next: '/Cart',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('That code is not right. 4 tries left.')

    const named = await post('/Login/mobile', {
      intent: 'verify',
      phone,
      channel: 'sms',
      code,
      next: '/Cart',
    })
    expect(named.statusCode).toBe(200)
    expect(named.body).toContain('tell us your name to create your account')
    expect(named.body).toContain(`name="code" value="${code}"`)

    const noTerms = await post('/Login/mobile', {
      intent: 'create',
      phone,
      code,
      fullName: 'Meera',
      next: '/Cart',
    })
    expect(noTerms.statusCode).toBe(400)
    expect(noTerms.body).toContain(signupMessages.termsRequired)
    expect(cookiesOf(noTerms)).toEqual([])

    const made = await post('/Login/mobile', {
      intent: 'create',
      phone,
      code,
      fullName: 'Meera',
      terms: 'on',
      next: '/Cart',
    })
    expect(made.statusCode, made.body).toBe(303)
    expect(made.headers.location).toBe('/Cart')
    expect(cookiesOf(made).map((c) => c.split('=')[0])).toEqual(['accessToken', 'refreshToken'])
  })

  it('says how long to wait before another code, keeping the number typed', async () => {
    const phone = freshMobile()
    await post('/Login/mobile', { intent: 'send', phone, next: '/' })
    const again = await post('/Login/mobile', { intent: 'send-sms', phone, channel: 'whatsapp', next: '/' })
    expect(again.statusCode).toBe(429)
    expect(again.body).toMatch(/Please wait \d+ seconds? before asking for another code\./)
    expect(again.body).toContain(`value="${phone}"`)
  })
})
