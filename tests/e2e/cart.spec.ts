import { HEADER_REFRESH_MS } from '../../app/lib/cart-api.ts'
import { cartMessages, couponMessages, maxCartQuantity } from '../../app/lib/cart-messages.ts'
import { storageKeys } from '../../app/lib/session.ts'
import { COUPONS } from '../../server/db/seed/data/content.ts'
import { apiAddToCart, apiCart, listedProducts } from './cart-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'

const rupees2 = (n: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`

test.describe('adding to the cart', () => {
  test('from the home carousel: toast, and the header count changes at once', async ({
    signedInPage: page,
  }) => {
    const firstFetch = page.waitForResponse('**/api/v1/cart/product')
    await page.goto('/')
    await firstFetch
    const cartCount = page.getByTestId('cart-count')
    await expect(cartCount).toHaveText('0')
    const carousel = page.locator('section[aria-roledescription="carousel"]').filter({
      has: page.getByRole('button', { name: 'Add to Cart' }),
    })
    await carousel.first().getByRole('button', { name: 'Add to Cart' }).first().click()
    await expect(page.getByText(cartMessages.added)).toBeVisible()
    // Well before the next 5-second poll: the add itself refreshed the count.
    await expect(cartCount).toHaveText('1', { timeout: 2500 })
  })

  test('from the home carousel while signed out: the login warning', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const carousel = page.locator('section[aria-roledescription="carousel"]').filter({
      has: page.getByRole('button', { name: 'Add to Cart' }),
    })
    await carousel.first().getByRole('button', { name: 'Add to Cart' }).first().click()
    await expect(page.getByText(cartMessages.loginFirst)).toBeVisible()
  })

  test('from the product page and a listing', async ({ signedInPage: page, request }) => {
    const [product] = await listedProducts(request)
    await page.goto(`/Productdetails/${product!._id}`)
    await hydrated(page)
    await page
      .getByRole('main')
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click()
    await expect(page.getByText(cartMessages.added)).toBeVisible()
    await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 5000 })

    await page.goto('/product/Handloom')
    await hydrated(page)
    await page
      .getByRole('main')
      .locator('article')
      .getByRole('button', { name: 'Add to Cart' })
      .first()
      .click()
    await expect(page.getByText(cartMessages.added).first()).toBeVisible()
  })

  test('from quick view', async ({ signedInPage: page, request }) => {
    const [product] = await listedProducts(request)
    await page.goto(`/Productdetails/${product!._id}`)
    await hydrated(page)
    await page
      .getByRole('button', { name: /^Quick view/ })
      .first()
      .click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /add to cart/i }).click()
    await expect(page.getByText(cartMessages.added)).toBeVisible()
    await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 5000 })
  })

  test('the header count follows a change made elsewhere at its next poll, without a reload', async ({
    signedInPage: page,
    customer,
    request,
  }) => {
    const [a, b] = await listedProducts(request)
    const firstFetch = page.waitForResponse('**/api/v1/cart/product')
    await page.goto('/AboutUs')
    await firstFetch
    await expect(page.getByTestId('cart-count')).toHaveText('0')
    // A mark on this very document: a reload or a navigation would lose it.
    await page.evaluate(() => {
      document.documentElement.dataset.samePage = 'true'
    })
    // Another device adds two products; only the 5-second poll can tell this page.
    await apiAddToCart(request, customer.accessToken, a!._id)
    await apiAddToCart(request, customer.accessToken, b!._id)
    // The next poll is at most 5 s away; the rest of the bound is for a busy machine answering it.
    await expect(page.getByTestId('cart-count')).toHaveText('2', { timeout: 3 * HEADER_REFRESH_MS })
    await expect(page.locator('html')).toHaveAttribute('data-same-page', 'true')
  })

  test('no polling while the tab is hidden', async ({ signedInPage: page }) => {
    const firstFetch = page.waitForResponse('**/api/v1/cart/product')
    await page.goto('/AboutUs')
    await firstFetch
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s })
        document.dispatchEvent(new Event('visibilitychange'))
      }, state)
    await setVisibility('hidden')
    let calls = 0
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/cart/product')) calls += 1
    })
    await page.waitForTimeout(6000)
    expect(calls).toBe(0)
    await setVisibility('visible')
    await expect.poll(() => calls, { timeout: 6000 }).toBeGreaterThan(0)
  })
})

test.describe('the cart page', () => {
  test('lines, quantity limits that survive a reload, remove, and the empty state', async ({
    signedInPage: page,
    customer,
    request,
  }) => {
    const [a, b] = await listedProducts(request)
    await apiAddToCart(request, customer.accessToken, a!._id)
    await apiAddToCart(request, customer.accessToken, b!._id, 2)
    await page.goto('/Cart')
    await hydrated(page)

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(crumbs).toContainText('Your Cart')

    const lines = page.getByTestId('cart-line')
    await expect(lines).toHaveCount(2)
    const lineA = lines.filter({ has: page.locator(`a[href="/Productdetails/${a!._id}"]`) })
    const lineB = lines.filter({ has: page.locator(`a[href="/Productdetails/${b!._id}"]`) })
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('1')
    await expect(lineB.getByTestId('cart-quantity')).toHaveText('2')
    await expect(page.getByTestId('cart-subtotal')).toHaveText(rupees2(a!.price + 2 * b!.price))
    await expect(page.getByTestId('cart-shipping')).toHaveText(rupees2(0))

    // Never below 1.
    await expect(lineA.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()
    await lineA.getByRole('button', { name: 'Increase quantity' }).click()
    await lineA.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('3')
    await lineB.getByRole('button', { name: 'Decrease quantity' }).click()
    await expect(lineB.getByTestId('cart-quantity')).toHaveText('1')
    await expect(lineB.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()
    await expect(page.getByTestId('cart-subtotal')).toHaveText(rupees2(3 * a!.price + b!.price))
    await expect(page.getByTestId('cart-total')).toHaveText(rupees2(3 * a!.price + b!.price))

    // The quantities are kept on the server.
    await expect
      .poll(async () => (await apiCart(request, customer.accessToken)).items.map((i) => i.quantity).sort())
      .toEqual([1, 3])
    await page.reload()
    await hydrated(page)
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('3')

    // Remove: gone from the page and the header count.
    await expect(page.getByTestId('cart-count')).toHaveText('2')
    await lineB.getByRole('button', { name: /^Remove / }).click()
    await expect(lines).toHaveCount(1)
    await expect(page.getByTestId('cart-count')).toHaveText('1')
    await lineA.getByRole('button', { name: /^Remove / }).click()
    await expect(page.getByText(cartMessages.empty)).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Continue shopping' })).toHaveAttribute(
      'href',
      '/',
    )
  })

  test(`plus stops at ${maxCartQuantity}`, async ({ signedInPage: page, customer, request }) => {
    const [a] = await listedProducts(request)
    await apiAddToCart(request, customer.accessToken, a!._id, maxCartQuantity - 1)
    await page.goto('/Cart')
    await hydrated(page)
    const plus = page.getByRole('button', { name: 'Increase quantity' })
    await plus.click()
    await expect(page.getByTestId('cart-quantity')).toHaveText(String(maxCartQuantity))
    await expect(plus).toBeDisabled()
  })

  test('coupons: invalid, wrong case, expired, active, private; then checkout stores the keys', async ({
    signedInPage: page,
    customer,
    request,
  }) => {
    // The demo shop's coupons: a public active one, a public expired one and a private one.
    const active = COUPONS.find((c) => c.isPublic && c.status === 'active' && c.endsInDays === null)!
    const expired = COUPONS.find((c) => c.isPublic && c.status !== 'active')!
    const secret = COUPONS.find((c) => !c.isPublic && c.status === 'active')!
    const [a, b] = await listedProducts(request)
    await apiAddToCart(request, customer.accessToken, a!._id)
    await apiAddToCart(request, customer.accessToken, b!._id)
    const subtotal = a!.price + b!.price
    await page.goto('/Cart')
    await hydrated(page)
    await expect(page.getByTestId('cart-line')).toHaveCount(2)

    const code = page.getByLabel('Promo code')
    const redeem = page.getByRole('button', { name: 'Redeem' })
    const message = page.locator('#promo-error')
    const applyCode = async (text: string) => {
      await code.fill(text)
      await redeem.click()
    }

    await applyCode('NOPE')
    await expect(message).toHaveText(couponMessages.invalid)
    await expect(message).toHaveClass(/text-red-/)
    await expect(page.getByTestId('cart-coupon')).toHaveText('0%')

    await applyCode(active.code.toLowerCase())
    await expect(message).toHaveText(couponMessages.invalid)

    await applyCode(expired.code)
    await expect(message).toHaveText(couponMessages.expired)
    await expect(page.getByTestId('cart-total')).toHaveText(rupees2(subtotal))

    await applyCode(active.code)
    await expect(message).toHaveText('')
    await expect(page.getByTestId('cart-coupon')).toHaveText(`${active.discount}%`)
    const afterActive = Number((subtotal - (subtotal * active.discount) / 100).toFixed(2))
    await expect(page.getByTestId('cart-total')).toHaveText(rupees2(afterActive))
    expect(await page.evaluate((k) => localStorage.getItem(k), storageKeys.couponDiscount)).toBe(
      String(active.discount),
    )

    // A private code is not in the list; the server accepts it.
    await applyCode(secret.code)
    await expect(message).toHaveText('')
    await expect(page.getByTestId('cart-coupon')).toHaveText(`${secret.discount}%`)
    const after = Number((subtotal - (subtotal * secret.discount) / 100).toFixed(2))
    await expect(page.getByTestId('cart-total')).toHaveText(rupees2(after))

    await page.getByRole('button', { name: cartMessages.proceed }).click()
    await expect(page).toHaveURL(/\/CheckOut$/)
    const stored = await page.evaluate(
      (keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])),
      [storageKeys.cartProducts, storageKeys.cartTotal, storageKeys.couponDiscount],
    )
    expect(stored[storageKeys.cartTotal]).toBe(after.toFixed(2))
    expect(stored[storageKeys.couponDiscount]).toBe(String(secret.discount))
    const products = JSON.parse(stored[storageKeys.cartProducts] ?? '[]')
    expect(products).toHaveLength(2)
    expect(products[0]).toMatchObject({
      product: { _id: expect.any(String) },
      price: expect.any(Number),
      quantity: 1,
    })
  })

  test('a coupon the server calls expired says so even when the list is unavailable', async ({
    signedInPage: page,
    customer,
    request,
  }) => {
    await page.route('**/api/v1/coupon/coupons', (route) => route.fulfill({ status: 500, json: {} }))
    await page.route('**/api/v1/coupon/apply', (route) =>
      route.fulfill({ status: 400, json: { success: false, message: couponMessages.expired } }),
    )
    const [a] = await listedProducts(request)
    await apiAddToCart(request, customer.accessToken, a!._id)
    await page.goto('/Cart')
    await hydrated(page)
    await page.getByLabel('Promo code').fill('ANYTHING')
    await page.getByRole('button', { name: 'Redeem' }).click()
    await expect(page.locator('#promo-error')).toHaveText(couponMessages.expired)
  })

  test('an empty cart says so and links to the shop', async ({ signedInPage: page }) => {
    await page.goto('/Cart')
    await expect(page.getByText(cartMessages.empty)).toBeVisible()
    await expect(page.getByRole('button', { name: cartMessages.proceed })).toHaveCount(0)
  })
})
