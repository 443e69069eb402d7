import { mkdirSync } from 'node:fs'
import { cartNoticeParam, wishlistNoticeParam } from '../../app/features/cart/cart-notice.ts'
import { cartMessages, wishlistMessages } from '../../app/features/cart/messages.ts'
import { catalogueText } from '../../app/features/catalogue/messages.ts'
import { apiCart, apiWishlist, listedProducts } from './cart-helpers.ts'
import { drawerEntries, expect, registerCustomer, signInBrowser, test } from './fixtures.ts'

// A slow phone before the page's code has arrived (docs/decisions/018 and 019): with no JavaScript at all,
// Add To Cart, the wishlist heart, the search and the menu still work.
test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })

const shots = 'test-results/journey'
const mainAddToCart = (page: import('@playwright/test').Page) =>
  page.getByTestId('buy-row').getByRole('button', { name: catalogueText.addToCart, exact: true })
const mainHeart = (page: import('@playwright/test').Page) =>
  page.getByTestId('buy-row').getByRole('button', { name: 'Add to wishlist' })

test("a signed-in customer's Add To Cart puts the product in the cart and says so", async ({
  page,
  request,
}) => {
  const [p] = (await listedProducts(request)).filter((x) => x.quantity > 0)
  const customer = await registerCustomer(request)
  await signInBrowser(page, customer)
  await page.goto(`/Productdetails/${p!._id}`)
  await mainAddToCart(page).click()
  await expect(page).toHaveURL(new RegExp(`/Productdetails/${p!._id}\\?${cartNoticeParam}=added$`))
  await expect(page.getByRole('status').filter({ hasText: cartMessages.added })).toBeVisible()
  expect((await apiCart(request, customer.accessToken)).items).toMatchObject([
    { productId: p!._id, quantity: 1 },
  ])
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: `${shots}/no-js-added-to-cart.png` })

  // A second tap adds one more and shows one notice, not two.
  await mainAddToCart(page).click()
  await expect(page.getByTestId('cart-notice')).toHaveCount(1)
  await expect.poll(async () => (await apiCart(request, customer.accessToken)).items[0]?.quantity).toBe(2)
})

test("a visitor's Add To Cart goes to sign in, with the way back", async ({ page, request }) => {
  const [p] = (await listedProducts(request)).filter((x) => x.quantity > 0)
  await page.goto(`/Productdetails/${p!._id}`)
  await mainAddToCart(page).click()
  await expect(page).toHaveURL(`/Login?next=${encodeURIComponent(`/Productdetails/${p!._id}`)}`)
  await expect(page.getByRole('button', { name: /sign in|login/i }).first()).toBeVisible()
})

test("a signed-in customer's wishlist heart saves the product and says so", async ({ page, request }) => {
  const [p] = await listedProducts(request)
  const customer = await registerCustomer(request)
  await signInBrowser(page, customer)
  await page.goto(`/Productdetails/${p!._id}`)
  await mainHeart(page).click()
  await expect(page).toHaveURL(new RegExp(`/Productdetails/${p!._id}\\?${wishlistNoticeParam}=added$`))
  await expect(page.getByRole('status').filter({ hasText: wishlistMessages.added })).toBeVisible()
  expect((await apiWishlist(request, customer.accessToken)).map((i) => i.productId)).toEqual([p!._id])
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: `${shots}/no-js-added-to-wishlist.png` })

  // A heart on a listing's card does the same and comes back to the listing.
  await page.goto('/product/Handloom')
  const card = page.getByRole('main').locator('article').first()
  const title = await card.getByTestId('product-title').getAttribute('href')
  await card.getByRole('button', { name: 'Add to wishlist' }).click()
  await expect(page).toHaveURL(new RegExp(`/product/Handloom\\?${wishlistNoticeParam}=added$`))
  await expect(page.getByTestId('wishlist-notice')).toHaveCount(1)
  expect(
    (await apiWishlist(request, customer.accessToken)).map((i) => `/Productdetails/${i.productId}`),
  ).toContain(title)
})

test("a visitor's wishlist heart goes to sign in, with the way back", async ({ page, request }) => {
  const [p] = await listedProducts(request)
  await page.goto(`/Productdetails/${p!._id}`)
  await mainHeart(page).click()
  await expect(page).toHaveURL(`/Login?next=${encodeURIComponent(`/Productdetails/${p!._id}`)}`)
  await expect(page.getByRole('button', { name: /sign in|login/i }).first()).toBeVisible()
})

test('the search finds products', async ({ page, request }) => {
  const [p] = await listedProducts(request)
  const word = p!.title.split(/\s+/).find((w) => w.length > 3) ?? p!.title
  await page.goto('/')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Search products' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('searchbox').fill(word)
  await dialog.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/products\?search=/)
  expect(new URL(page.url()).searchParams.get('search')).toBe(word)
  await expect(page.getByRole('link', { name: p!.title }).first()).toBeVisible()
})

test('the menu opens with its entries and closes', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('navigation', { name: 'Mobile' })
  for (const label of drawerEntries) {
    await expect(drawer.getByRole('link', { name: label, exact: true })).toBeVisible()
  }
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: `${shots}/no-js-menu-open.png` })
  await page.getByRole('button', { name: 'Close menu' }).click()
  await expect(drawer).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await drawer.getByRole('link', { name: 'About Us', exact: true }).click()
  await expect(page).toHaveURL(/\/AboutUs$/)
})
