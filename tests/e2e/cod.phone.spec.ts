import { mkdirSync, readFileSync } from 'node:fs'
import { devices, type Page } from '@playwright/test'
import { deliveryText } from '../../app/components/delivery-check.tsx'
import { confirmationTexts } from '../../app/features/orders/messages.ts'
import { checkoutLabels, paymentTexts } from '../../app/lib/checkout-messages.ts'
import { formatRupees } from '../../app/lib/format.ts'
import { codMessages } from '../../contracts/cod.ts'
import { holdMessages } from '../../contracts/hold-limits.ts'
import { invoiceText } from '../../contracts/invoices.ts'
import { paymentStatusLabel } from '../../contracts/order-states.ts'
import { sandboxUpi } from '../../contracts/orders.ts'
import { loadTranslations } from '../../server/lib/i18n.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { apiAddToCart, listedProducts } from './cart-helpers.ts'
import {
  type Customer,
  confirmEmail,
  expect,
  horizontalOverflow,
  hydrated,
  registerCustomer,
  signInBrowser,
  test,
  uniquePhone,
} from './fixtures.ts'

const shots = 'test-results/journey'
const hi = loadTranslations().hi.t
mkdirSync(shots, { recursive: true })

const bearer = (c: Customer) => ({ authorization: `Bearer ${c.accessToken}` })
const placeOrderButton = (page: Page) => page.getByRole('button', { name: checkoutLabels.placeOrder })
const paymentWindow = (page: Page) => page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
const radio = (page: Page, option: keyof typeof checkoutLabels.paymentOptionNames) =>
  page.getByRole('radio', {
    name: new RegExp(`^${checkoutLabels.paymentOptionNames[option].replace(/[()]/g, '\\$&')}`),
  })

/**
 * Types the delivery address as a customer does on a phone; the PIN fills state and city. Each test's own
 * phone: one phone may have only one cash-on-delivery order on its way (decision 110).
 */
async function typeAddress(page: Page, pin = '226001', city = 'Lucknow', phone = uniquePhone()) {
  await page.getByLabel('First name *').fill('Meera')
  await page.getByLabel('Last name *').fill('Iyer')
  await page.getByLabel('Address *').fill('7 Aminabad Road')
  await page.getByLabel('PIN code *').pressSequentially(pin)
  await expect(page.getByLabel('City *')).toHaveValue(city)
  await page.getByLabel('Phone number *').pressSequentially(phone)
}

/** A cart of one piece cheap enough for cash on delivery (the default limit is ₹10,000). */
async function cartForCod(request: Parameters<typeof listedProducts>[0], customer: Customer) {
  const product = (await listedProducts(request)).find((p) => p.price <= 5000)
  expect(product, 'a seeded product under ₹5,000').toBeTruthy()
  await apiAddToCart(request, customer.accessToken, product!._id)
  return product!
}

test('cash on delivery: chosen at checkout, shown as Pay on delivery, shipped and delivered by staff, then paid', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000)
  const customer = await registerCustomer(request, 'Meera Iyer', undefined, { confirmed: false })
  await cartForCod(request, customer)
  await signInBrowser(page, customer)
  await page.goto('/CheckOut')
  await hydrated(page)
  const phone = uniquePhone()
  await typeAddress(page, '226001', 'Lucknow', phone)
  // A newcomer who has not confirmed their e-mail address is told beside COD what to do (decision 110).
  await expect(radio(page, 'COD')).toHaveAccessibleDescription(holdMessages.codConfirmEmail)
  // Meera follows the link of her welcome e-mail; the checkout, opened again, offers her COD.
  await confirmEmail(request, customer.email)
  const staff = await createAdminWithCli('cod')
  await page.reload()
  await hydrated(page)
  await typeAddress(page, '226001', 'Lucknow', phone)

  // The delivery dates for the PIN, before the customer chooses how to pay.
  const promise = (await (await request.get('/api/v1/delivery/estimate?pin=226001')).json()).data
  await expect(page.getByTestId('checkout-delivery').getByTestId('delivery-dates')).toContainText(
    promise.text,
  )
  await expect(page.getByTestId('checkout-delivery').getByTestId('delivery-cod')).toHaveText(promise.cod.text)
  await page.getByTestId('checkout-delivery').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/cod-00-checkout-delivery-dates.png` })

  // PayPal is listed, as the spec has it, but cannot be chosen; it says why.
  const paypal = radio(page, 'PayPal')
  await expect(paypal).toBeDisabled()
  await expect(paypal).toHaveAccessibleDescription(codMessages.paypalOff)
  await radio(page, 'COD').check()
  await expect(page.getByText(checkoutLabels.codPayOnDelivery)).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await radio(page, 'COD').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/cod-01-checkout-cod-chosen.png` })

  const placed = page.waitForResponse((r) => r.url().includes('/api/v1/order/add'))
  await placeOrderButton(page).click()
  expect((await placed).status()).toBe(201)
  // No payment window: the order is placed and the customer lands on the history.
  await expect(page).toHaveURL(/\/Order-History$/)
  await expect(paymentWindow(page)).toHaveCount(0)
  const list = (await (await request.get('/api/v1/order/allorder', { headers: bearer(customer) })).json())
    .data as Array<{ _id: string; orderID: string; paymentInfo: { method: string; status: string } }>
  const order = list[0]!
  expect(order.paymentInfo).toEqual({ method: 'COD', status: 'Pay on delivery' })
  const confirmation = page.getByTestId('order-confirmation')
  await expect(confirmation).toContainText(order.orderID)
  await expect(confirmation).toContainText(confirmationTexts.amountOnDelivery)
  const card = page.getByRole('listitem').filter({ hasText: order.orderID })
  await expect(card).toContainText(paymentStatusLabel('Pay on delivery'))
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/cod-02-history-pay-on-delivery.png` })

  // Staff, on their own phone: the order waits in 'COD, to ship'; they ship it and mark it delivered.
  const staffContext = await browser.newContext({ ...devices['Pixel 7'] })
  const consolePage = await staffContext.newPage()
  await signInAsStaff(consolePage, staff)
  await consolePage.goto('/admin/orders?queue=codToShip')
  await hydrated(consolePage)
  await consolePage.getByRole('link', { name: new RegExp(order.orderID) }).click()
  await expect(consolePage.getByRole('heading', { name: `Order ${order.orderID}` })).toBeVisible()
  await expect(consolePage.getByTestId('payment-status')).toHaveText('Pay on delivery')
  await expect(consolePage.getByTestId('cash-on-delivery')).toBeVisible()
  await consolePage.getByLabel('Tracking link from the courier').fill('https://track.example.in/AWB20261124')
  await consolePage.getByRole('button', { name: 'Mark Shipped' }).click()
  await expect(consolePage.getByRole('button', { name: 'Mark Delivered' })).toBeVisible()
  await expect(consolePage.getByTestId('payment-status')).toHaveText('Pay on delivery')
  await consolePage.getByRole('button', { name: 'Mark Delivered' }).click()
  await expect(consolePage.getByTestId('payment-status')).toHaveText('Paid')
  await staffContext.close()

  // The customer now sees it delivered and paid.
  await page.reload()
  await expect(card).toContainText('Delivered')
  await expect(card).toContainText(paymentStatusLabel('Paid'))
  await expect(card).not.toContainText(paymentStatusLabel('Pay on delivery'))

  // Delivered, so invoiced: the customer downloads the invoice from the order's details.
  await page.goto(`/OrderDetails/${order._id}`)
  await hydrated(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: invoiceText.download }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^[A-Z0-9]{1,3}-\d\d-\d\d-\d{5}\.pdf$/)
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-')
})

test('a UPI payment in the sandbox payment window', async ({ page, request }) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Arjun Nair')
  await cartForCod(request, customer)
  await signInBrowser(page, customer)
  await page.goto('/CheckOut')
  await hydrated(page)
  await typeAddress(page)
  // Online payment reads as the customer meets it: UPI first.
  await expect(page.getByRole('radio', { name: /^UPI, card or netbanking/ })).toBeChecked()
  await expect(radio(page, 'Credit card')).toBeChecked()
  await placeOrderButton(page).click()

  const dialog = paymentWindow(page)
  await expect(dialog).toBeVisible()
  for (const method of ['UPI', 'Card', 'Netbanking']) {
    await expect(dialog.getByRole('radio', { name: method })).toBeAttached()
  }
  await expect(dialog.getByRole('radio', { name: 'UPI' })).toBeChecked()
  const upiId = dialog.getByLabel('UPI ID')
  await expect(upiId).toHaveValue(sandboxUpi.success)
  const pay = dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) })
  await expect(pay).toBeInViewport()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/cod-03-sandbox-upi.png` })

  const paid = page.waitForResponse((r) => r.url().includes('/payments/sandbox/pay'))
  await pay.click()
  const sent = (await paid).request().postDataJSON()
  expect(sent).toMatchObject({ method: 'upi', vpa: sandboxUpi.success })
  await expect(page).toHaveURL(/\/Order-History$/)
  const list = (await (await request.get('/api/v1/order/allorder', { headers: bearer(customer) })).json())
    .data as Array<{ paymentInfo: { method: string; status: string } }>
  // The order names the method the customer chose in the payment window.
  expect(list[0]!.paymentInfo).toEqual({ method: 'UPI', status: 'Paid' })
})

test('staff set a COD fee and a PIN code without COD in Settings; the checkout follows them', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000)
  const staff = await createAdminWithCli('codset')
  const staffContext = await browser.newContext({ ...devices['Pixel 7'] })
  const settings = await staffContext.newPage()
  await signInAsStaff(settings, staff)
  await settings.goto('/admin/settings')
  await hydrated(settings)
  const save = async (fee: string, pins: string) => {
    await settings.getByLabel('COD fee (₹)').fill(fee)
    await settings.getByLabel('PIN codes without COD').fill(pins)
    const saved = settings.waitForResponse((r) => r.url().includes('/admin/settings/cod'))
    await settings.getByRole('button', { name: 'Save cash on delivery' }).click()
    expect((await saved).status()).toBe(200)
  }
  // Limits per customer (decision 110): Kavya, new here, may pay on delivery once staff let anyone.
  const firstCod = settings.getByLabel('Who may place a first cash-on-delivery order')
  const saveLimits = async (rule: string) => {
    await firstCod.selectOption({ label: rule })
    const saved = settings.waitForResponse((r) => r.url().includes('/admin/settings/limits'))
    await settings.getByRole('button', { name: 'Save limits per customer' }).click()
    expect((await saved).status()).toBe(200)
  }
  await expect(settings.getByLabel('Online orders awaiting payment')).toHaveValue('2')
  await expect(firstCod).toHaveValue('confirmed-email')
  await expect(settings.getByLabel('Offer cash on delivery')).toBeChecked()
  await expect(settings.getByLabel('Largest order for COD (₹)')).toHaveValue('10000')
  try {
    await saveLimits('Anyone signed in')
    await settings.getByRole('heading', { name: 'Limits per customer' }).scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(settings)).toBeLessThanOrEqual(1)
    await settings.screenshot({ path: `${shots}/cod-07-console-limits-per-customer.png` })
    await save('25', '500001')
    expect(await horizontalOverflow(settings)).toBeLessThanOrEqual(1)
    await settings.getByRole('heading', { name: 'Cash on delivery' }).scrollIntoViewIfNeeded()
    await settings.screenshot({ path: `${shots}/cod-04-console-settings.png` })

    const customer = await registerCustomer(request, 'Kavya Reddy')
    const product = await cartForCod(request, customer)
    await signInBrowser(page, customer)
    await page.goto('/CheckOut')
    await hydrated(page)
    await typeAddress(page, '500001', 'Hyderabad')
    await expect(radio(page, 'COD')).toHaveAccessibleDescription(codMessages.pin('500001'))
    await radio(page, 'COD').check()
    await placeOrderButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: codMessages.pin('500001') })).toBeVisible()
    await expect(page).toHaveURL(/\/CheckOut$/i)

    // Another PIN: COD is offered, its fee is its own line and in the total.
    await page.getByLabel('PIN code *').fill('')
    await page.getByLabel('PIN code *').pressSequentially('226001')
    await expect(page.getByLabel('City *')).toHaveValue('Lucknow')
    await expect(radio(page, 'COD')).toHaveAccessibleDescription(/Cash on delivery fee: ₹25/)
    await expect(page.getByRole('alert').filter({ hasText: codMessages.pin('500001') })).toHaveCount(0)
    const summary = page.getByRole('complementary', { name: 'Your order' })
    await expect(summary.getByRole('row', { name: /Cash on delivery fee/ })).toContainText('₹25')
    await expect(summary.getByRole('row', { name: /Total/ })).toContainText(formatRupees(product.price + 25))
    await summary.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shots}/cod-05-checkout-fee.png` })
    const placed = page.waitForResponse((r) => r.url().includes('/api/v1/order/add'))
    await placeOrderButton(page).click()
    const answer = await placed
    expect(answer.status()).toBe(201)
    const order = (await answer.json()).data[0]
    expect(order).toMatchObject({ codFee: 25, totalAmount: product.price + 25 })
    await expect(page).toHaveURL(/\/Order-History$/)

    // A Hindi reader's delivery check in the cart gives the same refusal, in Hindi (decision 097).
    await apiAddToCart(request, customer.accessToken, product._id)
    await page.goto('/Cart?lang=hi')
    await hydrated(page)
    const check = page.getByTestId('delivery-check')
    await check.getByLabel(hi(deliveryText.check)).fill('500001')
    await check.getByRole('button', { name: hi(deliveryText.button), exact: true }).click()
    const refusal = hi(
      'Cash on delivery is not offered for PIN code {pin}. Please pay online for this order.',
      {
        pin: '500001',
      },
    )
    expect(refusal).not.toBe(codMessages.pin('500001'))
    await expect(check.getByTestId('delivery-cod')).toHaveText(refusal)
    await check.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shots}/cod-06-cart-delivery-check-hindi.png` })
  } finally {
    await save('0', '')
    await saveLimits('Customers who confirmed their e-mail address')
    await staffContext.close()
  }
})
