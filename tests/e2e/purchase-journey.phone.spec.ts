import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { confirmationTexts, orderMessages } from '../../app/features/orders/messages.ts'
import { cartMessages } from '../../app/lib/cart-messages.ts'
import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import { checkoutLabels, checkoutMessages, paymentTexts } from '../../app/lib/checkout-messages.ts'
import { formatRupees } from '../../app/lib/format.ts'
import { paymentStatusLabel } from '../../contracts/order-states.ts'
import { apiAddToCart, listedProducts } from './cart-helpers.ts'
import {
  type Customer,
  expect,
  horizontalOverflow,
  hydrated,
  registerCustomer,
  signInBrowser,
  test,
} from './fixtures.ts'

// The phone most customers buy on: a mid-range Android, 390 px wide, touch.
test.use({ viewport: { width: 390, height: 844 } })

const shots = 'test-results/journey'
mkdirSync(shots, { recursive: true })
/** A screenshot once the page has stopped scrolling (the shop scrolls smoothly). */
async function shot(page: Page, name: string) {
  const scrollY = () => page.evaluate(() => window.scrollY)
  let last = -1
  await expect
    .poll(async () => {
      const now = await scrollY()
      const still = now === last
      last = now
      return still
    })
    .toBe(true)
  await page.screenshot({ path: `${shots}/${name}.png` })
}

async function expectNoSeriousA11yIssues(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
}

const bearer = (c: Customer) => ({ authorization: `Bearer ${c.accessToken}` })

async function myOrders(request: APIRequestContext, c: Customer) {
  const res = await request.get('/api/v1/order/allorder', { headers: bearer(c) })
  expect(res.ok()).toBeTruthy()
  return (await res.json()).data as Array<{
    _id: string
    orderID: string
    totalAmount: number
    paymentInfo: { status: string }
    shippingInfo: { phoneNumber: string; address: string }
  }>
}

/** Types the delivery address as a customer does on a phone; the PIN fills state and city. */
async function typeAddress(page: Page, phone = '+91 98290-12345') {
  await page.getByLabel('First name *').fill('Priya')
  await page.getByLabel('Last name *').fill('Sharma')
  await page.getByLabel('Address *').fill('22 Civil Lines')
  await page.getByLabel('PIN code *').pressSequentially('226001')
  await expect(page.getByLabel('City *')).toHaveValue('Lucknow')
  await page.getByLabel('Phone number *').pressSequentially(phone)
}

const placeOrderButton = (page: Page) => page.getByRole('button', { name: checkoutLabels.placeOrder })
const paymentWindow = (page: Page) => page.getByRole('dialog', { name: paymentTexts.sandboxTitle })

test('a refused Place Order takes the customer to the first field in error and says why', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'Anil Mehta')
  const [product] = await listedProducts(request)
  await apiAddToCart(request, customer.accessToken, product!._id)
  await signInBrowser(page, customer)
  await page.goto('/CheckOut')
  await hydrated(page)
  await expect(page.getByLabel('Email *')).toHaveValue(customer.email)

  await placeOrderButton(page).click()
  const address = page.getByLabel('Address *')
  await expect(address).toBeFocused()
  await expect(address).toBeInViewport()
  const summary = page.locator('[aria-live="assertive"]')
  await expect(summary).toContainText(checkoutMessages.addressRequired)
  await expect(summary).toContainText(checkoutMessages.phoneRequired)
  await shot(page, '03a-checkout-refused')
  await expectNoSeriousA11yIssues(page)

  // Everything right but a phone that is not a 10-digit number: the phone is where it goes next.
  await typeAddress(page, '+1 415 555')
  await placeOrderButton(page).click()
  const phone = page.getByLabel('Phone number *')
  await expect(phone).toBeFocused()
  await expect(phone).toBeInViewport()
  await expect(phone).toHaveAccessibleDescription(checkoutMessages.phoneRequired)
  await expect(summary).not.toContainText(checkoutMessages.addressRequired)
  await expect(paymentWindow(page)).toHaveCount(0)
  await placeOrderButton(page).scrollIntoViewIfNeeded()
  await shot(page, '03b-checkout-refused-summary')
})

test('/CheckOut opened directly shows the cart the server holds', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'Sunita Rao')
  const [first, second] = await listedProducts(request)
  await apiAddToCart(request, customer.accessToken, first!._id)
  await apiAddToCart(request, customer.accessToken, second!._id, 2)
  await signInBrowser(page, customer)
  await page.goto('/CheckOut')
  const summary = page.getByRole('complementary', { name: 'Your order' })
  await expect(summary.getByText(first!.title.slice(0, 20))).toBeVisible()
  await expect(summary.getByText(`2 × ${formatRupees(second!.price)}`)).toBeVisible()
  await expect(summary).toContainText(formatRupees(first!.price + 2 * second!.price))
  await expect(summary.getByText('Your cart is empty.')).toHaveCount(0)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  // With a coupon the cart page stored, the total is the discounted one the order will be checked against.
  await page.evaluate(() => {
    localStorage.setItem('couponCode', 'WELCOME10')
    localStorage.setItem('couponDiscount', '10')
  })
  await page.reload()
  const subtotal = first!.price + 2 * second!.price
  await expect(summary.getByText('Coupon WELCOME10')).toBeVisible()
  await expect(
    summary.getByRole('row', { name: new RegExp(checkoutLabels.total.replace(/[()]/g, '\\$&')) }),
  ).toContainText(formatRupees(Number((subtotal - (subtotal * 10) / 100).toFixed(2))))
})

test('product to confirmation on a phone: +91 phone kept as 10 digits, a confirmation that stays until dismissed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Priya Sharma')
  const [product] = await listedProducts(request)
  await signInBrowser(page, customer)

  await page.goto(`/Productdetails/${product!._id}`)
  await hydrated(page)
  await page.getByRole('button', { name: catalogueText.addToCart, exact: true }).first().click()
  await expect(page.getByText(cartMessages.added).first()).toBeVisible()
  await shot(page, '01-product')

  await page.goto('/Cart')
  await hydrated(page)
  const proceed = page
    .getByRole('button', { name: 'Proceed to Checkout' })
    .or(page.getByRole('link', { name: 'Proceed to Checkout' }))
  await expect(proceed).toBeVisible()
  await shot(page, '02-cart')
  await proceed.click()

  await expect(page.getByText(checkoutLabels.total)).toBeVisible()
  await typeAddress(page)
  const phone = page.getByLabel('Phone number *')
  await expect(phone).toHaveValue('+91 98290-12345')
  await phone.blur()
  await expect(phone).toHaveValue('9829012345')
  await expect(page.getByLabel('PIN code *')).toHaveAttribute('inputmode', 'numeric')
  await expect(phone).toHaveAttribute('inputmode', 'tel')
  for (const label of ['First name *', 'Last name *', 'Address *', 'City *', 'State *', 'Email *']) {
    await expect(page.getByLabel(label)).toHaveAttribute('autocomplete', /.+/)
  }
  await shot(page, '03-checkout')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  await placeOrderButton(page).click()
  const dialog = paymentWindow(page)
  const pay = dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) })
  await expect(pay).toBeInViewport()
  await shot(page, '04-payment-window')
  await pay.click()

  await expect(page).toHaveURL(/\/Order-History$/)
  const [order] = await myOrders(request, customer)
  expect(order!.shippingInfo.phoneNumber).toBe('9829012345')
  expect(order!.paymentInfo.status).toBe('Paid')

  const confirmation = page.getByTestId('order-confirmation')
  await expect(confirmation.getByRole('heading', { name: confirmationTexts.heading })).toBeVisible()
  await expect(confirmation).toContainText(order!.orderID)
  await expect(confirmation).toContainText(formatRupees(order!.totalAmount))
  await expect(confirmation).toContainText('22 Civil Lines')
  await expect(confirmation).toContainText('Lucknow')
  await expect(confirmation).toContainText('Thank you')
  // Landed at the top of the page, with the news in view and focused for screen readers.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(confirmation).toBeInViewport()
  await expect(confirmation.getByRole('heading', { name: confirmationTexts.heading })).toBeFocused()
  await shot(page, '05-confirmation')

  // The card: number, status with payment state, total and View, all on screen.
  const card = page.getByRole('listitem').filter({ hasText: order!.orderID })
  await expect(card).toContainText(paymentStatusLabel('Paid'))
  await expect(card).toContainText(formatRupees(order!.totalAmount))
  const view = card.getByRole('link', { name: `${orderMessages.view} order ${order!.orderID}` })
  await view.scrollIntoViewIfNeeded()
  await expect(view).toBeInViewport()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await expect(page.getByRole('table')).toHaveCount(0)
  await shot(page, '06-order-history')
  await expectNoSeriousA11yIssues(page)

  await page.reload()
  await hydrated(page)
  await expect(confirmation).toContainText(order!.orderID)
  await confirmation.getByRole('button', { name: confirmationTexts.dismiss }).click()
  await expect(confirmation).toHaveCount(0)
  await page.reload()
  await expect(card).toBeVisible()
  await expect(confirmation).toHaveCount(0)

  // At 640 px and up the spec's table stands, with the payment state beside the status.
  await page.setViewportSize({ width: 640, height: 900 })
  for (const header of orderMessages.columns) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible()
  }
  const row = page.getByRole('row').nth(1)
  await expect(row).toContainText(paymentStatusLabel('Paid'))
  await expect(
    row.getByRole('link', { name: `${orderMessages.view} order ${order!.orderID}` }),
  ).toBeInViewport()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await shot(page, '06b-order-history-640')
})

test('a failed payment, then Try again: the address is still there and the same order is paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Vikram Singh')
  const [product] = await listedProducts(request)
  await apiAddToCart(request, customer.accessToken, product!._id)
  await signInBrowser(page, customer)
  await page.goto('/Cart')
  await hydrated(page)
  await page
    .getByRole('button', { name: 'Proceed to Checkout' })
    .or(page.getByRole('link', { name: 'Proceed to Checkout' }))
    .click()
  await typeAddress(page)
  await placeOrderButton(page).click()
  const dialog = paymentWindow(page)
  const orderLine = await dialog.getByText(/^Order KS-/).textContent()
  await dialog.getByRole('button', { name: paymentTexts.fail }).click()

  await expect(page).toHaveURL(/\/payment-failed$/)
  await expect(page.getByRole('heading', { name: paymentTexts.failedHeading })).toBeVisible()
  const orderNumber = orderLine!.replace('Order ', '')
  await expect(page.getByText(orderNumber)).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await shot(page, '07-payment-failed')
  await page.getByRole('link', { name: paymentTexts.tryAgain }).click()

  await expect(page).toHaveURL(/\/checkout$/i)
  await expect(page.getByRole('status').filter({ hasText: orderNumber })).toBeVisible()
  await expect(page.getByLabel('Address *')).toHaveValue('22 Civil Lines')
  await expect(page.getByLabel('Phone number *')).toHaveValue('9829012345')
  // Saved to the address book with the order, so it is offered on the next visit too.
  await expect(page.getByText('22 Civil Lines').first()).toBeVisible()
  await expect(page.getByRole('button', { name: checkoutLabels.deliverHere })).toHaveCount(1)
  await shot(page, '08-try-again-checkout')
  await expectNoSeriousA11yIssues(page)

  await placeOrderButton(page).click()
  await expect(dialog.getByText(`Order ${orderNumber}`)).toBeVisible()
  await dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) }).click()
  await expect(page).toHaveURL(/\/Order-History$/)
  await expect(page.getByTestId('order-confirmation')).toContainText(orderNumber)
  await shot(page, '09-try-again-confirmation')

  const orders = await myOrders(request, customer)
  expect(orders.map((o) => [o.orderID, o.paymentInfo.status])).toEqual([[orderNumber, 'Paid']])
  await expect(page.getByRole('link', { name: new RegExp(`^${orderMessages.view} order`) })).toHaveCount(1)
})
