import AxeBuilder from '@axe-core/playwright'
import { apiAddToCart, apiAddToWishlist, listedProducts } from './cart-helpers.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

for (const path of ['/Cart', '/wishlist']) {
  test(`${path} fits a 360 px phone and passes axe`, async ({ signedInPage: page, customer, request }) => {
    const [a, b] = await listedProducts(request)
    await apiAddToCart(request, customer.accessToken, a!._id)
    await apiAddToCart(request, customer.accessToken, b!._id, 3)
    await apiAddToWishlist(request, customer.accessToken, a!._id)
    await apiAddToWishlist(request, customer.accessToken, b!._id)
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto(path)
    await expect(page.getByTestId(path === '/Cart' ? 'cart-line' : 'wishlist-row')).toHaveCount(2)
    // A phone browser zooms out to fit wide pages, so compare with the width set, not innerWidth.
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
  })
}

test('cart and checkout in Hindi on a 390 px phone, kept after a reload', async ({
  signedInPage: page,
  customer,
  request,
}) => {
  const [product] = await listedProducts(request)
  await apiAddToCart(request, customer.accessToken, product!._id)
  await page.setViewportSize({ width: 390, height: 844 })

  await page.goto('/Cart?lang=hi')
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await expect(page.getByRole('heading', { level: 1, name: 'आपका कार्ट' })).toBeVisible()
  await expect(page.getByTestId('cart-line')).toHaveCount(1)
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toHaveCount(0)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  // No parameter now: the cookie the Hindi address set keeps the choice, in the server's own HTML too.
  await page.goto('/Cart')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'आपका कार्ट' })).toBeVisible()
  await page.getByRole('button', { name: 'चेकआउट करें' }).click()
  await expect(page).toHaveURL(/\/CheckOut$/)
  await expect(page.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'ऑर्डर करें' })).toBeVisible()
  await expect(page.getByText('कुल (INR)')).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await expect(page.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'ऑर्डर करें' })).toBeVisible()
  const html = await (await page.request.get('/CheckOut')).text()
  expect(html).toContain('चेकआउट')
})
