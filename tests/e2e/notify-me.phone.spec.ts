import { mkdirSync } from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import { stockAlertMessages } from '../../contracts/stock-alerts.ts'
import { variantKurta } from '../support/variant-kurta.ts'
import { everyListedProduct } from './cart-helpers.ts'
import { expect, test } from './fixtures.ts'

// 'Notify me' on a sold-out size (decision 131), on a phone: the seeded kurta's L / Indigo has none left.
test.use({ viewport: { width: 390, height: 844 } })

const shots = 'test-results/journey'

type Listed = { _id: string; sku: string; variants: Array<{ _id: string; title: string }> }

async function soldOutSize(request: APIRequestContext) {
  const kurta = (await everyListedProduct<Listed>(request)).find((p) => p.sku === variantKurta.sku)
  expect(kurta, 'the e2e shop holds the variant kurta (scripts/e2e-server.ts)').toBeTruthy()
  const l = kurta!.variants.find((v) => v.title === 'L / Indigo')!
  return { id: kurta!._id, variantId: l._id }
}

test('a signed-in customer asks with one tap to be told when a sold-out size is back, and can stop', async ({
  signedInPage: page,
  request,
  customer,
}) => {
  const { id, variantId } = await soldOutSize(request)
  await page.goto(`/Productdetails/${id}?variant=${variantId}`)
  const notify = page.getByTestId('notify-me')
  const ask = notify.getByRole('button', { name: stockAlertMessages.button })
  await expect(ask).toBeEnabled()
  const box = await ask.boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(44)
  await ask.tap()
  await expect(page.getByTestId('notify-me').getByRole('status')).toContainText(stockAlertMessages.asked)
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: `${shots}/notify-me.png` })

  // Kept by the shop, not the page: after a reload it still says so, and the API agrees.
  await page.reload()
  await expect(page.getByTestId('notify-me').getByRole('status')).toContainText(stockAlertMessages.asked)
  const mine = await request.get(`/api/v1/stock-alerts?productId=${id}`, {
    headers: { authorization: `Bearer ${customer.accessToken}` },
  })
  expect((await mine.json()).data).toEqual([{ variantId }])

  // Another size that is in stock offers the cart, not 'Notify me'.
  await page
    .getByRole('radiogroup', { name: 'Size' })
    .getByRole('radio', { name: /^M(?: \(|$)/ })
    .tap()
  await expect(page.getByTestId('notify-me')).toHaveCount(0)

  await page.goto(`/Productdetails/${id}?variant=${variantId}`)
  await page.getByTestId('notify-me').getByRole('button', { name: stockAlertMessages.stop }).tap()
  await expect(
    page.getByTestId('notify-me').getByRole('button', { name: stockAlertMessages.button }),
  ).toBeVisible()
})

test('a visitor is offered sign-in, coming back to the same size', async ({ page, request }) => {
  const { id, variantId } = await soldOutSize(request)
  await page.goto(`/Productdetails/${id}?variant=${variantId}`)
  const link = page.getByTestId('notify-me').getByRole('link', { name: stockAlertMessages.signIn })
  await expect(link).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/Productdetails/${id}?variant=${variantId}`)}`,
  )
})
