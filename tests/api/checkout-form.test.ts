import { describe, expect, it } from 'vitest'
import { checkoutMessages, placedTexts } from '../../app/lib/checkout-messages.ts'
import { builtShopForThisFile, builtShopOrigin } from '../support/built-shop.ts'
import { addToCart, freshPhone, makeProduct, registerCustomer } from '../support/factories.ts'

// The checkout as a form the server answers before the page's code runs (decision 127), on the production build.
const shop = builtShopForThisFile()

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: 'POST',
    url: '/CheckOut',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'localhost:3000',
      origin: builtShopOrigin,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  })

/** A customer with one product in the cart, and the checkout page the server renders for her. */
async function customerAtCheckout(price = 1500_00) {
  const asha = await registerCustomer(shop.app)
  const product = await makeProduct(shop.app, { price })
  expect((await addToCart(shop.app, asha, product.id)).statusCode).toBe(200)
  const cookie = { cookie: `accessToken=${asha.token}` }
  const page = await shop.app.inject({ url: '/CheckOut', headers: cookie })
  expect(page.statusCode).toBe(200)
  const attempt = /name="attempt" value="([\w-]+)"/.exec(page.body)?.[1]
  expect(attempt).toBeTruthy()
  return { asha, product, cookie, page, attempt: attempt! }
}

const delivery = () => ({
  firstName: 'Asha',
  lastName: 'Verma',
  address: '12 Hazratganj',
  apartment: '',
  postalCode: '226001',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  email: 'asha@example.in',
  phoneNumber: freshPhone(),
})

/** Whether the page has an element whose opening tag carries every one of these attributes, in any order. */
const hasTag = (body: string, ...attrs: string[]) =>
  (body.match(/<[a-z]+\s[^>]*>/g) ?? []).some((tag) => attrs.every((a) => tag.includes(a)))

const orderAt = async (who: { auth: Record<string, string> }, location: string) => {
  const id = /^\/OrderDetails\/([^?]+)\?placed=(cod|online)$/.exec(location)?.[1]
  expect(id, location).toBeTruthy()
  const res = await shop.app.inject({ url: `/api/v1/order/singleorder/${id}`, headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

describe('the checkout rendered by the server', () => {
  it('shows a signed-in customer her cart, her e-mail in the form and Place Order, with no wait for the code', async () => {
    const { asha, product, page } = await customerAtCheckout()
    expect(page.headers['cache-control']).toContain('no-store')
    expect(page.body).toContain(product.title)
    expect(page.body).toContain(`value="${asha.email}"`)
    expect(page.body).toContain('Place Order')
    expect(page.body).not.toContain('Loading checkout…')
    // A visitor's page waits for the code, which asks them to sign in.
    const visitor = await shop.app.inject({ url: '/CheckOut' })
    expect(visitor.body).toContain('Loading checkout…')
    expect(visitor.body).not.toContain('name="attempt"')
  })

  it('fills the form from a saved address with ?deliverTo=, and opens it empty with ?address=new', async () => {
    const { asha, cookie } = await customerAtCheckout()
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/adress/add',
      headers: asha.auth,
      payload: {
        fullName: 'Asha Rani Verma',
        phoneNumber: '9876543210',
        streetAddress: '7 Gomti Nagar',
        city: 'Lucknow',
        state: 'Uttar Pradesh',
        postalCode: '226010',
        country: 'INDIA',
        addressType: 'Home',
      },
    })
    expect(added.statusCode, added.body).toBe(201)
    const id = added.json().data._id as string
    const folded = await shop.app.inject({ url: '/CheckOut', headers: cookie })
    expect(folded.body).toContain('aria-expanded="false"')
    expect(hasTag(folded.body, 'name="deliverTo"', `value="${id}"`, 'type="submit"')).toBe(true)
    const chosen = await shop.app.inject({ url: `/CheckOut?deliverTo=${id}`, headers: cookie })
    expect(chosen.body).toContain('aria-expanded="true"')
    expect(chosen.body).toContain('value="7 Gomti Nagar"')
    expect(chosen.body).toContain('value="Rani Verma"')
    expect(chosen.body).toContain('value="226010"')
    expect(hasTag(chosen.body, 'name="deliverTo"', `value="${id}"`, 'aria-pressed="true"')).toBe(true)
    const fresh = await shop.app.inject({ url: '/CheckOut?address=new', headers: cookie })
    expect(fresh.body).toContain('aria-expanded="true"')
    expect(fresh.body).not.toContain('value="7 Gomti Nagar"')
  })
})

describe('Place Order sent before the page’s code', () => {
  it('places a COD order from the cart the server holds and opens its page; the same form again places nothing more', async () => {
    const { asha, product, attempt } = await customerAtCheckout(1500_00)
    const fields = { attempt, ...delivery(), paymentOption: 'COD' }
    const res = await post(fields, { cookie: `accessToken=${asha.token}` })
    expect(res.statusCode, res.body).toBe(303)
    const order = await orderAt(asha, res.headers.location as string)
    expect(order.paymentInfo.method).toBe('COD')
    expect(order.totalAmount).toBe(1500)
    expect(order.products).toMatchObject([{ product: { _id: product.id }, quantity: 1 }])
    expect(order.shippingInfo).toMatchObject({ address: '12 Hazratganj', postalCode: '226001' })
    // The cart is done with, and a second tap on Place Order answers the same order.
    const cart = await shop.app.inject({ url: '/api/v1/cart/product', headers: asha.auth })
    expect(cart.json().cart.items).toEqual([])
    const again = await post(fields, { cookie: `accessToken=${asha.token}` })
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe(res.headers.location)
    const page = await shop.app.inject({
      url: res.headers.location as string,
      headers: { cookie: `accessToken=${asha.token}` },
    })
    expect(page.body).toContain(placedTexts.cod)
  })

  it('places an online order awaiting payment, whose page offers Pay now', async () => {
    const { asha, attempt } = await customerAtCheckout(2400_00)
    const res = await post(
      { attempt, ...delivery(), paymentOption: 'Credit card' },
      { cookie: `accessToken=${asha.token}` },
    )
    expect(res.statusCode, res.body).toBe(303)
    expect(res.headers.location).toMatch(/\?placed=online$/)
    const order = await orderAt(asha, res.headers.location as string)
    expect(order.paymentInfo.status).toBe('Pending')
    expect(order.totalAmount).toBe(2400)
    const page = await shop.app.inject({
      url: res.headers.location as string,
      headers: { cookie: `accessToken=${asha.token}` },
    })
    expect(page.body).toContain(placedTexts.online)
    expect(page.body).toContain('Pay now')
  })

  it('renders the form again with the spec’s messages and what was typed, and places nothing', async () => {
    const { asha, attempt } = await customerAtCheckout()
    const cookie = { cookie: `accessToken=${asha.token}` }
    const res = await post(
      { attempt, ...delivery(), city: '', phoneNumber: '98765', paymentOption: 'COD' },
      cookie,
    )
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain(checkoutMessages.cityRequired)
    expect(res.body).toContain(checkoutMessages.phoneRequired)
    expect(res.body).toContain('value="12 Hazratganj"')
    expect(res.body).toContain('value="98765"')
    // The payment chosen stays chosen.
    expect(hasTag(res.body, 'name="paymentOption"', 'value="COD"', 'checked=""')).toBe(true)
    expect(hasTag(res.body, 'name="paymentOption"', 'value="Credit card"', 'checked=""')).toBe(false)
    const orders = await shop.app.inject({ url: '/api/v1/order/allorder', headers: asha.auth })
    expect(orders.json().data).toEqual([])
  })

  it('says so when the cart is empty, and sends a visitor to sign in first', async () => {
    const asha = await registerCustomer(shop.app)
    const empty = await post({ ...delivery(), paymentOption: 'COD' }, { cookie: `accessToken=${asha.token}` })
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('Your cart is empty.')
    const visitor = await post({ ...delivery(), paymentOption: 'COD' })
    expect(visitor.statusCode).toBe(303)
    expect(visitor.headers.location).toBe(`/Login?next=${encodeURIComponent('/CheckOut')}`)
  })

  it('refuses a form from another site and places nothing', async () => {
    const { asha, attempt } = await customerAtCheckout()
    const cross = await post(
      { attempt, ...delivery(), paymentOption: 'COD' },
      { cookie: `accessToken=${asha.token}`, 'sec-fetch-site': 'cross-site' },
    )
    expect(cross.statusCode).toBe(403)
    const orders = await shop.app.inject({ url: '/api/v1/order/allorder', headers: asha.auth })
    expect(orders.json().data).toEqual([])
  })
})
