import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { orderMessages } from '../../app/features/orders/messages.ts'
import { checkoutLabels, paymentTexts } from '../../app/lib/checkout-messages.ts'
import { listedProducts } from './cart-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

async function expectFitsAndAccessible(page: Page) {
  const overflow = await horizontalOverflow(page)
  expect(overflow).toBeLessThanOrEqual(1)
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
}

test('on a phone: deliver to a saved address, pay in the sandbox, track the order', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'Lakshmi Rao')
  const auth = { authorization: `Bearer ${customer.accessToken}` }
  const saved = await request.post('/api/v1/adress/add', {
    headers: auth,
    data: {
      userId: customer.userId,
      fullName: 'Lakshmi Rao',
      phoneNumber: '9123456780',
      streetAddress: '8 Banjara Hills Road',
      city: 'Hyderabad',
      state: 'Telangana',
      postalCode: '500034',
      country: 'INDIA',
      addressType: 'Home',
    },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  const [product] = await listedProducts(request)
  expect(
    (await request.post('/api/v1/cart/add', { headers: auth, data: { productId: product._id } })).ok(),
  ).toBe(true)
  await signInBrowser(page, customer)
  await page.goto('/Cart')
  await hydrated(page)
  await page
    .getByRole('button', { name: 'Proceed to Checkout' })
    .or(page.getByRole('link', { name: 'Proceed to Checkout' }))
    .click()
  await expect(page.getByText(checkoutLabels.total)).toBeVisible()
  await expectFitsAndAccessible(page)

  await page.getByRole('button', { name: checkoutLabels.deliverHere }).click()
  await expect(page.getByLabel('City *')).toHaveValue('Hyderabad')
  await expect(page.getByLabel('Email *')).toHaveValue(customer.email)
  await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()

  const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
  await expect(dialog).toBeVisible()
  const pay = dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) })
  await expect(pay).toBeInViewport()
  await expectFitsAndAccessible(page)
  await pay.click()

  await expect(page).toHaveURL(/\/Order-History$/)
  await page.getByRole('link', { name: /View/ }).first().click()
  await expect(page.getByText('Telangana')).toBeVisible()
  await expectFitsAndAccessible(page)
  await page.getByRole('button', { name: orderMessages.trackOrder }).click()
  await expect(page.getByText(orderMessages.notChanged)).toBeVisible()

  await page.goto('/payment-failed')
  await expectFitsAndAccessible(page)
})

test('on a phone: a Place Order tapped while the shipping charge is still asked places the order once it is known', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'Meera Iyer')
  const auth = { authorization: `Bearer ${customer.accessToken}` }
  const saved = await request.post('/api/v1/adress/add', {
    headers: auth,
    data: {
      userId: customer.userId,
      fullName: 'Meera Iyer',
      phoneNumber: '9123456781',
      streetAddress: '14 Mylapore Tank Street',
      city: 'Chennai',
      state: 'Tamil Nadu',
      postalCode: '600004',
      country: 'INDIA',
      addressType: 'Home',
    },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  const [product] = await listedProducts(request)
  expect(
    (await request.post('/api/v1/cart/add', { headers: auth, data: { productId: product._id } })).ok(),
  ).toBe(true)
  await signInBrowser(page, customer)
  // The charge for the chosen PIN is held back until the order has been tapped.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked = false
  await page.route('**/api/v1/shipping/quote?pin=600004*', async (route) => {
    asked = true
    await held
    await route.continue()
  })
  await page.goto('/CheckOut')
  await hydrated(page)
  await page.getByRole('button', { name: checkoutLabels.deliverHere }).click()
  await expect(page.getByLabel('City *')).toHaveValue('Chennai')
  await expect.poll(() => asked).toBe(true)
  let placed = false
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/order/add')) placed = true
  })
  await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
  await expect(page.getByRole('button', { name: 'Placing order…' })).toBeDisabled()
  expect(placed).toBe(false)

  release()
  const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
  await expect(dialog).toBeVisible()
  expect(placed).toBe(true)
})
