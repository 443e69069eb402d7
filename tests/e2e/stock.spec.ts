import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import { everyListedProduct } from './cart-helpers.ts'
import { expect, placeOrderByApi, test } from './fixtures.ts'

type Listed = {
  _id: string
  title: string
  price: number
  quantity: number
  state: string | null
  view360Link: string | null
}

test('a sold-out piece says so on its page and its card, and cannot be added to the cart', async ({
  page,
  request,
  customer,
}) => {
  const listed = await everyListedProduct<Listed>(request)
  // A piece with little stock (one order buys all of it, within the ten pieces one account may hold unpaid,
  // decision 110) that no other test looks at: with a state
  // (its card is on the state page), without View 360 (the product page test picks one with it).
  const piece = listed.filter((p) => p.quantity > 0 && p.quantity <= 10 && p.state && !p.view360Link).at(-1)!
  const auth = { authorization: `Bearer ${customer.accessToken}` }
  // Every piece that is left, in one order.
  const order = await placeOrderByApi(request, customer, [{ ...piece, count: piece.quantity }])
  try {
    await page.goto(`/Productdetails/${piece._id}`)
    await expect(page.getByTestId('stock-line')).toHaveText(catalogueText.outOfStock)
    await expect(page.getByText(catalogueText.inStock, { exact: true })).toHaveCount(0)
    const button = page.getByRole('button', { name: 'Out of stock' })
    await expect(button).toBeDisabled()
    await page.screenshot({ path: 'test-results/screens/sold-out-product.png' })

    await page.goto(`/StateProduct/${encodeURIComponent(piece.state!)}`)
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/Productdetails/${piece._id}"]`) })
    await expect(card.getByTestId('card-sold-out')).toHaveText(catalogueText.outOfStock)
    await expect(card.getByRole('button', { name: 'Out of stock' })).toBeDisabled()

    const add = await request.post('/api/v1/cart/add', { headers: auth, data: { productId: piece._id } })
    expect(add.status()).toBe(409)
  } finally {
    // The piece goes back on sale for the other tests.
    const cancel = await request.patch('/api/v1/order/updateorder', {
      headers: auth,
      data: { orderID: order._id, status: 'Cancelled' },
    })
    expect(cancel.ok()).toBeTruthy()
  }
  await page.goto(`/Productdetails/${piece._id}`)
  await expect(page.getByTestId('stock-line')).not.toHaveText(catalogueText.outOfStock)
})
