import { cartMessages, wishlistColumns, wishlistMessages } from '../../app/lib/cart-messages.ts'
import { apiAddToWishlist, apiCart, apiWishlist, listedProducts } from './cart-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'

test('signed out, the wishlist button warns and makes no call', async ({ page, request }) => {
  const [product] = await listedProducts(request)
  const calls: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/wishlist/add')) calls.push(r.url())
  })
  await page.goto(`/Productdetails/${product!._id}`)
  await hydrated(page)
  await page.getByRole('button', { name: 'Add to wishlist' }).first().click()
  await expect(page.getByText(wishlistMessages.loginRequired)).toBeVisible()
  expect(calls).toEqual([])
})

test('the whole wishlist flow', async ({ signedInPage: page, customer, request }) => {
  const [a, b] = await listedProducts(request)

  // Add from a product page: the heart fills and the header count follows.
  await page.goto(`/Productdetails/${a!._id}`)
  await expect(page.getByTestId('wishlist-count')).toHaveText('0')
  await hydrated(page)
  await page.getByRole('button', { name: 'Add to wishlist' }).first().click()
  await expect(page.getByTestId('wishlist-count')).toHaveText('1', { timeout: 5000 })
  await expect(page.getByRole('button', { name: 'In your wishlist' }).first()).toBeVisible()
  await apiAddToWishlist(request, customer.accessToken, b!._id)

  // /Wishlist is the same page as /wishlist.
  await page.goto('/Wishlist')
  await hydrated(page)
  const headings = page.getByRole('columnheader')
  await expect(headings).toHaveText([...wishlistColumns])
  const rows = page.getByTestId('wishlist-row')
  await expect(rows).toHaveCount(2)
  const rowA = rows.filter({ has: page.locator(`a[href="/Product/${a!._id}"]`) })
  await expect(rowA).toContainText(`Rs ${new Intl.NumberFormat('en-IN').format(a!.price)}`)
  await expect(rowA).toContainText(a!.quantity > 0 ? wishlistMessages.available : wishlistMessages.outOfStock)
  await expect(page.getByRole('link', { name: wishlistMessages.shopNow })).toHaveAttribute('href', '/')

  // Add to cart: the success toast, and when it closes the item leaves the wishlist.
  await rowA.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText(cartMessages.added)).toBeVisible()
  await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 5000 })
  await expect(page.getByText(wishlistMessages.removed)).toBeVisible({ timeout: 5000 })
  await expect(rows).toHaveCount(1)
  await expect(page.getByTestId('wishlist-count')).toHaveText('1', { timeout: 5000 })
  expect((await apiWishlist(request, customer.accessToken)).map((i) => i.productId)).toEqual([b!._id])
  expect((await apiCart(request, customer.accessToken)).items.map((i) => i.productId)).toEqual([a!._id])

  // Remove the last one: the empty state.
  await rows
    .first()
    .getByRole('button', { name: /^Remove / })
    .click()
  await expect(page.getByText(wishlistMessages.empty)).toBeVisible()
  await expect(page.getByTestId('wishlist-count')).toHaveText('0', { timeout: 5000 })
})

test('stock decides the status', async ({ signedInPage: page, customer, request }) => {
  const [a] = await listedProducts(request)
  await apiAddToWishlist(request, customer.accessToken, a!._id)
  await page.route('**/api/v1/wishlist', async (route) => {
    const res = await route.fetch()
    const body = await res.json()
    body.wishlist.items = body.wishlist.items.map((i: { quantity: number }) => ({ ...i, quantity: 0 }))
    return route.fulfill({ response: res, json: body })
  })
  await page.goto('/wishlist')
  await expect(page.getByTestId('wishlist-row').first()).toContainText(wishlistMessages.outOfStock)
})

test('a failed add to cart from the wishlist keeps the item', async ({
  signedInPage: page,
  customer,
  request,
}) => {
  const [a] = await listedProducts(request)
  await apiAddToWishlist(request, customer.accessToken, a!._id)
  await page.route('**/api/v1/cart/add', (route) => route.fulfill({ status: 500, json: { success: false } }))
  await page.goto('/wishlist')
  await hydrated(page)
  await page.getByTestId('wishlist-row').getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText(cartMessages.addFailed)).toBeVisible()
  await page.waitForTimeout(1500)
  await expect(page.getByTestId('wishlist-row')).toHaveCount(1)
})
