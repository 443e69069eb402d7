import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import {
  addressMessages,
  loginMessages,
  passwordMessages,
  profileMessages,
  sidebarDefaults,
  signupMessages,
} from '../../app/features/account/messages.ts'
import { expect, hydrated, registerCustomer, signInBrowser, test, uniqueEmail } from './fixtures.ts'

const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key)

/** A JWT-shaped token the browser can decode; the server would refuse it (wrong key). */
function fakeJwt(exp: number) {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', exp })}.c2lnbmF0dXJl`
}

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test.describe('sign-in screen', () => {
  test('shows the e-mail rule without sending a request', async ({ page }) => {
    await page.goto('/Login')
    await hydrated(page)
    let calls = 0
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/user/login')) calls += 1
    })
    for (const bad of ['a@example.in', 'asha@example', 'asha.example.in', 'asha@example.c']) {
      await page.getByLabel('Email').fill(bad)
      await page.getByLabel('Password', { exact: true }).fill('whatever1')
      await page.getByRole('button', { name: 'SIGN IN' }).click()
      await expect(page.getByText(loginMessages.invalidEmail)).toBeVisible()
    }
    expect(calls).toBe(0)
  })

  test('signs in: Loading..., the message, cleared form, storage and cookies, then home after 2 s', async ({
    page,
    request,
  }) => {
    const c = await registerCustomer(request, 'Lalita Sharma')
    await page.goto('/login')
    await hydrated(page)
    await page.route('**/api/v1/user/login', async (route) => {
      await new Promise((r) => setTimeout(r, 600))
      await route.continue()
    })
    await page.getByLabel('Email').fill(c.email)
    await page.getByLabel('Password', { exact: true }).fill(c.password)
    await page.getByRole('button', { name: 'SIGN IN' }).click()
    await expect(page.getByRole('button', { name: loginMessages.loading })).toBeDisabled()
    await expect(page.getByText(loginMessages.success)).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue('')
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
    expect(page.url()).toMatch(/\/login$/)
    expect(await storage(page, 'userid')).toBe(c.userId)
    expect(await storage(page, 'user')).toBe('Lalita Sharma')
    expect(await storage(page, 'accessToken')).toMatch(/^ey/)
    expect(await storage(page, 'refreshToken')).toBeTruthy()
    const cookies = await page.context().cookies()
    expect(cookies.find((k) => k.name === 'accessToken')?.path).toBe('/')
    expect(cookies.find((k) => k.name === 'refreshToken')).toBeTruthy()
    await page.waitForURL((u) => u.pathname === '/', { timeout: 5000 })
  })

  test('any failure reads the one spec message', async ({ page }) => {
    await page.goto('/Login')
    await hydrated(page)
    await page.getByLabel('Email').fill(uniqueEmail('nobody'))
    await page.getByLabel('Password', { exact: true }).fill('Wrong@12345')
    await page.getByRole('button', { name: 'SIGN IN' }).click()
    await expect(page.getByText(loginMessages.failure)).toBeVisible()
    await expect(page.getByText(loginMessages.success)).toHaveCount(0)
  })

  test('has show/hide, social buttons, a Forget Password link to /forgot-password and a link to /SignUp', async ({
    page,
  }) => {
    await page.goto('/Login')
    await hydrated(page)
    const password = page.getByLabel('Password', { exact: true })
    await expect(password).toHaveAttribute('type', 'password')
    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(password).toHaveAttribute('type', 'text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    await expect(password).toHaveAttribute('type', 'password')
    await expect(page.getByRole('button', { name: 'Google' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Apple' })).toBeVisible()
    await page.getByRole('button', { name: 'Google' }).click()
    await expect(page).toHaveURL(/\/Login$/)
    // Shown since password recovery exists (decision 072); the spec's link was hidden while it led nowhere.
    await expect(page.getByRole('link', { name: 'Forget Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    await expectNoSeriousAxe(page)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL(/\/SignUp$/)
  })
})

test.describe('registration screen', () => {
  test('checks the passwords match and the terms are accepted before calling', async ({ page }) => {
    await page.goto('/SignUp')
    await hydrated(page)
    let calls = 0
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/user/register')) calls += 1
    })
    await page.getByLabel('Name').fill('Kavya Iyer')
    await page.getByLabel('Email').fill(uniqueEmail())
    await page.getByLabel('Password', { exact: true }).fill('Kalaa@12345')
    await page.getByLabel('Confirm Password', { exact: true }).fill('Kalaa@54321')
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await expect(page.getByText(signupMessages.passwordMismatch)).toBeVisible()
    await page.getByLabel('Confirm Password', { exact: true }).fill('Kalaa@12345')
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await expect(page.getByText(signupMessages.termsRequired)).toBeVisible()
    expect(calls).toBe(0)
    const terms = page.getByRole('link', { name: 'Terms and Conditions' })
    await expect(terms).toHaveAttribute('href', '/TermsCondition')
    await expect(terms).toHaveAttribute('target', '_blank')
    await expect(page.getByRole('button', { name: 'Show confirm password' })).toBeVisible()
    await expectNoSeriousAxe(page)
  })

  test('registers, clears the form and goes home after 2 s; a taken e-mail fails with the message', async ({
    page,
  }) => {
    const email = uniqueEmail('kavya')
    await page.goto('/SignUp')
    await hydrated(page)
    await page.getByLabel('Name').fill('Kavya Iyer')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('Kalaa@12345')
    await page.getByLabel('Confirm Password', { exact: true }).fill('Kalaa@12345')
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await expect(page.getByText(signupMessages.success)).toBeVisible()
    await expect(page.getByLabel('Name')).toHaveValue('')
    await page.waitForURL((u) => u.pathname === '/', { timeout: 5000 })

    // Registering signed Kavya in (decision 027): a second registration is tried signed out.
    await page.evaluate(() => window.localStorage.clear())
    await page.context().clearCookies()
    await page.goto('/SignUp')
    await hydrated(page)
    await page.getByLabel('Name').fill('Kavya Again')
    await page.getByLabel('Email').fill(email.toUpperCase())
    await page.getByLabel('Password', { exact: true }).fill('Kalaa@12345')
    await page.getByLabel('Confirm Password', { exact: true }).fill('Kalaa@12345')
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await expect(page.getByText(signupMessages.failure)).toBeVisible()
    await expect(page).toHaveURL(/\/SignUp$/)
  })
})

test.describe('guards', () => {
  for (const path of [
    '/Cart',
    '/profile',
    '/Dashboard',
    '/Address',
    '/Change-Password',
    '/Order-History',
    '/wishlist',
  ]) {
    test(`${path} sends a visitor to /login`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/login$/)
    })
  }

  test('in the browser, a missing stored token sends the account page to /login', async ({
    signedInPage: page,
  }) => {
    await page.goto('/AboutUs')
    await hydrated(page)
    await page.evaluate(() => {
      window.localStorage.setItem('__signedOutByTest', '1')
      window.localStorage.removeItem('accessToken')
    })
    // The cookie still holds a token, so only the browser's check can stop this client-side navigation.
    await page.getByRole('contentinfo').locator('a[href="/profile"]').click()
    await expect(page).toHaveURL(/\/login$/)
  })

  for (const path of ['/Login', '/login', '/SignUp']) {
    test(`${path} sends a signed-in customer to /`, async ({ signedInPage: page }) => {
      await page.goto(path)
      await page.waitForURL((u) => u.pathname === '/')
    })
  }
})

/** Puts values into storage once, before the first page of the test loads. */
async function seedStorageOnce(page: Page, values: Record<string, string>) {
  await page.addInitScript((v) => {
    if (window.sessionStorage.getItem('__seeded')) return
    window.sessionStorage.setItem('__seeded', '1')
    for (const [k, value] of Object.entries(v)) window.localStorage.setItem(k, value)
  }, values)
}

test.describe('session check', () => {
  test('an expired token that cannot be renewed is removed and the shopper goes to /', async ({ page }) => {
    await seedStorageOnce(page, {
      accessToken: fakeJwt(Math.floor(Date.now() / 1000) - 60),
      refreshToken: 'not-a-real-refresh-token',
      userid: 'x',
      user: 'Someone',
    })
    await page.goto('/ContactUs')
    await page.waitForURL((u) => u.pathname === '/')
    await expect.poll(() => storage(page, 'accessToken')).toBeNull()
    expect(await storage(page, 'userid')).toBeNull()
  })

  test('a malformed token is removed and the shopper goes to /', async ({ page }) => {
    await seedStorageOnce(page, { accessToken: 'garbage' })
    await page.goto('/ContactUs')
    await page.waitForURL((u) => u.pathname === '/')
    await expect.poll(() => storage(page, 'accessToken')).toBeNull()
  })

  test('a malformed token on an account page is removed and the shopper goes to /, as on any page', async ({
    page,
  }) => {
    await seedStorageOnce(page, { accessToken: 'garbage', userid: 'x', user: 'Someone' })
    // As the login page leaves it: the token cookie too, so the account page is served, not sent to sign-in.
    const host = new URL(test.info().project.use.baseURL ?? '').hostname
    await page.context().addCookies([{ name: 'accessToken', value: 'garbage', domain: host, path: '/' }])
    await page.goto('/Dashboard')
    await page.waitForURL((u) => u.pathname === '/')
    await expect.poll(() => storage(page, 'accessToken')).toBeNull()
    // The home page, not sign-in passed through on the way: sign-in would have read and removed the reason.
    await expect(page.getByRole('main')).toBeVisible()
    expect(await page.evaluate(() => window.sessionStorage.getItem('sessionEnded'))).not.toBeNull()
    await expect(page).toHaveURL(/\/$/)
  })

  test('an expired access token with a live refresh token is renewed and the shopper stays', async ({
    page,
    customer,
  }) => {
    const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60)
    await seedStorageOnce(page, {
      accessToken: expired,
      refreshToken: customer.refreshToken,
      userid: customer.userId,
      user: customer.fullName,
    })
    // As the login page leaves it: the token cookies too (the access cookie now holding the expired token).
    const host = new URL(test.info().project.use.baseURL ?? '').hostname
    await page.context().addCookies([
      { name: 'accessToken', value: expired, domain: host, path: '/' },
      { name: 'refreshToken', value: customer.refreshToken, domain: host, path: '/' },
    ])
    await page.goto('/Dashboard')
    await expect.poll(() => storage(page, 'accessToken')).not.toBe(expired)
    expect(await storage(page, 'accessToken')).toMatch(/^ey/)
    expect(await storage(page, 'refreshToken')).not.toBe(customer.refreshToken)
    await expect(page).toHaveURL(/\/Dashboard$/)
    await expect(page.getByTestId('sidebar-email')).toHaveText(customer.email)
  })
})

test.describe('account sidebar', () => {
  test('shows the links, the name and e-mail, and signs out', async ({ signedInPage: page, customer }) => {
    await page.goto('/Dashboard')
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Account' })
    const links: [string, RegExp][] = [
      ['Dashboard', /\/Dashboard$/],
      ['My Order', /\/Order-History$/],
      ['My Sevas', /\/seva-bookings$/],
      ['My Cart', /\/Cart$/],
      ['Wishlist', /\/Wishlist$/],
      ['Store credit', /\/store-credit$/],
      ['Address', /\/Address$/],
      ['Change Password', /\/Change-Password$/],
      ['Settings', /\/profile$/],
    ]
    for (const [name, href] of links)
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    await expect(page.getByTestId('sidebar-name')).toHaveText(customer.fullName)
    await expect(page.getByTestId('sidebar-email')).toHaveText(customer.email)
    await expect(page.getByTestId('sidebar-name')).not.toHaveText(sidebarDefaults.fullName)

    await page.evaluate(() => window.localStorage.setItem('__signedOutByTest', '1'))
    await nav.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    for (const key of ['accessToken', 'refreshToken', 'userid', 'user'])
      expect(await storage(page, key)).toBeNull()
    const cookies = await page.context().cookies()
    expect(cookies.filter((k) => k.name === 'accessToken' || k.name === 'refreshToken')).toEqual([])
    // The refresh token no longer works on the server.
    const res = await page.request.post('/api/v1/user/refresh-token', {
      data: { refreshToken: customer.refreshToken },
    })
    expect(res.status()).toBe(401)
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/login$/)
  })
})

test('a long e-mail stays inside the account card on a laptop', async ({ page, request }) => {
  const long = `lakshminarayananvenkataraman${Date.now()}${Math.floor(Math.random() * 1e4)}@example.in`
  await signInBrowser(page, await registerCustomer(request, 'Lakshmi Narayanan', long))
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/Dashboard')
  const email = page.getByTestId('sidebar-email')
  await expect(email).toHaveText(long)
  const card = await page.getByRole('complementary', { name: 'Your account' }).boundingBox()
  const text = await email.boundingBox()
  expect(text!.x).toBeGreaterThanOrEqual(card!.x)
  expect(text!.x + text!.width).toBeLessThanOrEqual(card!.x + card!.width)
})

test.describe('settings', () => {
  test('shows the Personal Detail form filled in, saves, toasts and shows the saved values', async ({
    signedInPage: page,
  }) => {
    await page.goto('/profile')
    await hydrated(page)
    await expect(page.getByRole('heading', { name: 'Personal Detail' })).toBeVisible()
    await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma')
    const gender = page.getByLabel('Gender')
    await expect(gender.locator('option', { hasText: profileMessages.genderPlaceholder })).toBeDisabled()
    await expect(gender.locator('option')).toHaveText([
      profileMessages.genderPlaceholder,
      'Male',
      'Female',
      'Other',
    ])
    await expect(page.getByLabel('Date of Birth')).toHaveAttribute('type', 'date')
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email')
    for (const f of ['Full Name', 'Username', 'Email'])
      await expect(page.getByLabel(f)).toHaveAttribute('required', '')

    await page.getByLabel('Full Name').fill('Asha Verma Rao')
    await page.getByLabel('Username').fill('asharao')
    await page.getByRole('textbox', { name: 'Mobile', exact: true }).fill('98a76-5432109999')
    await expect(page.getByRole('textbox', { name: 'Mobile', exact: true })).toHaveValue('9876543210')
    await page.getByLabel('Date of Birth').fill('1992-08-15')
    await gender.selectOption('Female')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText(profileMessages.updated)).toBeVisible()
    // Emptied as the spec says, then refilled at once with what the server now holds (decision 029).
    await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma Rao')
    await expect(page.getByRole('textbox', { name: 'Mobile', exact: true })).toHaveValue('9876543210')
    await expect(page.getByTestId('sidebar-name')).toHaveText('Asha Verma Rao')
    await expect(page.getByText(profileMessages.updated)).toBeHidden()
    await expectNoSeriousAxe(page)
  })

  test('a failed update alerts the spec message', async ({ signedInPage: page }) => {
    await page.goto('/profile')
    await hydrated(page)
    await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma')
    await page.getByLabel('Username').fill('asha')
    await page.route('**/api/v1/user/update-account', (r) =>
      r.fulfill({ status: 500, json: { success: false, message: 'down' } }),
    )
    const alerts: string[] = []
    page.on('dialog', (d) => {
      alerts.push(d.message())
      void d.accept()
    })
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect.poll(() => alerts).toEqual([profileMessages.updateFailed])
    // The form keeps what was typed.
    await expect(page.getByLabel('Username')).toHaveValue('asha')
  })

  test('a new avatar shows at once and stays after reload', async ({ signedInPage: page }) => {
    await page.goto('/profile')
    await hydrated(page)
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a8431a' } })
      .png()
      .toBuffer()
    await page.locator('#avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    const sidebarAvatar = page.getByTestId('account-card').getByRole('img')
    await expect(sidebarAvatar).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/)
    const src = await sidebarAvatar.getAttribute('src')
    const file = await page.request.get(src!)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toContain('image/webp')
    await page.reload()
    await expect(page.getByTestId('account-card').getByRole('img')).toHaveAttribute('src', src!)
  })

  test('a text file posing as a picture is refused with a message', async ({ signedInPage: page }) => {
    await page.goto('/profile')
    await hydrated(page)
    await page
      .locator('#avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('hello, not a picture') })
    await expect(page.getByText('The avatar must be a JPEG, PNG, WebP, GIF or AVIF picture.')).toBeVisible()
  })
})

test.describe('change password', () => {
  test('checks the confirmation, shows the server message, then changes it', async ({
    signedInPage: page,
    customer,
  }) => {
    await page.goto('/Change-Password')
    await hydrated(page)
    let calls = 0
    page.on('request', (r) => {
      if (r.url().includes('/change-password')) calls += 1
    })
    const fill = async (old: string, next: string, confirm: string) => {
      await page.getByLabel('Old Password', { exact: true }).fill(old)
      await page.getByLabel('New Password', { exact: true }).fill(next)
      await page.getByLabel('Confirm Password', { exact: true }).fill(confirm)
      await page.getByRole('button', { name: 'Change Password' }).last().click()
    }
    for (const f of ['Old Password', 'New Password', 'Confirm Password'])
      await expect(page.getByLabel(f, { exact: true })).toHaveAttribute('required', '')
    await fill(customer.password, 'Naya@Pass99', 'Naya@Pass98')
    await expect(page.getByText(passwordMessages.mismatch)).toBeVisible()
    expect(calls).toBe(0)

    await fill('Wrong@12345', 'Naya@Pass99', 'Naya@Pass99')
    await expect(page.getByText('The old password is not correct.')).toBeVisible()

    await page.route('**/api/v1/user/change-password', (r) => r.abort())
    await fill(customer.password, 'Naya@Pass99', 'Naya@Pass99')
    await expect(page.getByText(passwordMessages.failure)).toBeVisible()
    await page.unroute('**/api/v1/user/change-password')

    await fill(customer.password, 'Naya@Pass99', 'Naya@Pass99')
    await expect(page.getByText(passwordMessages.success)).toBeVisible()
    await expect(page.getByLabel('Old Password', { exact: true })).toHaveValue('')
    const login = await page.request.post('/api/v1/user/login', {
      data: { email: customer.email, password: 'Naya@Pass99' },
    })
    expect(login.status()).toBe(200)
    await expectNoSeriousAxe(page)
  })
})

test.describe('address book', () => {
  const fillAddress = async (page: Page, a: Record<string, string>) => {
    const dialog = page.getByRole('dialog')
    for (const [label, value] of Object.entries(a))
      await dialog.getByLabel(label, { exact: true }).fill(value)
  }
  const jaipur = {
    'Full Name': 'Asha Verma',
    'Phone Number': '9876543210',
    'Street Address': '14 Hawa Mahal Road',
    City: 'Jaipur',
    State: 'Rajasthan',
    'Postal Code': '302002',
  }

  test('adds, edits and deletes an address with the spec toasts and confirmation', async ({
    signedInPage: page,
  }) => {
    await page.goto('/Address')
    await hydrated(page)
    await page.getByRole('button', { name: '+ Add New Address' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByLabel('Country')).toHaveValue('INDIA')
    await expect(dialog.getByLabel('Country')).toHaveAttribute('readonly', '')
    await expect(dialog.getByLabel('Address Type')).toHaveValue('Office')
    await fillAddress(page, { ...jaipur, 'Phone Number': '98765 abc 43210 999' })
    await expect(dialog.getByLabel('Phone Number')).toHaveValue('9876543210')
    await expectNoSeriousAxe(page)
    await dialog.getByRole('button', { name: 'Save Address' }).click()
    await expect(page.getByText(addressMessages.added)).toBeVisible()
    const card = page.getByTestId('address-card')
    await expect(card).toHaveCount(1)
    await expect(card).toContainText('Jaipur, Rajasthan 302002')
    await expect(card).toContainText('Office')

    await card.getByRole('button', { name: /^Edit/ }).click()
    await expect(dialog.getByLabel('City')).toHaveValue('Jaipur')
    await dialog.getByLabel('City').fill('Jodhpur')
    await dialog.getByLabel('Address Type').selectOption('Home')
    await dialog.getByRole('button', { name: 'Update Address' }).click()
    await expect(page.getByText(addressMessages.updated)).toBeVisible()
    await expect(card).toContainText('Jodhpur')
    await expect(card).toContainText('Home')

    await card.getByRole('button', { name: /^Delete/ }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm.getByRole('heading', { name: addressMessages.confirmTitle })).toBeVisible()
    await expect(confirm.getByText(addressMessages.confirmText)).toBeVisible()
    await expectNoSeriousAxe(page)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(card).toHaveCount(1)
    await card.getByRole('button', { name: /^Delete/ }).click()
    await confirm.getByRole('button', { name: addressMessages.confirmButton }).click()
    await expect(page.getByText(addressMessages.deleted)).toBeVisible()
    await expect(card).toHaveCount(0)
  })

  test('a refused save warns with the server message; a failed call with the spec messages', async ({
    signedInPage: page,
  }) => {
    await page.goto('/Address')
    await hydrated(page)
    await page.getByRole('button', { name: '+ Add New Address' }).click()
    await fillAddress(page, { ...jaipur, 'Phone Number': '98765' })
    await page.getByRole('dialog').getByRole('button', { name: 'Save Address' }).click()
    await expect(page.getByText(/phoneNumber must be exactly 10 digits/)).toBeVisible()

    await page.route('**/api/v1/adress/add', (r) => r.fulfill({ status: 500, body: '' }))
    await fillAddress(page, jaipur)
    await page.getByRole('dialog').getByRole('button', { name: 'Save Address' }).click()
    await expect(page.getByText(addressMessages.saveProblem)).toBeVisible()

    await page.route('**/api/v1/adress/add', (r) => r.abort())
    await page.getByRole('dialog').getByRole('button', { name: 'Save Address' }).click()
    await expect(page.getByText(addressMessages.unexpected)).toBeVisible()
  })

  test('failed deletes show the spec messages', async ({ signedInPage: page, customer }) => {
    await page.request.post('/api/v1/adress/add', {
      headers: { authorization: `Bearer ${customer.accessToken}` },
      data: {
        fullName: 'Asha Verma',
        phoneNumber: '9876543210',
        streetAddress: '1 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode: '313001',
      },
    })
    await page.goto('/Address')
    await hydrated(page)
    const card = page.getByTestId('address-card')
    await page.route('**/api/v1/adress/delete**', (r) =>
      r.fulfill({ status: 500, json: { success: false, message: 'x' } }),
    )
    await card.getByRole('button', { name: /^Delete/ }).click()
    await page.getByRole('button', { name: addressMessages.confirmButton }).click()
    await expect(page.getByText(addressMessages.deleteFailed)).toBeVisible()
    await page.route('**/api/v1/adress/delete**', (r) => r.abort())
    await card.getByRole('button', { name: /^Delete/ }).click()
    await page.getByRole('button', { name: addressMessages.confirmButton }).click()
    await expect(page.getByText(addressMessages.deleteError)).toBeVisible()
    await expect(card).toHaveCount(1)
  })
})

test.describe('dashboard', () => {
  test('shows the account card, the first address and zero order counts', async ({ page, request }) => {
    const c = await registerCustomer(request, 'Dev Patel')
    const auth = { authorization: `Bearer ${c.accessToken}` }
    await request.patch('/api/v1/user/update-account', {
      headers: auth,
      data: { fullName: 'Dev Patel', userName: 'devp', email: c.email, mobile: '9123456780' },
    })
    for (const city of ['Ahmedabad', 'Surat'])
      await request.post('/api/v1/adress/add', {
        headers: auth,
        data: {
          fullName: 'Dev Patel',
          phoneNumber: '9123456780',
          streetAddress: '7 Ashram Road',
          city,
          state: 'Gujarat',
          postalCode: '380009',
        },
      })
    await signInBrowser(page, c)
    await page.goto('/Dashboard')
    const card = page.getByRole('region', { name: 'Account Information' })
    for (const text of ['Dev Patel', 'devp', c.email, '9123456780']) await expect(card).toContainText(text)
    await expect(card.getByRole('link', { name: 'Edit Account' })).toHaveAttribute('href', '/profile')
    await expect(page.getByTestId('dashboard-address')).toContainText('Ahmedabad')
    await expect(page.getByTestId('dashboard-address')).not.toContainText('Surat')
    await expect(page.getByTestId('count-total')).toHaveText('0')
    await expect(page.getByTestId('count-pending')).toHaveText('0')
    await expect(page.getByTestId('count-completed')).toHaveText('0')
    for (const label of ['Total Orders', 'Pending Orders', 'Completed Orders'])
      await expect(page.getByText(label)).toBeVisible()
    await expectNoSeriousAxe(page)
  })
})
