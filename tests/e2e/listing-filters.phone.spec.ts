import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { listingPageSize } from '../../app/lib/catalogue-messages.ts'
import { expect, horizontalOverflow, test } from './fixtures.ts'

// A listing narrowed by its filters on a phone (decision 130): a bottom sheet of plain GET form fields, so
// it works before the page's code arrives, and at once when a box is ticked once it has.
test.use({ viewport: { width: 390, height: 844 } })

const shots = 'test-results/filters'

/** The titles the API lists for the same filters, the listing's first page. */
async function titlesFor(request: APIRequestContext, query: string): Promise<string[]> {
  const res = await request.get(
    `/api/v1/Product/products?category=Handloom&limit=${listingPageSize}&${query}`,
  )
  expect(res.ok()).toBeTruthy()
  return ((await res.json()).data as Array<{ title: string }>).map((p) => p.title)
}

const cardTitles = (page: Page) => page.getByTestId('product-title').allTextContents()
const sameTitles = (shown: string[], listed: string[]) => {
  // Cards shorten long titles; each shown title starts the listed one in the same place.
  const same =
    shown.length === listed.length &&
    shown.every((s, i) => listed[i]!.startsWith(s.replace(/(…|\.\.\.)$/, '').trim()))
  return same
}

test.describe('without the page code', () => {
  test.use({ javaScriptEnabled: false })

  test('the sheet opens, a ticked material and Show results narrow the listing; its chip takes it away', async ({
    page,
    request,
  }) => {
    await page.goto('/product/Handloom')
    await expect(page.getByTestId('filters-form')).toBeHidden()
    await page.getByTestId('filters-open').click()
    const sheet = page.getByTestId('filters-form')
    await expect(sheet).toBeVisible()
    mkdirSync(shots, { recursive: true })
    await page.screenshot({ path: `${shots}/sheet-no-js.png` })
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

    await sheet.getByRole('checkbox', { name: /^Silk \(/ }).check()
    await sheet.getByTestId('filters-apply').click()
    await expect(page).toHaveURL(/\/product\/Handloom\?material=Silk$/)
    const silk = await titlesFor(request, 'material=Silk')
    expect(silk.length).toBeGreaterThan(0)
    expect(sameTitles(await cardTitles(page), silk)).toBe(true)
    // The filtered page names the listing itself as canonical.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/product\/Handloom$/)

    const chip = page.getByTestId('filter-chip').filter({ hasText: 'Silk' })
    await expect(chip).toBeVisible()
    await page.screenshot({ path: `${shots}/filtered-no-js.png` })
    await chip.click()
    await expect(page).toHaveURL(/\/product\/Handloom$/)
    await expect(page.getByTestId('filter-chip')).toHaveCount(0)
  })

  test("a search's results are narrowed the same way", async ({ page }) => {
    await page.goto('/products?search=saree')
    const all = (await cardTitles(page)).length
    await page.getByTestId('filters-open').click()
    await page
      .getByTestId('filters-form')
      .getByRole('checkbox', { name: /^Silk \(/ })
      .check()
    await page.getByTestId('filters-apply').click()
    await expect(page).toHaveURL(/\/products\?search=saree&material=Silk$/)
    await expect(page.getByTestId('filter-chip')).toHaveText([/Silk/])
    const silk = await cardTitles(page)
    expect(silk.length).toBeGreaterThan(0)
    expect(silk.length).toBeLessThan(all)
    expect(silk.every((t) => /silk/i.test(t))).toBe(true)
  })
})

test('with the page code a ticked box applies at once, and a reload keeps the choice', async ({
  page,
  request,
}) => {
  await page.goto('/product/Handloom')
  await page.getByTestId('filters-open').click()
  const sheet = page.getByTestId('filters-form')
  await sheet.getByRole('checkbox', { name: /^Cotton \(/ }).check()
  await expect(page).toHaveURL(/\/product\/Handloom\?material=Cotton$/)
  const cotton = await titlesFor(request, 'material=Cotton')
  await expect.poll(async () => sameTitles(await cardTitles(page), cotton)).toBe(true)
  // The sheet stays open over the narrowed list; in stock only narrows it further.
  await sheet.getByRole('checkbox', { name: /^In stock only/ }).check()
  await expect(page).toHaveURL(/\/product\/Handloom\?material=Cotton&inStock=1$/)
  const inStock = await titlesFor(request, 'material=Cotton&inStock=1')
  await expect.poll(async () => sameTitles(await cardTitles(page), inStock)).toBe(true)
  await page.screenshot({ path: `${shots}/sheet-with-js.png` })
  await page.reload()
  await expect(page.getByTestId('filter-chip')).toHaveText([/Cotton/, /In stock/])
  expect(sameTitles(await cardTitles(page), inStock)).toBe(true)
})

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 900 } })
  test('the filters are a column beside the products', async ({ page }) => {
    await page.goto('/product/Handloom?material=Silk')
    const form = page.getByTestId('filters-form')
    await expect(form).toBeVisible()
    await expect(page.getByTestId('filters-open')).toBeHidden()
    const box = await form.boundingBox()
    const firstCard = await page.getByTestId('product-title').first().boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(firstCard!.x)
    mkdirSync(shots, { recursive: true })
    await page.screenshot({ path: `${shots}/laptop.png` })
  })
})
