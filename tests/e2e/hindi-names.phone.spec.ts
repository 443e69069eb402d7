import type { Page } from '@playwright/test'
import { shownIn } from '../../app/features/admin/shop-places.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, test } from './fixtures.ts'

/** The signed-in console's token, for removing the test's own state through the API. */
const authOf = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
})

test('a state’s Hindi name set in the console shows to Hindi readers; its address keeps the English', async ({
  page,
  browser,
}) => {
  await signInAsStaff(page, await createAdminWithCli('hindi-state'))
  const stamp = Date.now().toString(36)
  const name = `Aa Sikkim ${stamp}`
  const hindi = `सिक्किम ${stamp}`
  await page.goto('/admin/states')
  await page.getByRole('button', { name: '+ Add state' }).click()
  const form = page.getByRole('region', { name: 'New state' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Hindi name (optional)').fill(hindi)
  await expect(form.getByText(shownIn.hindi.name)).toBeVisible()
  await form.getByLabel(/^Position/).fill('0')
  await form.getByRole('button', { name: 'Add state' }).click()
  await expect(page.getByRole('heading', { name })).toBeVisible()
  // The saved Hindi comes back into the form.
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(
    page.getByRole('region', { name: 'Edit state' }).getByLabel('Hindi name (optional)'),
  ).toHaveValue(hindi)

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const shop = await visitor.newPage()
  try {
    await shop.goto('/StateProduct?lang=hi')
    const tile = shop.getByRole('main').getByRole('link', { name: hindi })
    await expect(tile).toBeVisible()
    await expect(tile).toHaveAttribute('href', `/StateProduct/${encodeURIComponent(name)}`)
    await tile.click()
    await expect(shop.getByRole('heading', { level: 1 })).toContainText(hindi)
    expect(new URL(shop.url()).pathname).toBe(`/StateProduct/${encodeURIComponent(name)}`)

    // English readers see the English name.
    await shop.goto('/StateProduct?lang=en')
    await expect(shop.getByRole('main').getByRole('link', { name })).toBeVisible()
    await expect(shop.getByText(hindi)).toHaveCount(0)
  } finally {
    await visitor.close()
    const states = (
      (await (await page.request.get('/api/v1/admin/states', { headers: await authOf(page) })).json())
        .data as {
        id: string
        name: string
      }[]
    ).find((s) => s.name === name)
    if (states)
      await page.request.delete(`/api/v1/admin/states/${states.id}`, { headers: await authOf(page) })
  }
})
