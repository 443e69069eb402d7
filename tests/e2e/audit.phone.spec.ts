import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

test.use({ viewport: { width: 390, height: 844 } })

test('the audit log reads as sentences with rupees at 390 px, filters by kind, and shows the record on request', async ({
  page,
  request,
}) => {
  const staff = await createAdminWithCli('audit')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` }
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const title = `Warli Tarpa Dance Painting ${stamp}`
  const body = { title, price: 1650, cutPrice: 2400, sku: `WRL-${stamp}`.toUpperCase(), quantity: 3 }
  const created = await request.post('/api/v1/admin/products', { headers, data: body })
  expect(created.ok(), await created.text()).toBeTruthy()
  const id = (await created.json()).data._id
  const changed = await request.put(`/api/v1/admin/products/${id}`, {
    headers,
    data: { ...body, price: 1850 },
  })
  expect(changed.ok(), await changed.text()).toBeTruthy()

  await signInAsStaff(page, staff)
  await page.goto('/admin/audit')
  await hydrated(page)
  await page.getByLabel('Kind of change').selectOption('product.update')
  const sentence = `Shop Staff changed the price of ${title} from ₹1,650.00 to ₹1,850.00`
  const entry = page.getByRole('listitem').filter({ hasText: sentence })
  await expect(entry).toBeVisible()
  await expect(page).toHaveURL(/action=product\.update/)
  // The record as stored, one click away, still in paise.
  await entry.getByText('The record as stored').click()
  await expect(entry.getByText('"price": 185000')).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
})
