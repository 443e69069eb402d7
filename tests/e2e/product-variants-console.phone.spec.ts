import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { variantText } from '../../contracts/admin-variants.ts'
import { createAdminWithCli, pngFile, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

// The phone staff use: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

/**
 * Options and variants on a phone (decision 129): two options typed as values, a row per combination made by
 * 'Generate variants', a price and a stock set for every row at once, one row's picture chosen, saved; the
 * product's own price and stock then come from the variants, and the list says how many it has.
 */
test('on a phone, staff add sizes and colours, generate the variants, set their price and stock, and save', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const shots = 'test-results/product-variants-console-phone'
  mkdirSync(shots, { recursive: true })
  const staff = await createAdminWithCli('variants')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` }
  const stamp = `V${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()
  const made = await request.post('/api/v1/admin/products', {
    headers,
    data: { title: `Chikankari Kurta ${stamp}`, price: 1499, cutPrice: 1999, sku: `K-${stamp}`, quantity: 2 },
  })
  expect(made.ok(), await made.text()).toBeTruthy()
  const id = (await made.json()).data._id
  const picture = await request.post(`/api/v1/admin/products/${id}/images`, {
    headers,
    multipart: { image: await pngFile('front.png', { r: 30, g: 60, b: 160 }) },
  })
  expect(picture.ok(), await picture.text()).toBeTruthy()

  await signInAsStaff(page, staff)
  await page.goto(`/admin/products/${id}`)
  await hydrated(page)
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Options and variants' }),
  })

  await section.getByRole('button', { name: '+ Add option' }).click()
  await section.getByLabel('Option 1 name').fill('Size')
  // A comma ends each value; Enter ends the last.
  await section.getByLabel('Option 1 values').fill('S, M, L')
  await section.getByLabel('Option 1 values').press('Enter')
  await section.getByRole('button', { name: '+ Add option' }).click()
  await section.getByLabel('Option 2 name').fill('Colour')
  await section.getByLabel('Option 2 values').fill('Indigo, Red')
  await section.getByLabel('Option 2 values').press('Enter')
  await expect(section.getByRole('list', { name: 'Values of option 1' }).getByRole('listitem')).toHaveText([
    /^S/,
    /^M/,
    /^L/,
  ])
  await expect(section.getByText('Press Generate variants to make the rows.')).toBeVisible()

  await section.getByRole('button', { name: 'Generate variants' }).click()
  const table = section.getByRole('region', { name: 'Variants table (scrolls sideways)' })
  const rows = table.getByRole('row')
  // The heading row and one per combination, in order, the first the default.
  await expect(rows).toHaveCount(7)
  await expect(rows.nth(1)).toContainText('S / Indigo')
  await expect(rows.nth(1)).toContainText('Default')
  await expect(rows.nth(6)).toContainText('L / Red')
  await expect(table.getByLabel('SKU of M / Red')).toHaveValue(`K-${stamp}-M-RED`)

  const setColumn = section.getByRole('group', { name: 'Set column' })
  await setColumn.getByLabel('Column').selectOption('price')
  await setColumn.getByLabel('Value').fill('1650')
  await setColumn.getByRole('button', { name: 'Set for all 6 rows' }).click()
  await setColumn.getByLabel('Column').selectOption('quantity')
  await setColumn.getByLabel('Value').fill('3')
  await setColumn.getByRole('button', { name: 'Set for all 6 rows' }).click()
  await expect(table.getByLabel('Price (₹) of L / Indigo', { exact: true })).toHaveValue('1650')
  await expect(table.getByLabel('Stock of S / Red')).toHaveValue('3')
  await table.getByLabel('Price (₹) of L / Red', { exact: true }).fill('1750')
  await table.getByLabel('Picture of M / Red').selectOption({ label: 'Picture 1 (main)' })
  // The table scrolls inside its box; the page itself never scrolls sideways.
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  const axe = await new AxeBuilder({ page }).include('#main').analyze()
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([])
  await page.screenshot({ path: `${shots}/table.png` })

  await section.getByRole('button', { name: 'Save options and variants' }).click()
  await expect(page.getByText(variantText.saved)).toBeVisible()
  // The product's own price and stock now come from the variants, shown and not edited.
  const price = page.getByLabel('Price (₹, what the customer pays)')
  await expect(price).toHaveValue('1650')
  await expect(price).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('Stock (pieces available)')).toHaveValue('18')
  await expect(section.getByRole('button', { name: 'Save options and variants' })).toBeDisabled()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/saved.png` })

  const saved = (await (await request.get(`/api/v1/admin/products/${id}`, { headers })).json()).data
  expect(saved.options).toEqual([
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Indigo', 'Red'] },
  ])
  expect(saved.variants.map((v: { price: number }) => v.price)).toEqual([1650, 1650, 1650, 1650, 1650, 1750])
  expect(saved.variants[3]).toMatchObject({ title: 'M / Red', quantity: 3, imageId: saved.images[0]._id })

  await page.goto(`/admin/products?q=${stamp}`)
  await hydrated(page)
  await expect(page.getByRole('listitem').filter({ hasText: stamp })).toContainText('6 variants')
})
