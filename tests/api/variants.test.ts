import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoices } from '../../server/db/schema.ts'
import {
  makeAdmin,
  makeCustomer,
  makeProduct,
  makeProductWithVariants,
  orderPayload,
  payOrder,
  placeOrder,
  type Shopper,
  seedShop,
  stockOf,
  variantStockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let staff: Shopper

beforeAll(async () => {
  app = await createTestApp()
  await seedShop(app)
  staff = await makeAdmin(app)
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/invoices',
    headers: staff.auth,
    payload: {
      legalName: 'Kalaa Seva Foundation',
      legalAddress: '5 Ashok Marg, Lucknow 226001',
      legalState: 'Uttar Pradesh',
      gstin: '09AAATK1234F1Z5',
      invoicePrefix: 'KS',
    },
  })
  expect(saved.statusCode, saved.body).toBe(200)
})
afterAll(async () => {
  await app?.cleanup()
})

/** A kurta in two sizes and two colours, three combinations sold: M/Indigo, L/Indigo (one left), M/Rust sold out. */
const kurta = (over: Parameters<typeof makeProductWithVariants>[2] = {}) =>
  makeProductWithVariants(
    app,
    {
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Indigo', 'Rust'] },
      ],
      variants: [
        { values: ['M', 'Indigo'], price: 2_400_00, quantity: 5 },
        { values: ['L', 'Indigo'], price: 2_800_00, quantity: 1, image: 1 },
        { values: ['M', 'Rust'], price: 2_400_00, quantity: 0 },
      ],
    },
    { hsnCode: '6105', gstRate: 5, ...over },
  )

const add = (who: Shopper, productId: string, variantId?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/cart/add',
    headers: who.auth,
    payload: variantId ? { productId, variantId } : { productId },
  })
const cartOf = async (who: Shopper) =>
  (await app.inject({ url: '/api/v1/cart/product', headers: who.auth })).json().cart as {
    items: Array<{
      productId: string
      variantId?: string
      variantTitle?: string
      price: number
      quantity: number
    }>
    total: number
  }

/** The spec's order payload with each line's variant. */
const variantPayload = (
  who: Shopper,
  productId: string,
  lines: Array<{ variant: { id: string; price: number }; quantity: number }>,
  extra: Record<string, unknown> = {},
) => {
  const base = orderPayload(
    who.id,
    lines.map((l) => ({ product: { id: productId, price: l.variant.price }, quantity: l.quantity })),
    extra,
  )
  return {
    ...base,
    products: base.products.map((p, i) => ({ ...p, variantId: lines[i]!.variant.id })),
  }
}

describe('a product with options answers them with its variants', () => {
  it("its price is its default variant's, its stock their sum, each variant with its own pictures first", async () => {
    const k = await kurta()
    const res = await app.inject({ url: `/api/v1/Product/product?id=${k.id}` })
    expect(res.statusCode, res.body).toBe(200)
    const product = res.json().product
    expect(product.options).toEqual([
      { name: 'Size', values: ['M', 'L'] },
      { name: 'Colour', values: ['Indigo', 'Rust'] },
    ])
    expect(product).toMatchObject({ price: 2400, cutPrice: 3000, discount: 20, quantity: 6 })
    expect(product.variants.map((v: { title: string }) => v.title)).toEqual([
      'M / Indigo',
      'L / Indigo',
      'M / Rust',
    ])
    const large = product.variants[1]
    expect(large).toMatchObject({
      _id: k.variants[1]!.id,
      options: ['L', 'Indigo'],
      price: 2800,
      quantity: 1,
    })
    expect(large.image).toBe(`/uploads/products/${k.id}/2-800.webp`)
    expect(large.thumbnail).toEqual([
      `/uploads/products/${k.id}/2-800.webp`,
      `/uploads/products/${k.id}/1-800.webp`,
    ])
    expect(product.variants[0].image).toBe(`/uploads/products/${k.id}/1-800.webp`)
  })

  it('a product without options answers empty lists and behaves as before', async () => {
    const plain = await makeProduct(app)
    const res = await app.inject({ url: `/api/v1/Product/product?id=${plain.id}` })
    expect(res.json().product).toMatchObject({ options: [], variants: [] })
  })
})

describe('cart and wishlist take the variant', () => {
  it('a product with several variants needs one chosen, named by its options', async () => {
    const k = await kurta()
    const asha = await makeCustomer(app, 'Asha Verma')
    const none = await add(asha, k.id)
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe('Please choose a size and colour.')
    const unknown = await add(asha, k.id, '0123456789abcdef01234567')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('That choice of this product is not sold.')
    const plain = await makeProduct(app)
    const stray = await add(asha, plain.id, k.variants[0]!.id)
    expect(stray.statusCode).toBe(400)
    const wish = await app.inject({
      method: 'POST',
      url: '/api/v1/wishlist/add',
      headers: asha.auth,
      payload: { productId: k.id },
    })
    expect(wish.statusCode).toBe(400)
    expect(wish.json().message).toBe('Please choose a size and colour.')
    expect((await cartOf(asha)).items).toEqual([])
  })

  it('the same variant twice is one line; another is its own line at its own price; sold out is refused', async () => {
    const k = await kurta()
    const [m, l, rust] = k.variants as [
      (typeof k.variants)[0],
      (typeof k.variants)[0],
      (typeof k.variants)[0],
    ]
    const asha = await makeCustomer(app, 'Asha Verma')
    expect((await add(asha, k.id, m.id)).json().quantity).toBe(1)
    expect((await add(asha, k.id, m.id)).json().quantity).toBe(2)
    expect((await add(asha, k.id, l.id)).json().quantity).toBe(1)
    // One L is all there is.
    const more = await add(asha, k.id, l.id)
    expect(more.statusCode).toBe(409)
    expect(more.json().message).toBe(`Only 1 of ${k.title} (L / Indigo) is left.`)
    const sold = await add(asha, k.id, rust.id)
    expect(sold.statusCode).toBe(409)
    expect(sold.json().message).toBe(`${k.title} (M / Rust) is out of stock.`)
    const cart = await cartOf(asha)
    expect(cart.items.map((i) => [i.variantTitle, i.price, i.quantity])).toEqual([
      ['M / Indigo', 2400, 2],
      ['L / Indigo', 2800, 1],
    ])
    expect(cart.total).toBe(7600)
    // Quantity and removal name the line by its variant.
    const q = await app.inject({
      method: 'PATCH',
      url: '/api/v1/cart/quantity',
      headers: asha.auth,
      payload: { productId: k.id, variantId: m.id, quantity: 3 },
    })
    expect(q.statusCode, q.body).toBe(200)
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/v1/cart/removeproduct',
      headers: asha.auth,
      payload: { productId: k.id, variantId: l.id },
    })
    expect(gone.statusCode).toBe(200)
    expect((await cartOf(asha)).items.map((i) => [i.variantId, i.quantity])).toEqual([[m.id, 3]])
  })

  it('the wishlist keeps one entry per variant with its price and stock', async () => {
    const k = await kurta()
    const asha = await makeCustomer(app, 'Asha Verma')
    for (const v of [k.variants[1]!, k.variants[2]!, k.variants[1]!]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/wishlist/add',
        headers: asha.auth,
        payload: { productId: k.id, variantId: v.id },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const list = (await app.inject({ url: '/api/v1/wishlist', headers: asha.auth })).json().wishlist.items
    expect(
      list.map((i: { variantTitle: string; price: number; quantity: number }) => [
        i.variantTitle,
        i.price,
        i.quantity,
      ]),
    ).toEqual([
      ['M / Rust', 2400, 0],
      ['L / Indigo', 2800, 1],
    ])
  })
})

describe('orders sell and give back stock per variant', () => {
  it('an order takes from its variants and its product total; a cancel gives them back', async () => {
    const k = await kurta()
    const [m, l] = k.variants as [(typeof k.variants)[0], (typeof k.variants)[0]]
    const asha = await makeCustomer(app, 'Asha Verma')
    const res = await placeOrder(
      app,
      asha,
      variantPayload(asha, k.id, [
        { variant: m, quantity: 2 },
        { variant: l, quantity: 1 },
      ]),
    )
    expect(res.statusCode, res.body).toBe(201)
    const order = res.json().data[0]
    expect(
      order.products.map(
        (p: { variantId: string; variantTitle: string; price: number; quantity: number }) => [
          p.variantId,
          p.variantTitle,
          p.price,
          p.quantity,
        ],
      ),
    ).toEqual([
      [m.id, 'M / Indigo', 2400, 2],
      [l.id, 'L / Indigo', 2800, 1],
    ])
    expect(order.totalAmount).toBe(7600)
    expect([
      await variantStockOf(app, m.id),
      await variantStockOf(app, l.id),
      await stockOf(app, k.id),
    ]).toEqual([3, 0, 3])
    // The last L is held: nobody else can order it now.
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const late = await placeOrder(app, ravi, variantPayload(ravi, k.id, [{ variant: l, quantity: 1 }]))
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(`${k.title} (L / Indigo) is out of stock.`)
    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: order.orderID, status: 'Cancelled' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect([
      await variantStockOf(app, m.id),
      await variantStockOf(app, l.id),
      await stockOf(app, k.id),
    ]).toEqual([5, 1, 6])
  })

  it('an order line without a variant for a product with several is refused, naming the options', async () => {
    const k = await kurta()
    const asha = await makeCustomer(app, 'Asha Verma')
    const payload = orderPayload(asha.id, [{ product: { id: k.id, price: 2_400_00 }, quantity: 1 }])
    const res = await placeOrder(app, asha, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(`${k.title}: Please choose a size and colour.`)
  })

  it('a variant priced apart from the cart is refused with its price', async () => {
    const k = await kurta()
    const asha = await makeCustomer(app, 'Asha Verma')
    const res = await placeOrder(
      app,
      asha,
      variantPayload(asha, k.id, [{ variant: { id: k.variants[1]!.id, price: 2_400_00 }, quantity: 1 }]),
    )
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain(`The price of ${k.title} (L / Indigo) is now ₹2,800`)
  })

  it('twenty buyers racing for the last piece of one size: one gets it, nineteen are told, nothing oversold', async () => {
    const k = await makeProductWithVariants(app, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { values: ['S'], price: 1_500_00, quantity: 1 },
        { values: ['M'], price: 1_500_00, quantity: 9 },
      ],
    })
    const small = k.variants[0]!
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => makeCustomer(app, `Buyer ${i}`)))
    const answers = await Promise.all(
      buyers.map((b) => placeOrder(app, b, variantPayload(b, k.id, [{ variant: small, quantity: 1 }]))),
    )
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes).toEqual([201, ...Array(19).fill(409)])
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().message).toBe(`${k.title} (S) is out of stock.`)
    }
    expect([await variantStockOf(app, small.id), await variantStockOf(app, k.variants[1]!.id)]).toEqual([
      0, 9,
    ])
    expect(await stockOf(app, k.id)).toBe(9)
  })
})

describe('invoices and credit notes name the variant and tax each piece at its own price', () => {
  it('a ₹2,400 and a ₹2,800 kurta of one product: 5% and 18% on one invoice, the credit note the same', async () => {
    const k = await kurta()
    const [m, l] = k.variants as [(typeof k.variants)[0], (typeof k.variants)[0]]
    const asha = await makeCustomer(app, 'Asha Verma')
    const placed = await placeOrder(
      app,
      asha,
      variantPayload(asha, k.id, [
        { variant: m, quantity: 1 },
        { variant: l, quantity: 1 },
      ]),
    )
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json().data[0]
    await payOrder(app, asha, order._id)
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))
    const lines = invoice!.lines as Array<{ description: string; rate: number; quantity: number }>
    expect(lines.map((x) => [x.description, x.rate])).toEqual([
      [`${k.title} (M / Indigo)`, 5],
      [`${k.title} (L / Indigo)`, 18],
    ])
    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: order.orderID, status: 'Cancelled' },
    })
    expect(cancel.json().data).toMatchObject({ refundStatus: 'Refunded' })
    const docs = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))
    const note = docs.find((d) => d.kind === 'credit-note')!
    expect((note.lines as typeof lines).map((x) => [x.description, x.rate])).toEqual([
      [`${k.title} (M / Indigo)`, 5],
      [`${k.title} (L / Indigo)`, 18],
    ])
    expect(note.total).toBe(invoice!.total)
    expect([await variantStockOf(app, m.id), await variantStockOf(app, l.id)]).toEqual([5, 1])
  })
})
