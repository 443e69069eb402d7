import AxeBuilder from '@axe-core/playwright'
import { apiAddToCart, apiAddToWishlist, listedProducts } from './cart-helpers.ts'
import { expect, test } from './fixtures.ts'

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
