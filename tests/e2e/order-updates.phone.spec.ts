import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { checkoutLabels } from '../../app/lib/checkout-messages.ts'
import { codConfirmAnswers, formatPhone } from '../../contracts/messaging.ts'
import { createAdminWithCli, openOrderFromList, type Staff, signInAsStaff } from './admin-helpers.ts'
import { apiAddToCart, listedProducts } from './cart-helpers.ts'
import {
  expect,
  horizontalOverflow,
  hydrated,
  registerCustomer,
  signInBrowser,
  test,
  uniquePhone,
} from './fixtures.ts'

// Order updates where people read them (decision 143), on the phone most customers buy on: WhatsApp chosen
// at the checkout, the cash-on-delivery order confirmed from the link in its message without signing in,
// staff seeing it confirmed, and the choice withdrawn in Settings.
test.use({ viewport: { width: 390, height: 844 } })
const shots = 'test-results/order-updates'
mkdirSync(shots, { recursive: true })

let staff: Staff
test.beforeAll(async () => {
  staff = await createAdminWithCli('updates')
})

const radio = (page: Page, option: keyof typeof checkoutLabels.paymentOptionNames) =>
  page.getByRole('radio', {
    name: new RegExp(`^${checkoutLabels.paymentOptionNames[option].replace(/[()]/g, '\\$&')}`),
  })

test('WhatsApp chosen at checkout; the COD order is confirmed from its link; withdrawn in Settings', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Meera Iyer')
  const product = (await listedProducts(request)).find((p) => p.price <= 5000)
  expect(product, 'a seeded product under ₹5,000').toBeTruthy()
  await apiAddToCart(request, customer.accessToken, product!._id)
  const phone = uniquePhone()

  await signInBrowser(page, customer)
  await page.goto('/CheckOut')
  await hydrated(page)
  await page.getByLabel('First name *').fill('Meera')
  await page.getByLabel('Last name *').fill('Iyer')
  await page.getByLabel('Address *').fill('7 Aminabad Road')
  await page.getByLabel('PIN code *').pressSequentially('226001')
  await expect(page.getByLabel('City *')).toHaveValue('Lucknow')
  await page.getByLabel('Phone number *').pressSequentially(phone)
  const updates = page.getByRole('group', { name: 'Order updates' })
  await expect(updates.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked()
  await updates.getByRole('checkbox', { name: 'WhatsApp' }).check()
  await updates.scrollIntoViewIfNeeded()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/01-checkout-whatsapp.png` })
  await radio(page, 'COD').check()
  const placed = page.waitForResponse((r) => r.url().includes('/api/v1/order/add'))
  await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
  expect((await placed).status()).toBe(201)
  await expect(page).toHaveURL(/\/Order-History$/)
  const orders = (
    await (
      await request.get('/api/v1/order/allorder', {
        headers: { authorization: `Bearer ${customer.accessToken}` },
      })
    ).json()
  ).data as Array<{ orderID: string }>
  const orderNumber = orders[0]!.orderID

  // The WhatsApp message, as staff read it in the console's Outbox (the sandbox is the phone).
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const consolePage = await staffContext.newPage()
  await signInAsStaff(consolePage, staff)
  await consolePage.goto('/admin/outbox?channel=whatsapp')
  const card = consolePage
    .getByRole('listitem', { name: `Message to ${formatPhone(`+91${phone}`)}` })
    .filter({ hasText: orderNumber })
  await expect(card).toContainText('ready to be packed. Please confirm it, or cancel it, here:')
  const link = new URL(/https?:\/\/\S+/.exec((await card.textContent()) ?? '')![0])
  expect(link.pathname).toMatch(/^\/ConfirmOrder\//)

  // The customer taps the link on a phone where nobody is signed in, and confirms.
  const linkContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const linkPage = await linkContext.newPage()
  await linkPage.goto(`${link.pathname}${link.search}`)
  await expect(linkPage.getByRole('heading', { name: 'Confirm your order' })).toBeVisible()
  await expect(linkPage.getByText(orderNumber)).toBeVisible()
  await expect(linkPage.getByText('7 Aminabad Road')).toHaveCount(0)
  expect(await horizontalOverflow(linkPage)).toBeLessThanOrEqual(1)
  await linkPage.screenshot({ path: `${shots}/02-confirm-link.png` })
  await linkPage.getByRole('button', { name: 'Confirm order' }).click()
  await expect(linkPage.getByText(codConfirmAnswers.confirmed)).toBeVisible()
  await expect(linkPage.getByRole('button', { name: 'Confirm order' })).toHaveCount(0)
  await expect(linkPage.getByRole('button', { name: 'Cancel order' })).toBeVisible()
  await linkPage.screenshot({ path: `${shots}/03-confirmed.png` })
  await linkContext.close()

  // Staff see it confirmed before they pack it.
  await consolePage.goto('/admin/orders')
  await hydrated(consolePage)
  await openOrderFromList(consolePage, orderNumber)
  await expect(consolePage.getByTestId('cod-confirmation')).toContainText(
    'The customer confirmed it from the link in their message',
  )
  await staffContext.close()

  // In Settings the choice shows with its date, and one tap withdraws it.
  await page.goto('/profile')
  await hydrated(page)
  const settings = page.getByRole('region', { name: 'Order updates' })
  const whatsapp = settings.getByRole('checkbox', { name: `WhatsApp · ${formatPhone(`+91${phone}`)}` })
  await expect(whatsapp).toBeChecked()
  await expect(settings.getByText(/^On since /)).toBeVisible()
  await settings.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/04-settings.png` })
  await whatsapp.click()
  await expect(page.getByText('Your choices for order updates are saved.')).toBeVisible()
  await expect(whatsapp).not.toBeChecked()
  await expect(settings.getByText(/^Turned off on /)).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
})
