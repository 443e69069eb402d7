import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { contentText, templeServices, templeServicesSoon } from '../../app/features/content/messages.ts'
import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import { listedProducts } from './cart-helpers.ts'
import { createListedProduct } from './catalogue-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'

// The phone most customers have: 390×844 CSS pixels, touch.
test.use({ viewport: { width: 390, height: 844 } })

const shots = 'test-results/journey'
const screen = 844

async function bottomOf(locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on the page')
  return box.y + box.height
}

/** Scrolls the description to the top of the screen: the page's own Add To Cart is then above it. */
const scrollToDescription = (page: Page) =>
  page.evaluate(() => {
    const heading = document.getElementById('description-heading')
    if (heading) {
      window.scrollTo({ top: window.scrollY + heading.getBoundingClientRect().top, behavior: 'instant' })
    }
  })

const mainAddToCart = (page: Page) =>
  page.getByTestId('buy-row').getByRole('button', { name: catalogueText.addToCart, exact: true })

test.describe('product page on a phone', () => {
  test('title, price, discount, Add To Cart and wishlist fit the first screen', async ({ page, request }) => {
    // The longest title in stock: the worst case for the first screen.
    const listed = (await listedProducts(request)).filter((p) => p.quantity > 0)
    const p = [...listed].sort((a, b) => b.title.length - a.title.length)[0]!
    await page.goto(`/Productdetails/${p._id}`)
    await expect(page.getByTestId('gallery')).toBeVisible()
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0)
    for (const part of [
      page.getByRole('heading', { level: 1 }),
      page.getByTestId('detail-price'),
      page.getByTestId('detail-discount'),
      page.getByTestId('stock-line'),
      mainAddToCart(page),
      page.getByTestId('buy-row').getByRole('button', { name: /wishlist/i }),
    ]) {
      await expect(part).toBeVisible()
      expect(await bottomOf(part)).toBeLessThanOrEqual(screen)
    }
    // What the spec lists is all still there.
    await expect(page.getByText('SKU', { exact: true })).toBeAttached()
    await expect(page.getByTestId('thumbnails').locator('li')).toHaveCount(4)
    await expect(page.getByRole('heading', { name: catalogueText.relatedProduct })).toBeAttached()
    mkdirSync(shots, { recursive: true })
    await page.screenshot({ path: `${shots}/product-top.png` })
  })

  test('the video player is fetched only when its button is tapped', async ({ page, request }) => {
    const product = await createListedProduct(request, {
      youtubeVideoLink: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    })
    const youtube: string[] = []
    // No outside network in tests: answer for YouTube, and note each request.
    await page.route(/youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com/, (route) => {
      youtube.push(route.request().url())
      return route.fulfill({ contentType: 'text/html', body: '<p>player</p>' })
    })
    await page.goto(`/Productdetails/${product._id}`)
    await hydrated(page)
    const video = page.getByTestId('product-video')
    await expect(video.getByRole('button', { name: new RegExp(catalogueText.playVideo) })).toBeVisible()
    await expect(page.locator('iframe')).toHaveCount(0)
    expect(youtube).toEqual([])
    // The video comes after the buying buttons on a phone, not between the picture and the price.
    expect((await video.boundingBox())?.y ?? 0).toBeGreaterThan(await bottomOf(mainAddToCart(page)))
    await video.getByRole('button').tap()
    await expect(video.locator('iframe')).toHaveAttribute(
      'src',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ/,
    )
    await expect.poll(() => youtube.some((u) => u.includes('/embed/aqz-KE-bpKQ'))).toBe(true)
  })

  test('a product without a video or View 360 link shows neither', async ({ page, request }) => {
    const product = await createListedProduct(request)
    await page.goto(`/Productdetails/${product._id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title)
    await expect(page.getByTestId('product-video')).toHaveCount(0)
    await expect(page.getByRole('link', { name: new RegExp(catalogueText.view360) })).toHaveCount(0)
  })

  test('the sticky bar appears once Add To Cart scrolls away, and adds to the cart', async ({
    signedInPage: page,
    request,
  }) => {
    const [p] = await listedProducts(request)
    await page.goto(`/Productdetails/${p!._id}`)
    await hydrated(page)
    const cart = page.getByRole('link', { name: /^Cart \(\d+ items?\)$/ })
    await expect(cart).toHaveAccessibleName('Cart (0 items)')
    const bar = page.getByTestId('sticky-cart-bar')
    await expect(mainAddToCart(page)).toBeVisible()
    await expect(bar).toHaveCount(0)
    await scrollToDescription(page)
    await expect(bar).toBeVisible()
    await expect(bar).toContainText(p!.title)
    mkdirSync(shots, { recursive: true })
    await page.screenshot({ path: `${shots}/product-sticky-bar.png` })
    await bar.getByRole('button', { name: catalogueText.addToCart, exact: true }).tap()
    await expect(cart).toHaveAccessibleName('Cart (1 item)')
    // At the footer the bar steps aside, so it never covers the footer's links.
    await page.locator('footer').scrollIntoViewIfNeeded()
    await expect(bar).toHaveCount(0)
    // Scrolled back up to the page's own button, the bar goes away.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await expect(bar).toHaveCount(0)
  })

  test('a sold-out product’s sticky bar cannot add it', async ({ page, request }) => {
    const product = await createListedProduct(request, { quantity: 0 })
    await page.goto(`/Productdetails/${product._id}`)
    await hydrated(page)
    await expect(page.getByTestId('stock-line')).toHaveText(catalogueText.outOfStock)
    await scrollToDescription(page)
    const bar = page.getByTestId('sticky-cart-bar')
    await expect(bar).toBeVisible()
    await expect(bar.getByRole('button')).toBeDisabled()
  })
})

test('no demo link leads to example.org on the home, product and temple pages', async ({ page, request }) => {
  const [p] = await listedProducts(request)
  for (const path of ['/', `/Productdetails/${p!._id}`, '/temple', '/templedetails']) {
    await page.goto(path)
    await expect(page.locator('main')).toBeVisible()
    expect(await page.content(), path).not.toContain('example.org')
  }
  // The temple services have no link yet: all four are named and plainly marked as not yet available.
  const services = page.getByTestId('temple-services').locator('li')
  await expect(page.getByRole('heading', { name: contentText.services })).toBeVisible()
  await expect(services).toHaveCount(4)
  for (const [i, name] of templeServices.entries()) {
    await expect(services.nth(i)).toHaveText(`${name}${templeServicesSoon}`)
  }
  await expect(page.getByTestId('temple-services').getByRole('link')).toHaveCount(0)
})
