import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { deliveryText } from '../../app/components/delivery-check.tsx'
import { checkoutLabels } from '../../app/lib/checkout-messages.ts'
import {
  type DeliverySettingsView,
  deliveryMessages,
  deliveryPinKey,
  zoneLabels,
} from '../../contracts/delivery.ts'
import { formatPaise } from '../../contracts/money.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { apiAddToCart, listedProducts } from './cart-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

const shots = 'test-results/journey'
mkdirSync(shots, { recursive: true })

/** The dates line as the estimate answers it for this PIN now. */
async function expectedText(request: APIRequestContext, pin: string) {
  const res = await request.get(`/api/v1/delivery/estimate?pin=${pin}`)
  expect(res.ok()).toBeTruthy()
  return (await res.json()).data as {
    text: string
    cod: { text: string; maxTotal: number }
    served: boolean
  }
}

const deliveryBox = (page: Page) => page.getByTestId('delivery-check')

test('a PIN typed on the product page shows delivery dates and COD, and the cart remembers it', async ({
  page,
  request,
}) => {
  const want = await expectedText(request, '110001')
  expect(want.served).toBe(true)
  // A piece within the cash-on-delivery limit: the line says COD is there.
  const [product] = (await listedProducts(request)).filter(
    (p) => p.quantity > 0 && p.price <= want.cod.maxTotal,
  )
  await page.goto(`/Productdetails/${product!._id}`)
  await hydrated(page)
  const box = deliveryBox(page)
  await box.getByLabel(deliveryText.check).pressSequentially('11000')
  await box.getByRole('button', { name: deliveryText.button }).click()
  await expect(box).toContainText(deliveryMessages.badPin)
  await box.getByLabel(deliveryText.check).fill('110001')
  await box.getByRole('button', { name: deliveryText.button }).click()

  await expect(box.getByTestId('delivery-dates')).toContainText(want.text)
  await expect(box.getByTestId('delivery-cod')).toHaveText(want.cod.text)
  expect(want.cod.text).toMatch(/^Cash on delivery available for orders up to ₹/)
  expect(await page.evaluate((k) => localStorage.getItem(k), deliveryPinKey)).toBe('110001')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await box.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/delivery-01-product-page.png` })

  // The cart, on the same device: the PIN is already there with its dates.
  const customer = await registerCustomer(request, 'Rohan Das')
  await apiAddToCart(request, customer.accessToken, product!._id)
  await signInBrowser(page, customer)
  await page.goto('/Cart')
  const cartBox = deliveryBox(page)
  await expect(cartBox.getByLabel(deliveryText.check)).toHaveValue('110001')
  await expect(cartBox.getByTestId('delivery-dates')).toContainText(want.text)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await cartBox.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/delivery-02-cart.png` })
})

test('a piece above the cash-on-delivery limit is never said to be payable on delivery', async ({
  page,
  request,
}) => {
  const want = await expectedText(request, '110001')
  const above = (await listedProducts(request)).find((p) => p.quantity > 0 && p.price > want.cod.maxTotal)
  expect(above, 'the demo catalogue has a piece above the COD limit').toBeDefined()
  await page.goto(`/Productdetails/${above!._id}`)
  await hydrated(page)
  const box = deliveryBox(page)
  await box.getByLabel(deliveryText.check).fill('110001')
  await box.getByRole('button', { name: deliveryText.button }).click()
  await expect(box.getByTestId('delivery-cod')).toHaveText(
    `Cash on delivery is for orders up to ${formatPaise(Math.round(want.cod.maxTotal * 100))}: this one is paid online.`,
  )
})

test('an unserved PIN is said plainly at checkout and Place Order is refused', async ({ page, request }) => {
  test.setTimeout(120_000)
  const staff = await createAdminWithCli('zones')
  const login = await request.post('/api/v1/user/login', { data: staff })
  expect(login.ok()).toBeTruthy()
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` }
  const before = (await (await request.get('/api/v1/admin/settings/delivery', { headers })).json())
    .data as DeliverySettingsView
  const { homeState: _, ...settings } = before
  const put = (body: unknown) =>
    request.put('/api/v1/admin/settings/delivery', { headers, data: body as object })
  const off = await put({
    ...settings,
    zones: { ...settings.zones, islands: { ...settings.zones.islands, enabled: false } },
  })
  expect(off.ok(), await off.text()).toBeTruthy()
  try {
    const customer = await registerCustomer(request, 'Anil Kujur')
    const [product] = (await listedProducts(request)).filter((p) => p.quantity > 0)
    await apiAddToCart(request, customer.accessToken, product!._id)
    await signInBrowser(page, customer)
    await page.goto('/CheckOut')
    await hydrated(page)
    await page.getByLabel('First name *').fill('Anil')
    await page.getByLabel('Last name *').fill('Kujur')
    await page.getByLabel('Address *').fill('3 Aberdeen Bazaar')
    await page.getByLabel('PIN code *').pressSequentially('744101')
    await expect(page.getByLabel('City *')).toHaveValue('South Andaman')
    await page.getByLabel('Phone number *').pressSequentially('9876501234')

    const said = page.getByTestId('checkout-delivery')
    await expect(said).toHaveText(deliveryMessages.notServed('744101'))
    let ordered = false
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/order/add')) ordered = true
    })
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: deliveryMessages.orderRefused('744101') }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/CheckOut$/i)
    expect(ordered).toBe(false)
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
    await said.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shots}/delivery-03-checkout-unserved.png` })
  } finally {
    expect((await put(settings)).ok()).toBeTruthy()
  }
})

test('staff set dispatch days and switch a zone off in the console’s Settings', async ({ page, request }) => {
  const staff = await createAdminWithCli('zonesui')
  await signInAsStaff(page, staff)
  await page.goto('/admin/settings')
  await hydrated(page)
  const section = page.getByRole('region', { name: 'Delivery', exact: true })
  await expect(section.getByLabel('Dispatch days')).toHaveValue(/^\d+$/)
  const before = await section.getByLabel('Dispatch days').inputValue()
  const islands = section.getByRole('checkbox', { name: zoneLabels.islands })
  await expect(islands).toBeChecked()
  const save = async () => {
    const saved = page.waitForResponse(
      (r) => r.url().includes('/admin/settings/delivery') && r.request().method() === 'PUT',
    )
    await section.getByRole('button', { name: 'Save delivery' }).click()
    expect((await saved).status()).toBe(200)
  }
  try {
    await section.getByLabel('Dispatch days').fill('2')
    await islands.uncheck()
    await save()
    const now = await expectedText(request, '744101')
    expect(now.served).toBe(false)
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shots}/delivery-04-console-settings.png`, fullPage: false })
  } finally {
    await section.getByLabel('Dispatch days').fill(before)
    await islands.check()
    await save()
  }
  expect((await expectedText(request, '744101')).served).toBe(true)
})
