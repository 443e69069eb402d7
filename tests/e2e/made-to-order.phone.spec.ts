import { mkdirSync } from 'node:fs'
import { deliveryText } from '../../app/components/delivery-check.tsx'
import { deliveryPinKey } from '../../contracts/delivery.ts'
import { apiAddToCart, everyListedProduct } from './cart-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

const shots = 'test-results/journey'
mkdirSync(shots, { recursive: true })

/**
 * Made to order (decision 132): the demo's cloth Pattachitra is painted after it is ordered, in 10 to 14 days;
 * its page says so and its delivery dates are the shop's usual ones moved by those days, on the product page
 * and in the cart.
 */
test('a piece made to order says how long it takes and its delivery dates count the making', async ({
  page,
  request,
}) => {
  const pieces = await everyListedProduct(request)
  const painting = pieces.find((p) => p.title === 'Pattachitra Tree of Life on Cloth')
  expect(painting?.madeToOrder).toEqual({ minDays: 10, maxDays: 14 })

  const usual = await (await request.get('/api/v1/delivery/estimate?pin=110001')).json()
  const made = await (await request.get('/api/v1/delivery/estimate?pin=110001&leadMin=10&leadMax=14')).json()
  expect(made.data.served).toBe(true)
  // The making moves both dates by its days (from 10, to 14): a different line than a ready piece's.
  expect(made.data.text).not.toBe(usual.data.text)

  await page.addInitScript((key) => localStorage.setItem(key, '110001'), deliveryPinKey)
  await page.goto(`/Productdetails/${painting!._id}`)
  await hydrated(page)
  await expect(page.getByTestId('made-to-order')).toHaveText('Made to order: ships in 10–14 days')
  const box = page.getByTestId('delivery-check')
  await expect(box.getByLabel(deliveryText.check)).toHaveValue('110001')
  await expect(box.getByTestId('delivery-dates')).toContainText(made.data.text)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.getByTestId('made-to-order').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/made-to-order-01-product-page.png` })

  // In the cart the line says it too, and the cart's dates are the painting's.
  const customer = await registerCustomer(request, 'Sunita Behera')
  await apiAddToCart(request, customer.accessToken, painting!._id)
  await signInBrowser(page, customer)
  await page.goto('/Cart')
  await hydrated(page)
  await expect(page.getByTestId('cart-made-to-order')).toHaveText('Made to order: ships in 10–14 days')
  const cartBox = page.getByTestId('delivery-check')
  await expect(cartBox.getByTestId('delivery-dates')).toContainText(made.data.text)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await cartBox.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/made-to-order-02-cart.png` })
})
