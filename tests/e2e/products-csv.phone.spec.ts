import { test } from './fixtures.ts'
import { productsCsvJourney } from './products-csv-journey.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

test('on a phone, staff approve two products from the bottom bar, and a bad CSV row shows its error and writes nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await productsCsvJourney({ page, request }, 'phone')
})
