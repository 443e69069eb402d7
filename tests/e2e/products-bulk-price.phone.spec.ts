import { mkdirSync } from 'node:fs'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

// The phone staff use: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

/**
 * A bulk price change over all the products a filter matches (decision 125): more than a page of them,
 * '+10%' rounded to end in 99 with the MRP kept, checked in a preview that says what happens to the
 * discounts, made on one confirmation, then undone as a whole.
 */
test('on a phone, staff raise every matching price by 10% ending in 99, see the preview, confirm, and undo it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const shots = 'test-results/products-bulk-price-phone'
  mkdirSync(shots, { recursive: true })
  const staff = await createAdminWithCli('bulkprice')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` }
  const stamp = `HL${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()
  // 23 products: more than the list's page of 20. An ₹18,999 saree with an MRP of ₹23,750 (−20%).
  for (let i = 0; i < 23; i++) {
    const made = await request.post('/api/v1/admin/products', {
      headers,
      data: {
        title: `Handloom Saree ${stamp} ${i}`,
        price: 18999,
        cutPrice: 23750,
        sku: `S-${stamp}-${i}`,
        quantity: 2,
      },
    })
    expect(made.ok(), await made.text()).toBeTruthy()
  }
  const prices = async () => {
    const res = await request.get(`/api/v1/admin/products?q=${stamp}&pageSize=100`, { headers })
    return ((await res.json()).data.items as Array<{ price: number }>).map((p) => p.price)
  }

  await signInAsStaff(page, staff)
  await page.goto(`/admin/products?q=${stamp}`)
  await hydrated(page)
  await expect(page.getByRole('listitem').filter({ hasText: stamp })).toHaveCount(20)
  await page.getByRole('button', { name: 'Change all 23 matching' }).click()
  const bar = page.getByRole('region', { name: 'Change all matching products' })
  await expect(bar.getByText('All 23 matching')).toBeVisible()
  await bar.getByLabel('What to do').selectOption('changePrice')
  await bar.getByLabel('Change (%)').fill('10')
  await bar.getByLabel('Round the new prices').selectOption('ninetyNine')
  await expect(bar.getByLabel('The MRP')).toHaveValue('keep')
  await page.screenshot({ path: `${shots}/bar.png` })
  await bar.getByRole('button', { name: 'Preview for 23' }).click()

  const check = page.getByRole('dialog', { name: 'Check the change' })
  await expect(check.getByText('This would change 23 products of 23.')).toBeVisible()
  await expect(
    check.getByText(
      'New prices are rounded to the nearest amount ending in 99 rupees (under ₹100, ending in 9).',
    ),
  ).toBeVisible()
  await expect(
    check.getByText(/^23 products keep their MRP, so the discount shown changes on 23 products/),
  ).toBeVisible()
  const rows = check.getByRole('list', { name: 'Before and after' }).getByRole('listitem')
  await expect(rows).toHaveCount(23)
  await expect(rows.first()).toContainText('Before: ₹18,999 · MRP ₹23,750 · −20%')
  await expect(rows.first()).toContainText('After: ₹20,899 · MRP ₹23,750 · −12%')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/preview.png` })
  expect(new Set(await prices())).toEqual(new Set([18999]))

  await check.getByRole('button', { name: 'Change 23 products' }).click()
  const done = page.getByRole('status').filter({ hasText: '23 products repriced.' })
  await expect(done).toBeVisible()
  await expect(check).toBeHidden()
  expect(await prices()).toEqual(Array(23).fill(20899))
  await page.screenshot({ path: `${shots}/done.png` })

  await done.getByRole('button', { name: 'Undo this change' }).click()
  const ask = page.getByRole('dialog', { name: 'Undo this change?' })
  await ask.getByRole('button', { name: 'Undo the change' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Undone: 23 products back as before the change.' }),
  ).toBeVisible()
  expect(await prices()).toEqual(Array(23).fill(18999))
  await expect(page.getByRole('button', { name: 'Undo this change' })).toHaveCount(0)
})
