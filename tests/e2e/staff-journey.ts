import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { adminTexts } from '../../app/features/admin/nav.ts'
import { mailAnswers, recoveryTexts } from '../../contracts/mail-text.ts'
import { staffAnswers } from '../../contracts/staff.ts'
import { createAdminWithCli, openOrderFromList, signInAsStaff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import {
  expect,
  horizontalOverflow,
  hydrated,
  linkFromMailbox,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  uniqueEmail,
} from './fixtures.ts'

/**
 * The journey, at the width the spec file sets: an owner invites a colleague with the Orders
 * role on the Staff screen; the colleague chooses a password from the e-mailed link, signs in, ships an
 * order with a tracking link, has no Products in the menu, gets the 403 page for it, and the API refuses
 * them product operations too.
 */
export async function staffJourney(
  args: { page: Page; browser: Browser; request: APIRequestContext; baseURL: string | undefined },
  label: string,
) {
  const { page, browser, request, baseURL } = args
  const shots = `test-results/staff-${label}`
  mkdirSync(shots, { recursive: true })
  const width = page.viewportSize()!.width

  // Two owners made with the server's command: the first has been owner longer than the second.
  const senior = await createAdminWithCli('senior')
  const owner = await createAdminWithCli('owner')
  await signInAsStaff(page, owner)
  await page.goto('/admin/staff')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
  const me = page.getByRole('listitem').filter({ hasText: owner.email })
  await expect(me.getByText('This is you: another owner can change your role.')).toBeVisible()

  // The form checks itself before sending.
  const invite = page.getByRole('region', { name: 'Invite a colleague' })
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite.getByText('Enter their e-mail address.')).toBeVisible()
  await expect(invite.getByText('Enter their name.')).toBeVisible()

  const email = uniqueEmail('kavya')
  const name = `Kavya Nair ${label}`
  await invite.getByLabel('E-mail', { exact: true }).fill(email)
  await invite.getByLabel('Full name').fill(name)
  // Each role says what it opens.
  await expect(invite.getByText('Orders, customers, messages and the e-mails sent to them.')).toBeVisible()
  await invite.getByRole('radio', { name: 'Orders', exact: true }).check()
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite.getByRole('status')).toHaveText(staffAnswers.invited(email))
  const kavyaRow = page.getByRole('listitem').filter({ hasText: email })
  await expect(kavyaRow.getByText('Invited, no password yet')).toBeVisible()
  await expect(kavyaRow.getByText(/^Orders since/)).toBeVisible()

  // The same e-mail again: refused, and said why.
  await invite.getByLabel('E-mail', { exact: true }).fill(email.toUpperCase())
  await invite.getByLabel('Full name').fill(name)
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite.getByRole('alert')).toHaveText(staffAnswers.alreadyStaff(email))

  // An owner above this one stays as they are.
  const seniorRow = page.getByRole('listitem').filter({ hasText: senior.email })
  await seniorRow.getByRole('combobox', { name: 'Role' }).selectOption('manager')
  await seniorRow.getByRole('button', { name: 'Change role' }).click()
  await expect(seniorRow.getByRole('alert')).toHaveText(staffAnswers.seniorOwner('Shop Staff'))
  await expect(seniorRow.getByRole('combobox', { name: 'Role' })).toHaveValue('owner')
  await seniorRow.getByRole('button', { name: 'Disable' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, disable' }).click()
  await expect(seniorRow.getByRole('alert')).toHaveText(staffAnswers.seniorOwner('Shop Staff'))
  await expect(seniorRow.getByText(/^Disabled/)).toHaveCount(0)

  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: `${shots}/staff-${width}.png`, fullPage: true })

  // The invitation reaches the colleague's mailbox; staff's copy in the outbox hides its link.
  const link = await linkFromMailbox(request, email, '/reset-password?token=')
  expect(new URL(link).searchParams.get('invite')).toBe('1')

  // The colleague, in their own browser: chooses a password, signs in.
  const context = await browser.newContext({ viewport: page.viewportSize()!, baseURL })
  const colleague = await context.newPage()
  await colleague.goto(link!)
  await hydrated(colleague)
  await expect(colleague.getByRole('heading', { name: recoveryTexts.invitationTitle })).toBeVisible()
  await expect(colleague.getByText(recoveryTexts.invitationIntro)).toBeVisible()
  const password = 'Bandhani@2026'
  await colleague.getByLabel(recoveryTexts.newPassword, { exact: true }).fill(password)
  await colleague.getByLabel(recoveryTexts.confirmPassword, { exact: true }).fill(password)
  expect(await horizontalOverflow(colleague)).toBeLessThanOrEqual(0)
  await colleague.screenshot({ path: `${shots}/choose-password-${width}.png`, fullPage: true })
  await colleague.getByRole('button', { name: recoveryTexts.invitationSave }).click()
  await expect(colleague.getByText(mailAnswers.invitationDone)).toBeVisible()
  await signInAsStaff(colleague, { email, password })

  // A paid order waiting to be shipped.
  const customer = await registerCustomer(request, 'Asha Verma')
  const [item] = await listedProducts(request)
  const order = await placeOrderByApi(request, customer, [item!])
  await payOrderByApi(request, customer, order._id)

  await colleague.goto('/admin')
  await hydrated(colleague)
  const menu = colleague.getByRole('navigation', { name: 'Shop console' })
  await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Products' })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: 'Staff' })).toHaveCount(0)
  await menu.getByRole('link', { name: 'Orders' }).click()
  await openOrderFromList(colleague, order.orderID)
  await colleague.getByRole('button', { name: 'Mark Processing' }).click()
  await colleague.getByLabel('Tracking link from the courier').fill(`${baseURL}/track-demo/AWB${Date.now()}`)
  await colleague.getByRole('button', { name: 'Mark Shipped' }).click()
  await expect(colleague.getByRole('button', { name: 'Mark Delivered' })).toBeVisible()
  await expect(
    colleague.getByRole('region', { name: /History/ }).getByText('Shipped', { exact: true }),
  ).toBeVisible()

  // Products are not theirs: the page says so with 403, and so does the API.
  const refused = await colleague.goto('/admin/products')
  expect(refused?.status()).toBe(403)
  await expect(colleague.getByRole('heading', { name: 'Not part of your role' })).toBeVisible()
  await expect(colleague.getByText(adminTexts.notYourArea)).toBeVisible()
  await colleague.screenshot({ path: `${shots}/products-refused-${width}.png`, fullPage: true })
  const token = await colleague.evaluate(() => localStorage.getItem('accessToken'))
  const auth = { authorization: `Bearer ${token}` }
  for (const call of [
    request.get('/api/v1/admin/products', { headers: auth }),
    request.post('/api/v1/admin/products', { headers: auth, data: { title: 'Not mine to add' } }),
    request.put(`/api/v1/admin/products/${item!._id}`, { headers: auth, data: { title: 'Renamed' } }),
    request.delete(`/api/v1/admin/products/${item!._id}`, { headers: auth }),
  ]) {
    const res = await call
    expect(res.status()).toBe(403)
    expect((await res.json()).message).toBe(adminTexts.notYourArea)
  }
  await context.close()

  // Back on the owner's screen, the colleague has signed in.
  await page.reload()
  await expect(kavyaRow.getByText(/Invited|Not signed in/)).toHaveCount(0)
  await expect(kavyaRow.getByRole('combobox', { name: 'Role' })).toHaveValue('orders')
}
