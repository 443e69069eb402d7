import { mkdirSync } from 'node:fs'
import { devices, type Page } from '@playwright/test'
import { deliveryText } from '../../app/components/delivery-check.tsx'
import { checkoutLabels, paymentTexts } from '../../app/lib/checkout-messages.ts'
import { formatRupees } from '../../app/lib/format.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
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

const shots = 'test-results/journey'
mkdirSync(shots, { recursive: true })

// Only the north-east is priced here: no other browser test sends a parcel there, so the tests running beside
// this one keep the free shipping they expect. Guwahati, Assam.
const pin = '781001'
const zone = 'North-east'

const free = { slabs: [], extraPerKg: 0 }
const noRates = {
  zones: { home: free, metro: free, rest: free, northeast: free, islands: free },
  freeAbove: null,
  minimumCharge: 0,
  defaultWeightGrams: 500,
  packages: [],
}

const summaryOf = (page: Page) => page.getByRole('complementary', { name: 'Your order' })

test('staff price shipping to a zone from a phone; the customer sees it on the product page, in the cart and before paying', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000)
  const staff = await createAdminWithCli('shiprates')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  expect(login.status()).toBe(200)
  const staffAuth = { authorization: `Bearer ${(await login.json()).data.accessToken}` }
  const staffContext = await browser.newContext({ ...devices['Pixel 7'] })
  const settings = await staffContext.newPage()
  try {
    await signInAsStaff(settings, staff)
    await settings.goto('/admin/settings')
    await hydrated(settings)
    const section = settings.getByRole('region', { name: 'Shipping', exact: true })
    await section.getByRole('button', { name: `Add a slab to ${zone}` }).click()
    await section.getByLabel(`${zone}, slab 1: up to grams`).fill('1000')
    await section.getByLabel(`${zone}, slab 1: charge in rupees`).fill('95')
    await section.getByLabel(`${zone}: charge per further kilogram`).fill('40')
    await section.getByRole('button', { name: 'Add a package' }).click()
    await section.getByLabel('Package 1: name').fill('Saree box')
    await section.getByLabel('Package 1: length in cm').fill('35')
    await section.getByLabel('Package 1: breadth in cm').fill('28')
    await section.getByLabel('Package 1: height in cm').fill('6')
    const saved = settings.waitForResponse(
      (r) => r.url().includes('/admin/settings/shipping') && r.request().method() === 'PUT',
    )
    await section.getByRole('button', { name: 'Save shipping' }).click()
    expect((await saved).status()).toBe(200)
    await expect(settings.getByText('Shipping saved')).toBeVisible()
    await section.locator('[data-zone="northeast"]').scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(settings)).toBeLessThanOrEqual(1)
    await settings.screenshot({ path: `${shots}/shipping-01-console-rates.png` })

    // A piece with no weight of its own counts as the default 500 g: the first slab.
    const product = (await listedProducts(request)).find((p) => p.quantity > 0 && p.price <= 5000)
    expect(product, 'a seeded product in stock under ₹5,000').toBeTruthy()
    await page.goto(`/Productdetails/${product!._id}`)
    await hydrated(page)
    const box = page.getByTestId('delivery-check')
    await box.getByLabel(deliveryText.check).fill(pin)
    await box.getByRole('button', { name: deliveryText.button }).click()
    await expect(box.getByTestId('delivery-shipping')).toHaveText('Shipping ₹95')
    await box.scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
    await page.screenshot({ path: `${shots}/shipping-02-product-page.png` })

    const customer = await registerCustomer(request, 'Bitopan Kalita')
    await apiAddToCart(request, customer.accessToken, product!._id)
    await signInBrowser(page, customer)
    await page.goto('/Cart')
    await hydrated(page)
    await expect(page.getByTestId('delivery-check').getByTestId('delivery-shipping')).toHaveText(
      'Shipping ₹95',
    )

    await page.goto('/CheckOut')
    await hydrated(page)
    await page.getByLabel('First name *').fill('Bitopan')
    await page.getByLabel('Last name *').fill('Kalita')
    await page.getByLabel('Address *').fill('3 Pan Bazaar')
    await page.getByLabel('PIN code *').pressSequentially(pin)
    await expect(page.getByLabel('City *')).not.toHaveValue('')
    await page.getByLabel('Phone number *').pressSequentially(uniquePhone())
    const summary = summaryOf(page)
    await expect(summary.getByTestId('checkout-shipping')).toContainText('₹95')
    await expect(summary.getByRole('row', { name: /Total/ })).toContainText(formatRupees(product!.price + 95))
    await summary.scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
    await page.screenshot({ path: `${shots}/shipping-03-checkout.png` })

    const placed = page.waitForResponse((r) => r.url().includes('/api/v1/order/add'))
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
    const order = (await (await placed).json()).data[0]
    expect(order).toMatchObject({ shippingCharge: 95, totalAmount: product!.price + 95 })
    const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) }).click()
    await expect(page).toHaveURL(/\/Order-History$/)
    await page.goto(`/OrderDetails/${order._id}`)
    await expect(page.getByTestId('order-shipping')).toHaveText('₹95')
    await page.getByTestId('order-shipping').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shots}/shipping-04-order-details.png` })
  } finally {
    const back = await request.put('/api/v1/admin/settings/shipping', { headers: staffAuth, data: noRates })
    expect(back.status()).toBe(200)
    await staffContext.close()
  }
})
