import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { personalisationText, plainText } from '../../contracts/personalisation.ts'
import { newId } from '../../server/db/ids.ts'
import { invoices } from '../../server/db/schema.ts'
import {
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  type Person,
  payOrder,
  placeOrder,
  seedShop,
  shipping,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * Personalisation (decision 133): staff's texts and paid add-ons, the customer's answer in the cart, the
 * order, the console, the packing slip and the invoice, where each add-on is a line of its own.
 */

let app: TestApp
let owner: Person
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  await seedShop(app)
  owner = await makeAdmin(app, 'Meera')
})
afterAll(() => app?.cleanup())

const admin = (method: 'GET' | 'PUT', url: string, payload?: unknown, who: Person = owner) =>
  app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

type Choice = { id: string; kind: 'text' | 'addon'; label: string }

/** A ₹10,000 saree (HSN 5007 at 5%) with staff's three choices: an add-on following it, one at 18%, a text. */
async function saree(over: { required?: boolean } = {}) {
  const made = await makeProduct(app, {
    title: `Banarasi saree ${newId().slice(-6)}`,
    price: 10_000_00,
    hsnCode: '5007',
    gstRate: 5,
    quantity: 50,
  })
  const res = await admin('PUT', `/products/${made.id}/personalisation`, {
    choices: [
      { kind: 'addon', label: 'Fall & pico', help: 'Ready to drape.', price: 150 },
      { kind: 'addon', label: 'Blouse stitching', price: 650, hsnCode: '9988', gstRate: 18 },
      { kind: 'text', label: 'Message for the card', maxLength: 20, required: over.required ?? false },
    ],
  })
  expect(res.statusCode, res.body).toBe(200)
  const choices = res.json().data.personalisation as Choice[]
  const [fall, blouse, card] = choices.map((c) => c.id) as [string, string, string]
  return { ...made, fall, blouse, card, choices }
}

const addToCart = (who: Person, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/cart/add', headers: who.auth, payload })
const cartOf = async (who: Person) =>
  (await app.inject({ url: '/api/v1/cart/product', headers: who.auth })).json().cart.items as Array<{
    productId: string
    price: number
    quantity: number
    personalisation?: { text?: Record<string, string>; addons?: string[] }
    personalisationLines?: Array<{ label: string; value: string | null; price: number | null }>
  }>

function order(
  who: Person,
  lines: Array<{ productId: string; price: number; quantity: number; personalisation?: unknown }>,
  extra: Record<string, unknown> = {},
) {
  const total = lines.reduce((s, l) => s + l.price * l.quantity, 0)
  return placeOrder(app, who, {
    customerId: who.id,
    products: lines,
    totalAmount: total,
    shippingInfo: shipping,
    paymentInfo: { method: 'Credit Card', status: 'Pending' },
    ...extra,
  })
}

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

describe("staff's choices", () => {
  it('are saved in order, shown to customers without their tax, and keep their ids when saved again', async () => {
    const p = await saree()
    expect(p.choices).toEqual([
      {
        id: expect.any(String),
        kind: 'addon',
        label: 'Fall & pico',
        help: 'Ready to drape.',
        price: 150,
        hsnCode: '',
        gstRate: null,
      },
      {
        id: expect.any(String),
        kind: 'addon',
        label: 'Blouse stitching',
        help: '',
        price: 650,
        hsnCode: '9988',
        gstRate: 18,
      },
      {
        id: expect.any(String),
        kind: 'text',
        label: 'Message for the card',
        help: '',
        maxLength: 20,
        required: false,
      },
    ])
    const shown = (await app.inject({ url: `/api/v1/Product/product?id=${p.id}` })).json().product
    expect(shown.personalisation[1]).toEqual({
      id: p.blouse,
      kind: 'addon',
      label: 'Blouse stitching',
      help: '',
      price: 650,
    })

    // Saved again: the text kept (renamed), the fall kept at a new price, the stitching removed, one new.
    const again = await admin('PUT', `/products/${p.id}/personalisation`, {
      choices: [
        { id: p.card, kind: 'text', label: 'Name to weave', maxLength: 12, required: true },
        { id: p.fall, kind: 'addon', label: 'Fall & pico', price: 175.5 },
        { kind: 'addon', label: 'Gift wrap', price: 99 },
      ],
    })
    expect(again.statusCode, again.body).toBe(200)
    const ids = (again.json().data.personalisation as Choice[]).map((c) => c.id)
    expect(ids.slice(0, 2)).toEqual([p.card, p.fall])
    expect([p.fall, p.blouse, p.card]).not.toContain(ids[2])
    expect(again.json().data.personalisation[1].price).toBe(175.5)
  })

  it('refuse a nameless choice, an unknown rate, a choice of another product, and customers', async () => {
    const p = await saree()
    const other = await saree()
    const nameless = await admin('PUT', `/products/${p.id}/personalisation`, {
      choices: [{ kind: 'addon', label: ' ', price: 150 }],
    })
    expect(nameless.statusCode).toBe(400)
    expect(nameless.json().message).toBe(
      'Invalid body: choices.0.label give each choice a name customers will read, such as “Name to weave”.',
    )
    const rate = await admin('PUT', `/products/${p.id}/personalisation`, {
      choices: [{ kind: 'addon', label: 'Gift wrap', price: 99, gstRate: 12 }],
    })
    expect(rate.statusCode).toBe(400)
    expect(rate.json().message).toBe(
      'Invalid body: choices.0.gstRate the GST rate is one of 0, 3, 5, 18, 40, or empty.',
    )
    const foreign = await admin('PUT', `/products/${p.id}/personalisation`, {
      choices: [{ id: other.fall, kind: 'addon', label: 'Fall & pico', price: 150 }],
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.body).toContain('This choice is not one of the product’s')
    const missing = await admin('PUT', `/products/${newId()}/personalisation`, { choices: [] })
    expect(missing.statusCode).toBe(404)
    const asha = await makeCustomer(app)
    const customer = await admin('PUT', `/products/${p.id}/personalisation`, { choices: [] }, asha)
    expect(customer.statusCode).toBe(403)
    // Nothing refused changed the product.
    const now = (await admin('GET', `/products/${p.id}`)).json().data.personalisation as Choice[]
    expect(now.map((c) => c.id)).toEqual([p.fall, p.blouse, p.card])
  })
})

describe("a customer's personalisation", () => {
  it('travels with the cart line, whose price includes the add-ons; adding again replaces it', async () => {
    const p = await saree()
    const asha = await makeCustomer(app)
    const added = await addToCart(asha, {
      productId: p.id,
      personalisation: { text: { [p.card]: '  For Amma  ' }, addons: [p.blouse, p.fall] },
    })
    expect(added.statusCode, added.body).toBe(200)
    let [line] = await cartOf(asha)
    expect(line).toMatchObject({
      productId: p.id,
      price: 10_800,
      quantity: 1,
      personalisation: { text: { [p.card]: 'For Amma' }, addons: [p.fall, p.blouse] },
      personalisationLines: [
        { label: 'Message for the card', value: 'For Amma', price: null },
        { label: 'Fall & pico', value: null, price: 150 },
        { label: 'Blouse stitching', value: null, price: 650 },
      ],
    })
    // Added again from a card (no personalisation): one more, the choice kept.
    await addToCart(asha, { productId: p.id })
    ;[line] = await cartOf(asha)
    expect(line).toMatchObject({ quantity: 2, price: 10_800 })
    // Added again with another choice: it replaces the line's.
    await addToCart(asha, { productId: p.id, personalisation: { addons: [p.fall] } })
    const lines = await cartOf(asha)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ quantity: 3, price: 10_150, personalisation: { addons: [p.fall] } })
    expect(lines[0]!.personalisationLines).toEqual([
      { id: p.fall, label: 'Fall & pico', value: null, price: 150 },
    ])
  })

  it('is refused with a clear 400 when a required text is missing or too long, or a choice is unknown', async () => {
    const p = await saree({ required: true })
    const asha = await makeCustomer(app)
    const fromCard = await addToCart(asha, { productId: p.id })
    expect(fromCard.statusCode).toBe(400)
    expect(fromCard.json().message).toBe(
      plainText(personalisationText.required, { label: 'Message for the card' }),
    )
    const long = await addToCart(asha, {
      productId: p.id,
      personalisation: { text: { [p.card]: 'x'.repeat(21) } },
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('“Message for the card” can be at most 20 characters.')
    const unknown = await addToCart(asha, {
      productId: p.id,
      personalisation: { text: { [p.card]: 'Asha' }, addons: ['no-such-choice'] },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe(plainText(personalisationText.gone))
    expect(await cartOf(asha)).toEqual([])
    // In Hindi, the customer reads it in Hindi.
    const hindi = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/add',
      headers: { ...asha.auth, cookie: 'lang=hi' },
      payload: { productId: p.id },
    })
    expect(hindi.statusCode).toBe(400)
    expect(hindi.json().message).toBe('कृपया “Message for the card” भरें।')
  })

  it('is ordered with the add-ons in the subtotal, shown to the customer, the console and the packer', async () => {
    const p = await saree({ required: true })
    const asha = await makeCustomer(app)
    const personalisation = { text: { [p.card]: 'For Amma' }, addons: [p.fall] }
    // The piece's price alone is now another price: refused, with the price to pay.
    const stale = await order(asha, [{ productId: p.id, price: 10_000, quantity: 1, personalisation }])
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toContain('is now ₹10,150')
    const missing = await order(asha, [{ productId: p.id, price: 10_000, quantity: 1 }])
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe(`${p.title}: Please fill in “Message for the card”.`)

    const res = await order(asha, [
      { productId: p.id, price: 10_150, quantity: 2, personalisation },
      { productId: p.id, price: 10_000, quantity: 1, personalisation: { text: { [p.card]: 'For Didi' } } },
    ])
    expect(res.statusCode, res.body).toBe(201)
    const placed = res.json().data[0]
    expect(placed).toMatchObject({ subtotal: 30_300, totalAmount: 30_300 })
    expect(placed.products.map((l: { price: number; quantity: number }) => [l.price, l.quantity])).toEqual([
      [10_000, 2],
      [10_000, 1],
    ])
    expect(placed.products[0].personalisation).toEqual([
      { id: p.card, label: 'Message for the card', value: 'For Amma', price: null },
      { id: p.fall, label: 'Fall & pico', value: null, price: 150 },
    ])
    const stock = (await admin('GET', `/products/${p.id}`)).json().data.quantity
    expect(stock).toBe(47)

    const seen = (await admin('GET', `/orders/${placed._id}`)).json().data
    expect(seen.items[1].personalisation).toEqual([
      { id: p.card, label: 'Message for the card', value: 'For Didi', price: null },
    ])
    const slip = await admin('GET', `/orders/${placed._id}/packing-slip`)
    expect(slip.statusCode).toBe(200)
    const text = await pdfText(slip.rawPayload)
    expect(text).toContain('Message for the card: For Amma')
    expect(text).toContain('+ Fall & pico')
    expect(text).toContain('Message for the card: For Didi')
  })

  it('puts each add-on on its own invoice line, at its own rate, with its share of the coupon', async () => {
    const p = await saree()
    const asha = await makeCustomer(app)
    const code = await makeCoupon(app, { discount: 10 })
    const res = await order(
      asha,
      [{ productId: p.id, price: 10_800, quantity: 1, personalisation: { addons: [p.fall, p.blouse] } }],
      { couponCode: code, totalAmount: 9_720 },
    )
    expect(res.statusCode, res.body).toBe(201)
    const placed = res.json().data[0]
    await payOrder(app, asha, placed._id)
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, placed._id))
    expect(invoice!.total).toBe(9_720_00)
    const lines = invoice!.lines as Array<Record<string, unknown>>
    expect(
      lines.map((l) => [l.description, l.code, l.rate, l.gross, l.discount, l.taxable, l.cgst, l.sgst]),
    ).toEqual([
      [p.title, '5007', 5, 10_000_00, 1_000_00, 857_143, 21_428, 21_429],
      [`Fall & pico (for ${p.title})`, '5007', 5, 150_00, 15_00, 12_857, 321, 322],
      [`Blouse stitching (for ${p.title})`, '9988', 18, 650_00, 65_00, 49_576, 4_462, 4_462],
    ])
  })
})
