import { expect, horizontalOverflow, registerCustomer, signInBrowser, test } from './fixtures.ts'

test.describe('account screens on a phone', () => {
  test('sign-in and registration fit the screen', async ({ page }) => {
    for (const path of ['/Login', '/SignUp']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await horizontalOverflow(page)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })

  test('account pages fit the screen, with the sidebar links reachable', async ({ page, request }) => {
    // A long address with no dot or hyphen to break at: it must wrap, never widen the page.
    const long = `lakshminarayananvenkataraman${Date.now()}${Math.floor(Math.random() * 1e4)}@example.in`
    const customer = await registerCustomer(request, 'Lakshmi Narayanan', long)
    await signInBrowser(page, customer)
    for (const path of ['/Dashboard', '/profile', '/Address', '/Change-Password']) {
      await page.goto(path)
      await expect(page.getByTestId('sidebar-email')).toHaveText(customer.email)
      // Measure once the page's own account data is in: a long e-mail must wrap, not widen the page.
      if (path === '/Dashboard')
        await expect(
          page
            .getByRole('region', { name: 'Account Information' })
            .getByText(customer.email, { exact: true }),
        ).toBeVisible()
      const overflow = await horizontalOverflow(page)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
    const nav = page.getByRole('navigation', { name: 'Account' })
    await nav.getByRole('link', { name: 'Settings' }).scrollIntoViewIfNeeded()
    await nav.getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('heading', { name: 'Personal Detail' })).toBeVisible()
  })
})
