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
