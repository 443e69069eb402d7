import { test } from './fixtures.ts'
import { productsCsvJourney } from './products-csv-journey.ts'

test('staff approve two products together, and a CSV import with a bad row shows its error and writes nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await productsCsvJourney({ page, request }, 'desktop')
})
