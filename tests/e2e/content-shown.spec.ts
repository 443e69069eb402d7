import type { Page } from '@playwright/test'
import { previewText } from '../../app/lib/catalogue-messages.ts'
import { createAdminWithCli, pngFile, signInAsStaff } from './admin-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'

/** The signed-in console's token, for making and removing a test's own rows through the API. */
const authOf = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
})

test('Preview on the product screen shows an unapproved product as customers would; customers get 404', async ({
  page,
  browser,
}) => {
  await signInAsStaff(page, await createAdminWithCli('preview'))
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const title = `Kantha stitched quilt ${stamp}`
  const made = await page.request.post('/api/v1/admin/products', {
    headers: await authOf(page),
    data: {
      title,
      price: 3200,
      cutPrice: 3600,
      sku: `PRV-${stamp}`.toUpperCase(),
      shortDescription: 'Layers of old saris stitched together by hand in Bolpur.',
      description: '<p>Each quilt takes <strong>three weeks</strong>.</p>',
      quantity: 3,
      isApproved: false,
    },
  })
  expect(made.ok(), await made.text()).toBeTruthy()
  const id = (await made.json()).data._id as string

  await page.goto(`/admin/products/${id}`)
  await expect(page.getByText('Awaiting approval')).toBeVisible()
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Preview (opens in a new tab)' }).click(),
  ])
  await expect(preview).toHaveURL(new RegExp(`/Productdetails/${id}\\?preview=1$`))
  await expect(preview.getByRole('note')).toHaveText(new RegExp(previewText.unapproved))
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(preview.locator('.prose-shop strong')).toHaveText('three weeks')
  await preview.getByRole('link', { name: previewText.backToConsole }).click()
  await expect(preview).toHaveURL(new RegExp(`/admin/products/${id}$`))

  // A visitor with the same address gets the shop's ordinary 'not found' page.
  const visitor = await browser.newContext()
  const stranger = await visitor.newPage()
  const res = await stranger.goto(`/Productdetails/${id}?preview=1`)
  expect(res?.status()).toBe(404)
  await expect(stranger.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(stranger.getByText(title)).toHaveCount(0)
  await visitor.close()
})

test('a new state without a picture gets a plain tile, not another state’s; its uploaded picture then shows', async ({
  page,
  browser,
}) => {
  await signInAsStaff(page, await createAdminWithCli('state-picture'))
  const name = `Aa Nagaland ${Date.now().toString(36)}`
  await page.goto('/admin/states')
  await hydrated(page)
  await page.getByRole('button', { name: '+ Add state' }).click()
  const form = page.getByRole('region', { name: 'New state' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel(/^Position/).fill('0')
  await form.getByRole('button', { name: 'Add state' }).click()
  await expect(page.getByRole('heading', { name })).toBeVisible()
  const state = (
    (await (await page.request.get('/api/v1/admin/states', { headers: await authOf(page) })).json()).data as {
      id: string
      name: string
    }[]
  ).find((s) => s.name === name)
  expect(state).toBeDefined()

  const visitor = await browser.newContext()
  const shop = await visitor.newPage()
  const tileOf = () => shop.getByRole('main').getByRole('link', { name })
  try {
    for (const url of ['/StateProduct', '/']) {
      await shop.goto(url)
      await expect(tileOf()).toBeVisible()
      await expect(tileOf().getByTestId('state-placeholder')).toBeVisible()
      await expect(tileOf().locator('img')).toHaveCount(0)
    }

    await page.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('region', { name: 'Edit state' })
    await edit
      .getByLabel('Picture', { exact: true })
      .setInputFiles(await pngFile('hornbill.png', { r: 20, g: 110, b: 60 }))
    await expect(page.getByRole('region', { name: 'Notices' }).getByText('Picture uploaded')).toBeVisible({
      timeout: 20_000,
    })
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(edit).toBeHidden()

    for (const url of ['/StateProduct', '/']) {
      await shop.goto(url)
      const img = tileOf().locator('img')
      await expect(img).toHaveAttribute('src', /^\/uploads\/states\/[0-9a-f]{24}-400\.webp$/)
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
        .toBeGreaterThan(0)
      await expect(tileOf().getByTestId('state-placeholder')).toHaveCount(0)
    }
  } finally {
    await visitor.close()
    // Back as it was, for the other tests.
    await page.request.delete(`/api/v1/admin/states/${state!.id}`, { headers: await authOf(page) })
  }
})
