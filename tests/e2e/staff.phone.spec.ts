import { test } from './fixtures.ts'
import { staffJourney } from './staff-journey.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

test('an owner invites an Orders colleague on a phone, who chooses a password, ships an order and is refused the products', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await staffJourney({ page, browser, request, baseURL }, 'phone')
})
