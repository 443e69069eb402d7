import type { Browser, Page } from '@playwright/test'
import { cartMessages } from '../../app/lib/cart-messages.ts'
import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import { checkoutLabels, paymentTexts } from '../../app/lib/checkout-messages.ts'
import { formatPhone } from '../../contracts/messaging.ts'
import { createAdminWithCli, type Staff, signInAsStaff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import {
  expect,
  horizontalOverflow,
  hydrated,
  registerCustomer,
  signInBrowser,
  test,
  uniqueEmail,
  uniquePhone,
} from './fixtures.ts'

// Sign-up and sign-in with a mobile number and a one-time code (decision 141), on the phone most customers
// buy on. The sandbox sends nothing: the code is read where staff read it, in the console's Outbox.
test.use({ viewport: { width: 390, height: 844 } })

let staff: Staff
test.beforeAll(async () => {
  staff = await createAdminWithCli('outbox')
})

/** The code the Outbox shows for the newest WhatsApp or SMS message to this number, read by an owner. */
async function codeFromOutbox(browser: Browser, phone: string, channel: 'whatsapp' | 'sms') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const console = await context.newPage()
  await signInAsStaff(console, staff)
  await console.goto(`/admin/outbox?channel=${channel}`)
  const card = console.getByRole('listitem', { name: `Message to ${formatPhone(phone)}` }).first()
  await expect(card).toContainText(/\d{6} is your Kalaa Setu code/)
  await console.screenshot({ path: `test-results/mobile-sign-in/outbox-${channel}.png` })
  expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
  const code = /(\d{6}) is your/.exec((await card.textContent()) ?? '')![1]!
  await context.close()
  return code
}

async function askForCode(page: Page, phone: string) {
  await page.getByLabel('Mobile number').fill(phone.slice(3))
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(
    page.getByText(/Enter the 6-digit code we sent to \+91 ••••• •\d{4} by (WhatsApp|SMS)\./),
  ).toBeVisible()
}

test('a new customer signs up with a mobile number and the code from WhatsApp, then buys', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const phone = `+91${uniquePhone().replace(/^8/, '9')}`
  const [product] = await listedProducts(request)
  await page.goto(`/Login?next=${encodeURIComponent(`/Productdetails/${product!._id}`)}`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Continue with mobile number' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in with your mobile number' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'WhatsApp' })).toBeChecked()
  await page.screenshot({ path: 'test-results/mobile-sign-in/01-number.png' })
  await askForCode(page, phone)
  // The next code waits its 30 s, counted down on the page.
  await expect(page.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled()
  await page.screenshot({ path: 'test-results/mobile-sign-in/02-code.png' })

  const code = await codeFromOutbox(browser, phone, 'whatsapp')
  const wrong = code === '000000' ? '111111' : '000000'
  await page.getByLabel('Code').fill(wrong)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert')).toHaveText('That code is not right. 4 tries left.')
  await page.getByLabel('Code').fill(code)
  await page.getByRole('button', { name: 'Continue' }).click()

  // New to the shop: the name, an e-mail if one likes, and the terms.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await page.getByLabel('Name').fill('Meera Pradhan')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('alert')).toHaveText('You must accept the terms and conditions.')
  await page.getByRole('checkbox').check()
  await page.screenshot({ path: 'test-results/mobile-sign-in/03-name.png' })
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.getByRole('button', { name: 'Create account' }).click()

  // Signed in, back on the product it started from, and buying as anyone does.
  await expect(page).toHaveURL(new RegExp(`/Productdetails/${product!._id}$`))
  await hydrated(page)
  await page.getByRole('button', { name: catalogueText.addToCart, exact: true }).first().click()
  await expect(page.getByText(cartMessages.added).first()).toBeVisible()
  await page.goto('/Cart')
  await hydrated(page)
  await page
    .getByRole('button', { name: 'Proceed to Checkout' })
    .or(page.getByRole('link', { name: 'Proceed to Checkout' }))
    .click()
  await expect(page.getByText(checkoutLabels.total)).toBeVisible()
  await page.getByLabel('First name *').fill('Meera')
  await page.getByLabel('Last name *').fill('Pradhan')
  await page.getByLabel('Address *').fill('14 Sambalpur Road')
  await page.getByLabel('PIN code *').pressSequentially('226001')
  await expect(page.getByLabel('City *')).toHaveValue('Lucknow')
  await page.getByLabel('Phone number *').pressSequentially(phone.slice(3))
  await page.getByLabel('Email *').fill(uniqueEmail('meera'))
  await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
  const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
  await dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) }).click()
  await expect(page).toHaveURL(/\/Order-History$/)
  await expect(page.getByTestId('order-confirmation')).toBeVisible()
})

test('a customer who added their number in Settings signs in with it by SMS, into the same account', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const phone = `+91${uniquePhone().replace(/^8/, '6')}`
  const customer = await registerCustomer(request, 'Ravi Das')
  await signInBrowser(page, customer)
  await page.goto('/profile')
  await hydrated(page)
  const settings = page.getByRole('region', { name: 'Sign in with your mobile number' })
  await settings.getByLabel('Mobile number').fill(phone.slice(3))
  await settings.getByRole('radio', { name: 'SMS' }).check()
  await settings.getByRole('button', { name: 'Send code' }).click()
  await settings
    .getByLabel(/Enter the 6-digit code we sent to/)
    .fill(await codeFromOutbox(browser, phone, 'sms'))
  await settings.getByRole('button', { name: 'Add this number' }).click()
  await expect(settings).toContainText(`${formatPhone(phone)} signs in to this account`)
  await settings.screenshot({ path: 'test-results/mobile-sign-in/04-settings.png' })

  // On another phone, the number signs in to the same account.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const phonePage = await other.newPage()
  await signInWithCode(phonePage, browser, phone)
  await expect.poll(() => phonePage.evaluate(() => localStorage.getItem('userid'))).toBe(customer.userId)
  await other.close()
})

async function signInWithCode(page: Page, browser: Browser, phone: string) {
  await page.goto('/Login/mobile')
  await hydrated(page)
  await page.getByRole('radio', { name: 'SMS' }).check()
  await askForCode(page, phone)
  await page.getByLabel('Code').fill(await codeFromOutbox(browser, phone, 'sms'))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/$/)
}
