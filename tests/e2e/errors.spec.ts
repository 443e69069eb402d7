import type { Page } from '@playwright/test'
import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import { listedProducts } from './cart-helpers.ts'
import { expect, hydrated, placeOrderByApi, registerCustomer, signInBrowser, test } from './fixtures.ts'

/** The shop's own error page: header, footer, a way back, and nothing of the error itself. */
async function expectShopErrorPage(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.locator('header').first()).toBeVisible()
  await expect(page.locator('footer')).toBeVisible()
  await expect(page.getByText('Application Error')).toHaveCount(0)
  await expect(page.getByText('Unexpected Server Error')).toHaveCount(0)
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text only, not the page's scripts
  expect(await page.locator('body').innerText()).not.toMatch(/\n\s*at\s|Error:|TypeError/)
}

test("another customer's order and a missing order show the shop's 404 page", async ({
  page,
  request,
  customer,
}) => {
  const other = await registerCustomer(request, 'Meena Iyer')
  const theirs = await placeOrderByApi(request, other, (await listedProducts(request)).slice(0, 1))
  await signInBrowser(page, customer)

  for (const id of [theirs._id, theirs.orderID, 'no-such-order']) {
    const res = await page.goto(`/OrderDetails/${id}`)
    expect(res?.status(), id).toBe(404)
    expect(res?.headers()['cache-control']).toBe('no-store')
    await expectShopErrorPage(page, 'Page not found')
    await expect(page.getByText('Meena')).toHaveCount(0)
  }
  await page.screenshot({ path: 'test-results/error-404-desktop.png' })
  await page.getByRole('link', { name: 'Back to the shop' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0)
})

test("a loader that fails while moving between pages shows the shop's error page with a way back", async ({
  page,
}) => {
  await page.goto('/')
  // Moving between pages is the page's own code at work only once it has taken over.
  await hydrated(page)
  // A listing's route data answers with a server fault the client cannot read. (A product page says the
  // spec's 'Failed to fetch product details.' instead: the next test.)
  await page.route('**/product/*.data*', (route) =>
    route.fulfill({ status: 500, contentType: 'text/x-script', body: 'boom' }),
  )
  await page.locator('header').getByRole('link', { name: 'Handloom' }).first().click()
  await expectShopErrorPage(page, 'Something went wrong')
  // The header keeps the shop's categories although the root's data came with the failed answer.
  await expect(page.locator('header').getByRole('link', { name: 'Handloom' }).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/error-500-desktop.png' })
  await page.unroute('**/product/*.data*')
  await page.getByRole('link', { name: 'Back to the shop' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('a[href^="/Productdetails/"]').first()).toBeVisible()
})

test('a lost connection during navigation shows the shop\'s "No connection" page, and Try again recovers', async ({
  page,
}) => {
  await page.goto('/')
  // Moving between pages is the page's own code at work only once it has taken over.
  await hydrated(page)
  await page.route('**/*.data*', (route) => route.abort('internetdisconnected'))
  await page.locator('header').getByRole('link', { name: 'Handloom' }).first().click()
  await expectShopErrorPage(page, 'No connection')
  await page.unroute('**/*.data*')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toHaveCount(0)
  await expect(page.locator('header').first()).toBeVisible()
})

test("a product or search that cannot be fetched while moving between pages says the spec's message, and Try again recovers", async ({
  page,
}) => {
  await page.goto('/')
  await hydrated(page)
  await page.route('**/Productdetails/*.data*', (route) => route.abort('internetdisconnected'))
  const link = page.locator('a[href^="/Productdetails/"]').first()
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: catalogueText.productFetchFailed })).toBeVisible()
  await expect(page.getByText(catalogueText.productFetchFailed).last()).toBeVisible()
  await page.unroute('**/Productdetails/*.data*')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByTestId('detail-price')).toBeVisible()

  await page.route('**/products.data*', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Search' }).first().click()
  const box = page.getByRole('searchbox', { name: 'Search products' })
  await box.fill('saree')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/products\?search=saree$/)
  await expect(page.getByRole('status').filter({ hasText: catalogueText.productsFetchFailed })).toBeVisible()
})

test("a first search from the home page says 'Loading...' until its results come", async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  // The results are held back until the page has been seen saying it is loading.
  let release: () => void = () => {}
  const held = new Promise<void>((r) => {
    release = r
  })
  await page.route('**/products.data*', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'Search' }).first().click()
  const box = page.getByRole('searchbox', { name: 'Search products' })
  await box.fill('saree')
  await box.press('Enter')
  await expect(page.getByTestId('search-pending')).toHaveText(catalogueText.loading)
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for "saree"' })).toBeVisible()
  await expect(page.getByTestId('search-pending')).toHaveCount(0)
})

test('pages answer other methods with 405 and Allow, OPTIONS with 204; /api never answers HTML', async ({
  request,
}) => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    for (const url of ['/', '/Cart', '/AboutUs', '/no-such-page']) {
      const res = await request.fetch(url, { method, data: { a: 1 } })
      expect(res.status(), `${method} ${url}`).toBe(405)
      expect(res.headers().allow).toBe('GET, HEAD, OPTIONS')
      const body = await res.text()
      expect(body).not.toContain('Unexpected Server Error')
      expect(body).not.toMatch(/\n\s+at /)
    }
  }
  const options = await request.fetch('/Cart', { method: 'OPTIONS' })
  expect(options.status()).toBe(204)
  expect(options.headers().allow).toBe('GET, HEAD, OPTIONS')
  expect(options.headers()['access-control-allow-origin']).toBeUndefined()

  const unknown = await request.post('/api/v1/nothing-here', { data: {} })
  expect(unknown.status()).toBe(404)
  expect(unknown.headers()['content-type']).toMatch(/^application\/json/)
  expect(await unknown.json()).toEqual({
    success: false,
    message: 'No such endpoint: POST /api/v1/nothing-here',
  })
  const wrong = await request.get('/api/v1/user/login')
  expect(wrong.status()).toBe(405)
  expect(wrong.headers().allow).toBe('POST, OPTIONS')
  expect((await wrong.json()).success).toBe(false)
  const nul = await request.get('/Productdetails/abc%00def')
  expect(nul.status()).toBe(400)
})

test('pages rendered for a signed-in customer are never stored; public pages keep their caching', async ({
  page,
  customer,
  request,
}) => {
  const publicPage = await request.get('/AboutUs')
  expect(publicPage.headers()['cache-control'] ?? '').not.toBe('no-store')
  await signInBrowser(page, customer)
  // The cart says 'private, no-store' itself (kept as it is); every other page is made 'no-store'.
  for (const [url, expected] of [
    ['/Cart', 'private, no-store'],
    ['/profile', 'no-store'],
    ['/Order-History', 'no-store'],
    ['/AboutUs', 'no-store'],
  ]) {
    const res = await page.goto(url)
    expect(res?.status(), url).toBe(200)
    expect(res?.headers()['cache-control'], url).toBe(expected)
  }
})
