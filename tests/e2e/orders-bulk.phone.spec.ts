import { test } from './fixtures.ts'
import { ordersBulkJourney } from './orders-bulk-journey.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

test('on a phone, staff tick two paid orders, ship them with their tracking links and download packing slips', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await ordersBulkJourney({ page, request }, 'phone')
})
