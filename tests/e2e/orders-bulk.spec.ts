import { test } from './fixtures.ts'
import { ordersBulkJourney } from './orders-bulk-journey.ts'

test.use({ viewport: { width: 1280, height: 900 } })

test('staff tick two paid orders, ship them with their tracking links and download packing slips', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await ordersBulkJourney({ page, request }, 'desktop')
})
