import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { reviewModerationText } from '../../contracts/admin-reviews.ts'
import { reviewText } from '../../contracts/review-text.ts'
import { createAdminWithCli, pngFile, signInAsStaff } from './admin-helpers.ts'
import { createListedProduct } from './catalogue-helpers.ts'
import {
  expect,
  horizontalOverflow,
  hydrated,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  signInBrowser,
} from './fixtures.ts'

/** The JSON-LD of the product page in view. */
async function productLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent()
  return JSON.parse(text ?? '{}')
}

/**
 * The journey at the width the spec file sets: a product nobody reviewed says 'No reviews yet'; a
 * customer whose order was delivered writes a review from the order, with a photo; staff publish it and
 * reply on the console's Reviews screen; the product page (a cached page for visitors too) then shows
 * the real rating, the review as a verified buyer's, and the reply.
 */
export async function reviewsJourney(
  args: { page: Page; browser: Browser; request: APIRequestContext; baseURL: string | undefined },
  label: string,
) {
  const { page, browser, request, baseURL } = args
  const shots = `test-results/reviews-${label}`
  mkdirSync(shots, { recursive: true })
  const width = page.viewportSize()!.width

  const product = await createListedProduct(request)
  const staff = await createAdminWithCli('reviews')
  const staffToken = (
    await (
      await request.post('/api/v1/user/login', { data: { email: staff.email, password: staff.password } })
    ).json()
  ).data.accessToken as string

  // A visitor sees no rating for a product nobody reviewed; this page is now in the page cache.
  const visitor = await browser.newContext({ viewport: page.viewportSize()!, baseURL })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(`/Productdetails/${product._id}`)
  await expect(visitorPage.getByTestId('rating-line').first()).toHaveText(reviewText.noReviews)
  expect((await productLd(visitorPage)).aggregateRating).toBeUndefined()
  await expect(visitorPage.getByRole('button', { name: reviewText.writeReview })).toHaveCount(0)

  // A customer whose order of it was delivered.
  const customer = await registerCustomer(request, `Asha Verma`)
  const order = await placeOrderByApi(request, customer, [{ _id: product._id, price: 1499 }])
  await payOrderByApi(request, customer, order._id)
  for (const move of [
    { status: 'Shipped', shippingLink: 'https://track.example.in/KS123' },
    { status: 'Delivered' },
  ]) {
    const moved = await request.post(`/api/v1/admin/orders/${order._id}/status`, {
      headers: { authorization: `Bearer ${staffToken}` },
      data: move,
    })
    expect(moved.ok(), await moved.text()).toBeTruthy()
  }

  await signInBrowser(page, customer)
  await page.goto(`/OrderDetails/${order._id}`)
  await hydrated(page)
  await page.getByRole('link', { name: new RegExp(`^${reviewText.writeReview}`) }).click()
  await expect(page).toHaveURL(new RegExp(`/Productdetails/${product._id}\\?review=write`))
  // The form checks itself only once the page's code runs.
  await hydrated(page)
  const form = page.locator('#write-review')
  await expect(form.getByRole('heading', { name: reviewText.writeReview })).toBeVisible()
  // Checked before sending.
  await form.getByRole('button', { name: 'Send review' }).click()
  await expect(form.getByRole('alert')).toHaveText('Please choose a rating from 1 to 5 stars.')
  await form.locator('label', { hasText: '4 stars' }).click()
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await form.getByLabel('Your review').fill('The block print is crisp and the cotton is soft after washing.')
  await form.getByLabel(/^Photos/).setInputFiles(await pngFile('stole.png', { r: 40, g: 90, b: 160 }))
  await form.getByRole('button', { name: 'Send review' }).click()
  await expect(page.getByTestId('own-review-status')).toHaveText(reviewText.pending)
  // Not in the shop until staff read it.
  await expect(page.getByTestId('rating-line').first()).toHaveText(reviewText.noReviews)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: `${shots}/written-${width}.png`, fullPage: true })

  // Staff publish it and reply, on the console's Reviews screen.
  const console = await browser.newContext({ viewport: page.viewportSize()!, baseURL })
  const staffPage = await console.newPage()
  await signInAsStaff(staffPage, staff)
  await staffPage.goto('/admin/reviews?status=pending')
  await hydrated(staffPage)
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible()
  const card = staffPage.getByTestId('admin-review').filter({ hasText: product.title })
  await expect(card.getByText('The block print is crisp')).toBeVisible()
  await expect(card.getByRole('img', { name: /^What the customer sent/ })).toBeVisible()
  await card.getByRole('button', { name: 'Publish' }).click()
  await expect(staffPage.getByText(reviewModerationText.published)).toBeVisible()
  await staffPage.goto(`/admin/reviews?q=${encodeURIComponent(product.title)}`)
  await hydrated(staffPage)
  const published = staffPage.getByTestId('admin-review').filter({ hasText: product.title })
  await expect(published.getByText('Published', { exact: true })).toBeVisible()
  await published.getByRole('button', { name: 'Reply' }).click()
  await published.getByLabel(/^Reply, shown under the review/).fill('Thank you, Asha! Wash it in cold water.')
  await published.getByRole('button', { name: 'Save reply' }).click()
  await expect(published.getByText('Thank you, Asha! Wash it in cold water.')).toBeVisible()
  expect(await horizontalOverflow(staffPage)).toBeLessThanOrEqual(0)
  await staffPage.screenshot({ path: `${shots}/console-${width}.png`, fullPage: true })

  // The visitor's cached page was dropped: the real rating, the review and the reply show.
  await visitorPage.goto(`/Productdetails/${product._id}`)
  const rating = visitorPage.getByTestId('rating-line').first()
  await expect(rating).toContainText('4.0')
  await expect(rating).toContainText('1 Rating')
  const review = visitorPage.getByTestId('review').first()
  await expect(review).toContainText('The block print is crisp')
  await expect(review).toContainText('Asha V.')
  await expect(review).toContainText(reviewText.verifiedBuyer)
  await expect(review).toContainText('Thank you, Asha! Wash it in cold water.')
  await expect(review.getByRole('img', { name: /^Sent by Asha V\./ })).toBeVisible()
  expect((await productLd(visitorPage)).aggregateRating).toMatchObject({ ratingValue: '4.0', reviewCount: 1 })
  expect(await horizontalOverflow(visitorPage)).toBeLessThanOrEqual(0)
  await visitorPage.screenshot({ path: `${shots}/product-${width}.png`, fullPage: true })

  // The customer sees their review published, and cannot write a second one.
  await page.reload()
  await expect(page.getByTestId('own-review-status')).toHaveText(reviewText.published)
  await expect(page.getByRole('button', { name: reviewText.writeReview })).toHaveCount(0)
  await visitor.close()
  await console.close()
}
