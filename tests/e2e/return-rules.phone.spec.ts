import { mkdirSync } from 'node:fs'
import { devices } from '@playwright/test'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { everyListedProduct } from './cart-helpers.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

const shots = 'test-results/journey'
mkdirSync(shots, { recursive: true })

const shopRule = {
  returnable: true,
  windowDays: 7,
  exchange: true,
  returnShipping: 'shop',
  restockingFeePercent: 0,
}

test("staff give a category its own return rule from a phone; its product's page and the policy page say so", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const staff = await createAdminWithCli('returnrules')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  const staffAuth = { authorization: `Bearer ${(await login.json()).data.accessToken}` }
  // A category no other browser test reads the promise of: the demo's Art & Painting.
  const product = (await everyListedProduct<{ _id: string; categories: string | null }>(request)).find(
    (p) => p.categories === 'Art & Painting',
  )
  expect(product, 'a listed product in Art & Painting').toBeTruthy()
  const staffContext = await browser.newContext({ ...devices['Pixel 7'] })
  const settings = await staffContext.newPage()
  try {
    await signInAsStaff(settings, staff)
    await settings.goto('/admin/settings')
    await hydrated(settings)
    const section = settings.getByRole('region', { name: 'Returns', exact: true })
    const art = section.locator('[data-category="Art & Painting"]')
    await art.getByRole('checkbox', { name: /^Art & Painting · the shop/ }).check()
    await art.getByLabel('Art & Painting: Window (days from delivery)').fill('10')
    await art.getByLabel('Art & Painting: Restocking fee (%)').fill('10')
    await art.getByRole('checkbox', { name: /^Art & Painting: Exchange offered/ }).uncheck()
    await art.getByLabel('Art & Painting: Return shipping paid by').selectOption('customer')
    const saved = settings.waitForResponse(
      (r) => r.url().includes('/admin/settings/returns') && r.request().method() === 'PUT',
    )
    await section.getByRole('button', { name: 'Save return rules' }).click()
    expect((await saved).status()).toBe(200)
    await expect(settings.getByText('Return rules saved')).toBeVisible()
    await art.scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(settings)).toBeLessThanOrEqual(1)
    await settings.screenshot({ path: `${shots}/returns-01-console-rules.png` })

    await page.goto(`/Productdetails/${product!._id}`)
    const promise = page.getByTestId('return-promise')
    await expect(promise).toContainText('Returnable within 10 days')
    await expect(promise).toContainText(
      'You send it back at your cost · 10% restocking fee if you change your mind',
    )
    await promise.scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
    await page.screenshot({ path: `${shots}/returns-02-product-page.png` })

    await promise.getByRole('link', { name: 'Return policy' }).click()
    await expect(page).toHaveURL(/\/ReturnPolicy$/)
    const rules = page.getByTestId('return-rules')
    await expect(rules).toContainText('Art & Painting: Returnable within 10 days')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
    await page.screenshot({ path: `${shots}/returns-03-policy.png`, fullPage: true })
  } finally {
    const now = await request.get('/api/v1/admin/settings/returns', { headers: staffAuth })
    const back = await request.put('/api/v1/admin/settings/returns', {
      headers: staffAuth,
      data: {
        shop: shopRule,
        categories: (await now.json()).data.categories.map((c: { categoryId: string }) => ({
          categoryId: c.categoryId,
          rule: null,
        })),
      },
    })
    expect(back.status()).toBe(200)
    await staffContext.close()
  }
})
