import { drawerEntries, expect, hydrated, test } from './fixtures.ts'

test('on a phone the drawer holds the listed entries', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('navigation', { name: 'Mobile' })
  for (const label of drawerEntries) {
    await expect(drawer.getByRole('link', { name: label, exact: true })).toBeVisible()
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width)
})
