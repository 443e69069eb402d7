import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

test("on a phone, a lost connection while moving between pages shows the shop's page, within the screen", async ({
  page,
}) => {
  await page.goto('/')
  // Moving between pages is the page's own code at work only once it has taken over.
  await hydrated(page)
  await page.route('**/*.data*', (route) => route.abort('internetdisconnected'))
  // A listing (a product page says the spec's 'Failed to fetch product details.' instead, decision 124).
  await page.locator('main a[href^="/product/"]').first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible()
  await expect(page.locator('footer')).toBeVisible()
  await expect(page.getByText('Application Error')).toHaveCount(0)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: 'test-results/error-no-connection-phone.png', fullPage: false })
  await page.unroute('**/*.data*')
  await page.getByRole('link', { name: 'Back to the shop' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toHaveCount(0)
})
