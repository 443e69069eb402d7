import type { Page } from '@playwright/test'
import { shownIn } from '../../app/features/admin/shop-places.ts'
import { saleBannerText } from '../../contracts/sale-banner.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'

type Words = { title: string; subtitle: string; buttonText: string; link: string }

/** Fills the first banner's form in the console and saves it. */
async function saveFirstBanner(page: Page, words: Words) {
  await page.goto('/admin/banners')
  await hydrated(page)
  await expect(page.getByText(shownIn.banner.form)).toBeVisible()
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  const form = page.getByRole('region', { name: 'Edit banner' })
  await form.getByLabel(/^Small line/).fill(words.title)
  await form.getByLabel(/^Heading/).fill(words.subtitle)
  await form.getByLabel(/^Button’s words/).fill(words.buttonText)
  await form.getByLabel(/^Button opens/).fill(words.link)
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(form).toBeHidden()
}

test('the banner’s words and link changed in the console show on the home page', async ({
  page,
  browser,
}) => {
  await signInAsStaff(page, await createAdminWithCli('banner'))
  await page.goto('/admin/banners')
  await hydrated(page)
  // The form says where each field shows in the shop.
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  const form = page.getByRole('region', { name: 'Edit banner' })
  await expect(form.getByText(shownIn.banner.title)).toBeVisible()
  await expect(form.getByText(shownIn.banner.link)).toBeVisible()
  // The demo banner carries the spec's words.
  await expect(form.getByLabel(/^Small line/)).toHaveValue(saleBannerText.title)
  await expect(form.getByLabel(/^Heading/)).toHaveValue(saleBannerText.subtitle)

  const stamp = Date.now().toString(36)
  const words = {
    title: `Diwali week ${stamp}`,
    subtitle: 'Lamps and diyas made by hand',
    buttonText: 'See the lamps',
    link: '/product/Handicraft',
  }
  try {
    await saveFirstBanner(page, words)
    // A visitor (not signed in, so served by the page cache) sees the new words at once.
    const visitor = await browser.newContext()
    const home = await visitor.newPage()
    await home.goto('/')
    const banner = home.getByRole('region', { name: words.subtitle })
    await expect(banner.getByText(words.title)).toBeVisible()
    await expect(home.getByText(saleBannerText.subtitle)).toHaveCount(0)
    await banner.getByRole('link', { name: words.buttonText }).click()
    await expect(home).toHaveURL(/\/product\/Handicraft$/)
    await visitor.close()
  } finally {
    // Back as it was, for the other tests.
    await saveFirstBanner(page, saleBannerText)
  }
  await page.goto('/')
  await expect(page.getByRole('region', { name: saleBannerText.subtitle })).toBeVisible()
})

test('a link the shop cannot open is refused in the form, with a message under the field', async ({
  page,
}) => {
  await signInAsStaff(page, await createAdminWithCli('banner-link'))
  await page.goto('/admin/banners')
  await hydrated(page)
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  const form = page.getByRole('region', { name: 'Edit banner' })
  await form.getByLabel(/^Button opens/).fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(form.getByText(/^Enter an address in the shop starting with \//)).toBeVisible()
  await expect(form.getByLabel(/^Button opens/)).toHaveAttribute('aria-invalid', 'true')
  await form.getByRole('button', { name: 'Cancel' }).click()
})
