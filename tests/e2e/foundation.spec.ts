import { expect, hydrated, test } from './fixtures.ts'

test.describe('layout on every page', () => {
  test('header has the top bar, header categories, State Wise, search, account, wishlist and cart', async ({
    page,
  }) => {
    await page.goto('/')
    const header = page.locator('header').first()
    await expect(header.getByRole('link', { name: 'About Us' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Contact Us' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Shop categories' })
    await expect(nav.getByRole('link', { name: 'Handloom' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'State Wise' })).toHaveAttribute('href', '/StateProduct')
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/Login')
    await expect(header.getByRole('link', { name: 'Wishlist' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Cart' })).toBeVisible()
  })

  test('a header category shows its subcategories linking to /product/{category}/{subcategory}', async ({
    page,
  }) => {
    await page.goto('/')
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Shop categories' })
    await nav.getByRole('link', { name: 'Handloom' }).hover()
    const sub = nav.locator('a[href^="/product/Handloom/"]').first()
    await expect(sub).toBeVisible()
  })

  test('footer shows 4 categories, support links, contacts and the 2024 copyright', async ({ page }) => {
    await page.goto('/')
    const footer = page.locator('footer')
    await expect(footer.getByTestId('footer-categories').getByRole('link')).toHaveCount(4)
    for (const href of ['/Support', '/Privacy', '/ReturnPolicy', '/TermsCondition', '/profile', '/temple']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
    }
    await expect(footer.getByRole('list', { name: 'Social networks' }).getByRole('link')).toHaveCount(4)
    await expect(footer).toContainText('© 2024')
    await expect(footer.getByRole('button', { name: 'Submit' })).toBeVisible()
  })

  test('the search overlay submits only non-blank text', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('button', { name: 'Search' }).first().click()
    const box = page.getByRole('searchbox', { name: 'Search products' })
    await box.fill('   ')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/$/)
    await box.fill('saree')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/products\?search=saree$/)
  })
})

test('home shows the top slider and product lists from the database', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Featured collections' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Best selling', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'New Arrival' })).toBeVisible()
  const firstCard = page.locator('a[href^="/Productdetails/"]').first()
  await expect(firstCard).toBeVisible()
})

test('an unknown page shows the 404 page with status 404', async ({ page }) => {
  const res = await page.goto('/no/such/page')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.locator('footer')).toBeVisible()
})

test('every route of the spec route table resolves', async ({ request }) => {
  const routes = [
    '/',
    '/Login',
    '/login',
    '/SignUp',
    '/CheckOut',
    '/checkout',
    '/product/Handloom',
    '/StateProduct',
    '/StateProduct/Rajasthan',
    '/temple',
    '/templedetails',
    '/Support',
    '/ContactUs',
    '/AboutUs',
    '/products?search=pot',
    '/Privacy',
    '/ReturnPolicy',
    '/TermsCondition',
    '/payment-failed',
  ]
  for (const r of routes) {
    const res = await request.get(r, { maxRedirects: 0 })
    expect(res.status(), r).toBeLessThan(400)
  }
})
