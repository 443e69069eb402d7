import type { Page } from '@playwright/test'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { apiAddToCart, apiAddToWishlist, listedProducts } from './cart-helpers.ts'
import { expect, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

// Public pages are the same for everyone (decision 007): a signed-in customer is served the cached
// page rendered for visitors, and the browser fills in what is theirs.
test('a signed-in customer gets the shared page, then sees their own account, counts and hearts', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'Kavya Raghunathan')
  const [first, second] = (await listedProducts(request)).filter((p) => p.quantity > 0)
  await apiAddToCart(request, customer.accessToken, first!._id)
  await apiAddToWishlist(request, customer.accessToken, second!._id)
  await signInBrowser(page, customer)

  // Twice, so the second is served from the page cache; other tests' purchases may drop the kept page
  // between the two loads, so the pair is loaded again until the second is a hit.
  let response: Awaited<ReturnType<Page['goto']>> = null
  await expect
    .poll(async () => {
      await page.goto(`/Productdetails/${second!._id}`)
      response = await page.goto(`/Productdetails/${second!._id}`)
      return response?.headers()['x-page-cache']
    })
    .toBe('hit')
  const html = await response!.text()
  expect(html).not.toContain(customer.fullName)
  expect(html).not.toContain(customer.email)

  await hydrated(page)
  await expect(page.getByTestId('account-control')).toHaveAccessibleName('My account')
  await expect(page.getByTestId('cart-count')).toHaveText('1')
  await expect(page.getByTestId('wishlist-count')).toHaveText('1')
  await expect(page.getByRole('link', { name: 'Cart (1 item)' })).toBeVisible()
})

test('staff get the shared page too, with their way into the console', async ({ page }) => {
  await signInAsStaff(page, await createAdminWithCli('same-page'))
  // As above: loaded again until the second of a pair is a hit, since other tests' writes drop kept pages.
  await expect
    .poll(async () => {
      await page.goto('/AboutUs')
      return (await page.goto('/AboutUs'))?.headers()['x-page-cache']
    })
    .toBe('hit')
  await hydrated(page)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('link', { name: 'Shop console' }).click()
  await expect(page).toHaveURL(/\/admin$/)
})

/** Collects what the page's policy blocks: the document's violation events and the console's reports. */
async function watchPolicy(page: Page) {
  const blocked: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { blocked: string[] }).blocked ??= []
      ;(window as unknown as { blocked: string[] }).blocked.push(`${e.violatedDirective} ${e.blockedURI}`)
    })
  })
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text())
  })
  // Each call answers what was blocked since the last one: the console's reports are taken, and a new
  // document starts its own list.
  return async () => [
    ...blocked.splice(0),
    ...(await page.evaluate(() => (window as unknown as { blocked?: string[] }).blocked?.splice(0) ?? [])),
  ]
}

test('a kept page runs its own scripts under a policy of hashes, and nothing else is blocked', async ({
  page,
}) => {
  const blocked = await watchPolicy(page)
  await page.goto('/')
  const response = await page.goto('/')
  expect(response?.headers()['x-page-cache']).toBe('hit')
  const policy = response?.headers()['content-security-policy'] ?? ''
  expect(policy).toMatch(/script-src 'self' 'sha256-/)
  expect(policy).not.toContain("'nonce-")
  // The page's code ran: React marks the document once it has taken over.
  await hydrated(page)
  expect(await blocked()).toEqual([])
})

// The forms' checks (zod) once tried `new Function` to see whether they could compile themselves; the
// policy refused it, which browsers report as a violation even though the check carried on without.
test('the product page and a console form check their input without asking the policy for eval', async ({
  page,
  request,
}) => {
  const blocked = await watchPolicy(page)
  const [product] = await listedProducts(request)
  await page.goto(`/Productdetails/${product!._id}`)
  await hydrated(page)
  const seen = await blocked()
  await signInAsStaff(page, await createAdminWithCli('no-eval'))
  await page.goto('/admin/products/new')
  await hydrated(page)
  // The form's schema is in use: a blank product is refused by the browser's own check.
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  seen.push(...(await blocked()))
  expect(seen).toEqual([])
})
