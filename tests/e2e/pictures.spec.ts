import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { createAdminWithCli, type Staff, signInAsStaff } from './admin-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'

let staff: Staff

test.beforeAll(async () => {
  staff = await createAdminWithCli('pictures')
})

/** A wide photo as staff would upload for the home slider: 2400 × 900, with detail so it is not blank. */
function slidePhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="900">
    <rect width="2400" height="900" fill="#7a2e12"/>
    <circle cx="1200" cy="450" r="360" fill="#f2b705"/>
    <rect x="200" y="650" width="2000" height="120" fill="#2a6f97"/></svg>`
  return sharp(Buffer.from(svg))
    .jpeg()
    .toBuffer()
    .then((buffer) => ({ name: 'festival-slide.jpg', mimeType: 'image/jpeg', buffer }))
}

/** Opens the home page as a visitor on the given screen and waits until the slide's picture has loaded. */
async function slideOnHome(browser: Browser, title: string, screen: { width: number; scale: number }) {
  // Not `isMobile`: Chromium's mobile emulation can lay a page out 980 px wide until it has applied the page's
  // viewport tag, and a picture chosen in that moment is the 1600 px one, never taken back (a flaky 1 in ~20).
  // What is tested is the choice at 390 px and 3 device pixels per pixel, which this screen gives from the start.
  const context = await browser.newContext({
    viewport: { width: screen.width, height: 844 },
    deviceScaleFactor: screen.scale,
    hasTouch: screen.scale > 1,
  })
  const page = await context.newPage()
  const failed: string[] = []
  page.on('response', (r) => {
    if (r.url().includes('/uploads/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
  })
  page.on('requestfailed', (r) => {
    if (r.url().includes('/uploads/')) failed.push(`failed ${r.url()}`)
  })
  await page.goto('/')
  const slide = page.getByRole('region', { name: 'Featured collections' }).getByRole('img', { name: title })
  await expect(slide).toHaveCount(1)
  // The slider turns every 2 s; the new slide's picture loads when it comes into view.
  await expect
    .poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0)
  return { page, failed, close: () => context.close() }
}

const loaded = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Featured collections' })
    .getByRole('img', { name: title })
    .evaluate((img: HTMLImageElement) => ({
      currentSrc: new URL(img.currentSrc).pathname,
      naturalWidth: img.naturalWidth,
      srcset: img.srcset,
    }))

test('a slide uploaded in the console shows on a laptop and on a 3× phone', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const title = `Festival of Looms ${Date.now().toString(36)}`
  await signInAsStaff(page, staff)
  await page.goto('/admin/sliders')
  await hydrated(page)
  await page.getByRole('button', { name: '+ Add slide' }).click()
  const form = page.getByRole('region', { name: 'New slide' })
  await form.getByLabel('Picture', { exact: true }).setInputFiles(await slidePhoto())
  await expect(page.getByText('Picture uploaded')).toBeVisible({ timeout: 20_000 })
  await form.getByLabel(/^Title/).fill(title)
  await form.getByRole('button', { name: 'Add slide' }).click()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()

  // Every size the page may ask for was made.
  const {
    page: laptop,
    failed: laptopFailed,
    close: closeLaptop,
  } = await slideOnHome(browser, title, {
    width: 1280,
    scale: 1,
  })
  const wide = await loaded(laptop, title)
  const candidates = wide.srcset.split(',').map((c) => c.trim().split(' ')[0])
  expect(candidates.length).toBeGreaterThanOrEqual(4)
  for (const url of candidates) {
    const res = await request.get(url)
    expect(res.status(), url).toBe(200)
    expect(res.headers()['content-type']).toBe('image/webp')
  }
  // A 1280 px laptop needs the 1600 px file for a full-width slide.
  expect(wide.currentSrc).toMatch(/^\/uploads\/sliders\/[0-9a-f]{24}-1600\.webp$/)
  expect(wide.naturalWidth).toBeGreaterThan(0)
  const file = await sharp(await (await request.get(wide.currentSrc)).body()).metadata()
  expect([file.format, file.width]).toEqual(['webp', 1600])
  expect(laptopFailed).toEqual([])
  await closeLaptop()

  // A 390 px phone at 3× needs about 1170 device pixels.
  const {
    page: phone,
    failed: phoneFailed,
    close: closePhone,
  } = await slideOnHome(browser, title, {
    width: 390,
    scale: 3,
  })
  const narrow = await loaded(phone, title)
  expect(narrow.currentSrc).toMatch(/-1200\.webp$/)
  expect(narrow.naturalWidth).toBeGreaterThan(0)
  expect(phoneFailed).toEqual([])
  await closePhone()

  // Leave the shop's slider as it was for other tests.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await card.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0)
})
