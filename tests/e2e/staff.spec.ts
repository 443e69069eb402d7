import { test } from './fixtures.ts'
import { staffJourney } from './staff-journey.ts'

test('an owner invites an Orders colleague, who chooses a password, ships an order and is refused the products (1280 px)', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await staffJourney({ page, browser, request, baseURL }, 'desktop')
})
