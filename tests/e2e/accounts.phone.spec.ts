import { expect, test } from './fixtures.ts'

test.describe('account screens on a phone', () => {
  test('sign-in and registration fit the screen', async ({ page }) => {
    for (const path of ['/Login', '/SignUp']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })

  test('account pages fit the screen, with the sidebar links reachable', async ({
    signedInPage: page,
    customer,
  }) => {
    for (const path of ['/Dashboard', '/profile', '/Address', '/Change-Password']) {
      await page.goto(path)
      await expect(page.getByTestId('sidebar-email')).toHaveText(customer.email)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
    const nav = page.getByRole('navigation', { name: 'Account' })
    await nav.getByRole('link', { name: 'Settings' }).scrollIntoViewIfNeeded()
    await nav.getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('heading', { name: 'Personal Detail' })).toBeVisible()
  })
})
