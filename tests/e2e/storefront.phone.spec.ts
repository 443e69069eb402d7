import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import { listedProducts } from './cart-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'

test.describe('storefront on a phone', () => {
  test('home carousels show one product at a time and nothing overflows the screen', async ({ page }) => {
    await page.goto('/')
    const viewport = page.viewportSize()?.width ?? 0
    const rail = page.getByRole('region', { name: catalogueText.bestSelling, exact: true })
    const slide = rail.locator('[aria-roledescription="slide"]').first()
    const box = await slide.boundingBox()
    expect(box?.width ?? 0).toBeGreaterThan(viewport * 0.7)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(viewport + 1)
  })

  test('a listing shows two columns, sorts, and opens quick view', async ({ page }) => {
    await page.goto('/product/Handloom')
    await hydrated(page)
    const cards = page.getByTestId('product-card')
    const first = await cards.nth(0).boundingBox()
    const second = await cards.nth(1).boundingBox()
    expect(Math.abs((first?.y ?? 0) - (second?.y ?? 1))).toBeLessThan(2)
    await page.getByTestId('sort-select').selectOption('5')
    await expect(page).toHaveURL(/sort=5/)
    await cards
      .first()
      .getByRole('button', { name: /^Quick view:/ })
      .click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('button', { name: catalogueText.addToCart, exact: true })).toBeVisible()
    const dialogBox = await dialog.boundingBox()
    expect(dialogBox?.width ?? 999).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('product detail fits the screen with price, stock and Add To Cart', async ({ page, request }) => {
    const [p] = await listedProducts(request)
    if (!p) throw new Error('no products listed')
    await page.goto(`/Productdetails/${p._id}`)
    await expect(page.getByText(catalogueText.inStock)).toBeVisible()
    await expect(page.getByRole('button', { name: catalogueText.addToCart, exact: true })).toBeVisible()
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) + 1)
  })

  test('support accordion works by touch', async ({ page }) => {
    await page.goto('/Support')
    await hydrated(page)
    const buttons = page.getByTestId('faq').getByRole('button')
    await buttons.nth(1).tap()
    await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'true')
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'false')
  })
})
