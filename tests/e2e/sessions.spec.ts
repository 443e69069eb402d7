import { loginMessages, profileMessages } from '../../app/features/account/messages.ts'
import { simulatedPaymentTexts } from '../../app/lib/checkout-messages.ts'
import { CURRENT_PASSWORD_WRONG } from '../../contracts/accounts.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, test } from './fixtures.ts'

test.describe('settings: a new e-mail needs the current password', () => {
  test('asks for it only when the e-mail changes, says when it is wrong, then saves', async ({
    signedInPage: page,
    customer,
  }) => {
    await page.goto('/profile')
    await hydrated(page)
    await expect(page.getByLabel('Email')).toHaveValue(customer.email)
    const current = page.getByLabel(profileMessages.currentPassword, { exact: true })
    await expect(current).toHaveCount(0)

    await page.getByLabel('Username').fill('asha')
    const newEmail = `new.${customer.email}`
    await page.getByLabel('Email').fill(newEmail)
    await expect(page.getByText(profileMessages.currentPasswordHint)).toBeVisible()
    await expect(current).toHaveAttribute('required', '')
    await expect(current).toHaveAttribute('autocomplete', 'current-password')

    await current.fill('not-my-password')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByRole('alert').filter({ hasText: CURRENT_PASSWORD_WRONG })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(newEmail)

    await current.fill(customer.password)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText(profileMessages.updated)).toBeVisible()
    await expect(page.getByTestId('sidebar-email')).toHaveText(newEmail)
    await expect(current).toHaveCount(0)

    // Typing the same e-mail back (any case) hides the field again.
    await page.reload()
    await hydrated(page)
    await expect(page.getByLabel('Email')).toHaveValue(newEmail)
    await page.getByLabel('Email').fill('x@example.in')
    await expect(current).toBeVisible()
    await page.getByLabel('Email').fill(newEmail.toUpperCase())
    await expect(current).toHaveCount(0)
  })
})

test.describe('sessions that end', () => {
  test('a disabled account sees no addresses on server-rendered pages, at once', async ({ request }) => {
    const c = await registerCustomer(request, 'Soon Disabled')
    const street = `${Date.now()} Ashok Marg`
    const added = await request.post('/api/v1/adress/add', {
      headers: { authorization: `Bearer ${c.accessToken}` },
      data: {
        fullName: 'Soon Disabled',
        phoneNumber: '9876543210',
        streetAddress: street,
        city: 'Lucknow',
        state: 'Uttar Pradesh',
        postalCode: '226001',
      },
    })
    expect(added.ok(), await added.text()).toBeTruthy()
    const page = (token: string) =>
      request.get('/Address', { headers: { cookie: `accessToken=${token}; refreshToken=${c.refreshToken}` } })
    expect(await (await page(c.accessToken)).text()).toContain(street)

    const staff = await createAdminWithCli('disabler')
    const login = await request.post('/api/v1/user/login', { data: staff })
    expect(login.ok()).toBeTruthy()
    const staffToken = (await login.json()).data.accessToken
    const off = await request.post(`/api/v1/admin/customers/${c.userId}/disable`, {
      headers: { authorization: `Bearer ${staffToken}` },
      data: { disabled: true },
    })
    expect(off.ok(), await off.text()).toBeTruthy()

    const after = await page(c.accessToken)
    expect(after.status()).toBe(200)
    expect(await after.text()).not.toContain(street)
  })
})

test.describe('token cookies', () => {
  test('live as long as their tokens, SameSite=Lax', async ({ page, request }) => {
    const c = await registerCustomer(request, 'Cookie Check')
    await page.goto('/Login')
    await hydrated(page)
    await page.getByLabel('Email').fill(c.email)
    await page.getByLabel('Password', { exact: true }).fill(c.password)
    await page.getByRole('button', { name: 'SIGN IN' }).click()
    await expect(page.getByText(loginMessages.success)).toBeVisible()
    const now = Date.now() / 1000
    const cookies = await page.context().cookies()
    const access = cookies.find((k) => k.name === 'accessToken')
    const refresh = cookies.find((k) => k.name === 'refreshToken')
    // The access cookie ends with the token's exp (the e2e shop sets ACCESS_TOKEN_TTL=3600).
    const token = access?.value ?? ''
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(Math.abs((access?.expires ?? 0) - exp)).toBeLessThanOrEqual(2)
    // The refresh cookie lives the default REFRESH_TOKEN_TTL of 30 days.
    expect(refresh?.expires).toBeGreaterThan(now + 30 * 86_400 - 60)
    expect(refresh?.expires).toBeLessThanOrEqual(now + 30 * 86_400 + 1)
    expect([access?.sameSite, refresh?.sameSite]).toEqual(['Lax', 'Lax'])
  })
})

test.describe('simulated payments in production', () => {
  test('the console says payments are simulated', async ({ page }) => {
    const staff = await createAdminWithCli('console')
    await signInAsStaff(page, staff)
    await page.goto('/admin')
    const notice = page.getByTestId('simulated-payments')
    await expect(notice).toHaveText(simulatedPaymentTexts.console)
    await expect(notice).toBeVisible()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  })
})
