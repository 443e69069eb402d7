import { test } from './fixtures.ts'
import { reviewsJourney } from './reviews-journey.ts'

test('a customer with a delivered order reviews the product, staff publish it, and the product page shows the real rating', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await reviewsJourney({ page, browser, request, baseURL }, 'desktop')
})
