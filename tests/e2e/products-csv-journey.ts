import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated } from './fixtures.ts'

/**
 * Bulk work and the CSV import on the Products screen (decisions 093, 125), at the width the spec file sets:
 * two products approved together from the bar at the bottom, after its preview, then a file with a bad row is checked,
 * shows that row's error, and writes nothing.
 */
export async function productsCsvJourney(args: { page: Page; request: APIRequestContext }, label: string) {
  const { page, request } = args
  const shots = `test-results/products-csv-${label}`
  mkdirSync(shots, { recursive: true })
  const staff = await createAdminWithCli('csv')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` }
  const stamp = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()
  const titles = [`Warli Tarpa ${stamp}`, `Gond Deer ${stamp}`]
  for (const [i, title] of titles.entries()) {
    const made = await request.post('/api/v1/admin/products', {
      headers,
      data: { title, price: 1650, cutPrice: 2400, sku: `B-${stamp}-${i}`, quantity: 3 },
    })
    expect(made.ok(), await made.text()).toBeTruthy()
  }
  const approvedCount = async () => {
    const res = await request.get(`/api/v1/admin/products?q=${stamp}&approval=approved`, { headers })
    return (await res.json()).data.total as number
  }
  expect(await approvedCount()).toBe(0)

  // Bulk approve: tick every product on the page, then act from the bar at the bottom.
  await signInAsStaff(page, staff)
  await page.goto(`/admin/products?q=${stamp}`)
  await hydrated(page)
  const rows = page.getByRole('listitem').filter({ hasText: stamp })
  await expect(rows).toHaveCount(2)
  await page.getByLabel('Select all on this page').check()
  const bar = page.getByRole('region', { name: 'Change the ticked products' })
  await expect(bar.getByText('2 ticked')).toBeVisible()
  await expect(bar.getByLabel('What to do')).toHaveValue('approve')
  await page.screenshot({ path: `${shots}/bulk-bar.png` })
  await bar.getByRole('button', { name: 'Preview for 2' }).click()
  // One confirmation: the preview names what changes, and nothing is written until it is confirmed.
  const check = page.getByRole('dialog', { name: 'Check the change' })
  await expect(check.getByText('This would change 2 products of 2.')).toBeVisible()
  await expect(check.getByRole('list', { name: 'Before and after' }).getByRole('listitem')).toHaveCount(2)
  expect(await approvedCount()).toBe(0)
  await check.getByRole('button', { name: 'Change 2 products' }).click()
  await expect(page.getByRole('status').filter({ hasText: '2 products approved.' })).toBeVisible()
  await expect(bar).toHaveCount(0)
  await expect(rows.getByText('Approved', { exact: true })).toHaveCount(2)
  expect(await approvedCount()).toBe(2)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  // The import: a good row and a bad one; the dry run names the bad row's problem and nothing is written.
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Import products from CSV' })).toBeVisible()
  const newSku = `NEW-${stamp}`
  const csv = [
    'SKU,Name,Category,Price (₹),Stock,Approved',
    `${newSku},Madhubani Fish ${stamp},,1850,2,no`,
    `BAD-${stamp},Terracotta Horse ${stamp},Pottery,950,1,yes`,
    '',
  ].join('\r\n')
  await page.getByLabel(/CSV file/).setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
  })
  await expect(page.getByText('1 to add, 0 to update, 0 without changes')).toBeVisible()
  const bad = page
    .getByRole('list', { name: 'Rows of the file' })
    .getByRole('listitem')
    .filter({ hasText: 'Row 3' })
  await expect(bad.getByText('Error', { exact: true })).toBeVisible()
  await expect(
    bad.getByText("There is no category called 'Pottery'. Use a name from Categories, or leave it empty."),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: /^Import \d+ product/ })).toBeDisabled()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/import-dry-run.png`, fullPage: true })
  const written = await request.get(`/api/v1/admin/products?q=${newSku}`, { headers })
  expect((await written.json()).data.total).toBe(0)
}
