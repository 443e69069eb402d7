import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { personalisationText, plainText } from '../../contracts/personalisation.ts'
import { newId } from '../../server/db/ids.ts'
import { invoices } from '../../server/db/schema.ts'
import {
  mailsTo,
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
import { multipartFiles, png } from './admin-helpers.ts'

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

const admin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Person = owner) =>
  app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

/** Whether an uploaded picture's file (an address under /uploads/) is in the shop's file store. */
const kept = async (url: string) => (await app.services.files.list(url.slice('/uploads/'.length))).length > 0

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
        { kind: 'text', label: 'Message for the card', value: 'For Amma', price: null },
        { kind: 'addon', label: 'Fall & pico', value: null, price: 150 },
        { kind: 'addon', label: 'Blouse stitching', value: null, price: 650 },
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
      { id: p.fall, kind: 'addon', label: 'Fall & pico', value: null, price: 150 },
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
      { id: p.card, kind: 'text', label: 'Message for the card', value: 'For Amma', price: null },
      { id: p.fall, kind: 'addon', label: 'Fall & pico', value: null, price: 150 },
    ])
    const stock = (await admin('GET', `/products/${p.id}`)).json().data.quantity
    expect(stock).toBe(47)

    const seen = (await admin('GET', `/orders/${placed._id}`)).json().data
    expect(seen.items[1].personalisation).toEqual([
      { id: p.card, kind: 'text', label: 'Message for the card', value: 'For Didi', price: null },
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

/** A ₹1,800 kurta made to measure: a required form of three measurements in cm. */
async function kurta(required = true) {
  const made = await makeProduct(app, { title: `Kurta ${newId().slice(-6)}`, price: 1_800_00, quantity: 20 })
  const res = await admin('PUT', `/products/${made.id}/personalisation`, {
    choices: [
      {
        kind: 'measurements',
        label: 'Your measurements',
        help: 'Measure over a light garment.',
        unit: 'cm',
        fields: [{ label: 'Chest' }, { label: 'Waist' }, { label: 'Length' }],
        required,
      },
    ],
  })
  expect(res.statusCode, res.body).toBe(200)
  const form = res.json().data.personalisation[0] as {
    id: string
    fields: Array<{ id: string; label: string }>
  }
  const [chest, waist, length] = form.fields.map((f) => f.id) as [string, string, string]
  return { ...made, form: form.id, chest, waist, length }
}

describe('measurements', () => {
  it('keep their form and fields when staff save again, and take a help picture', async () => {
    const k = await kurta()
    const again = await admin('PUT', `/products/${k.id}/personalisation`, {
      choices: [
        {
          id: k.form,
          kind: 'measurements',
          label: 'Your measurements',
          unit: 'in',
          fields: [{ id: k.waist, label: 'Waist' }, { label: 'Shoulder' }],
        },
      ],
    })
    expect(again.statusCode, again.body).toBe(200)
    const form = again.json().data.personalisation[0]
    expect(form).toMatchObject({ id: k.form, unit: 'in', required: true, image: null })
    expect(form.fields[0]).toEqual({ id: k.waist, label: 'Waist' })
    expect(form.fields[1].id).not.toBe(k.chest)
    const foreign = await admin('PUT', `/products/${k.id}/personalisation`, {
      choices: [
        { id: k.form, kind: 'measurements', label: 'X', fields: [{ id: 'not-a-field', label: 'Chest' }] },
      ],
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.body).toContain('This measurement is not one of the form’s')
    const kind = await admin('PUT', `/products/${k.id}/personalisation`, {
      choices: [{ id: k.form, kind: 'text', label: 'Name' }],
    })
    expect(kind.statusCode).toBe(400)
    expect(kind.body).toContain('A choice keeps its kind')

    const upload = multipartFiles([
      { field: 'image', filename: 'where.png', content: await png(), type: 'image/png' },
    ])
    const pictured = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${k.id}/personalisation/${k.form}/picture`,
      headers: { ...owner.auth, ...upload.headers },
      payload: upload.payload,
    })
    expect(pictured.statusCode, pictured.body).toBe(200)
    const picture = pictured.json().data.personalisation[0].image as string
    expect(picture).toMatch(new RegExp(`^/uploads/products/${k.id}/help/.+-400\\.webp$`))
    const shown = (await app.inject({ url: `/api/v1/Product/product?id=${k.id}` })).json().product
    expect(shown.personalisation[0].image).toBe(picture.replace('-400.webp', '-800.webp'))
    expect(await kept(shown.personalisation[0].image)).toBe(true)
    const removed = await admin('DELETE', `/products/${k.id}/personalisation/${k.form}/picture`)
    expect(removed.json().data.personalisation[0].image).toBeNull()
    expect(await kept(shown.personalisation[0].image)).toBe(false)
  })

  it('are checked in the cart: all or none of a form, each in range, and shown as given', async () => {
    const k = await kurta()
    const asha = await makeCustomer(app)
    const partial = await addToCart(asha, {
      productId: k.id,
      personalisation: { measurements: { [k.form]: { [k.chest]: 96 } } },
    })
    expect(partial.statusCode).toBe(400)
    expect(partial.json().message).toBe(
      'Please give every measurement of “Your measurements”, or leave them all for later.',
    )
    const wild = await addToCart(asha, {
      productId: k.id,
      personalisation: { measurements: { [k.form]: { [k.chest]: 96, [k.waist]: 850, [k.length]: 110 } } },
    })
    expect(wild.statusCode).toBe(400)
    expect(wild.json().message).toBe('“Waist” should be a number from 1 to 300 cm.')
    const given = await addToCart(asha, {
      productId: k.id,
      personalisation: { measurements: { [k.form]: { [k.chest]: 96, [k.waist]: 81.5, [k.length]: 110 } } },
    })
    expect(given.statusCode, given.body).toBe(200)
    const [line] = await cartOf(asha)
    expect(line!.personalisationLines).toEqual([
      {
        id: k.form,
        kind: 'measurements',
        label: 'Your measurements',
        value: 'Chest 96 cm, Waist 81.5 cm, Length 110 cm',
        price: null,
      },
    ])
    expect(line!.price).toBe(1_800)
  })

  it('asked by an add-on, are asked only when it is chosen', async () => {
    const made = await makeProduct(app, { title: `Saree ${newId().slice(-6)}`, price: 9_000_00 })
    const saved = await admin('PUT', `/products/${made.id}/personalisation`, {
      choices: [
        { kind: 'addon', label: 'Blouse stitching', price: 650 },
        {
          kind: 'measurements',
          label: 'Blouse measurements',
          unit: 'in',
          fields: [{ label: 'Bust' }],
          forAddon: 0,
        },
      ],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const [stitching, form] = saved.json().data.personalisation as Array<{ id: string; forAddon?: string }>
    expect(form!.forAddon).toBe(stitching!.id)
    const wrong = await admin('PUT', `/products/${made.id}/personalisation`, {
      choices: [
        { kind: 'measurements', label: 'Blouse measurements', fields: [{ label: 'Bust' }], forAddon: 0 },
      ],
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('Choose one of the product’s paid add-ons, or none.')

    const asha = await makeCustomer(app)
    await addToCart(asha, { productId: made.id, personalisation: {} })
    expect((await cartOf(asha))[0]!.personalisationLines).toBeUndefined()
    await addToCart(asha, { productId: made.id, personalisation: { addons: [stitching!.id] } })
    expect((await cartOf(asha))[0]!.personalisationLines).toEqual([
      { id: form!.id, kind: 'measurements', label: 'Blouse measurements', value: null, price: null },
      { id: stitching!.id, kind: 'addon', label: 'Blouse stitching', value: null, price: 650 },
    ])
  })

  it('may be given after ordering, by the customer alone, until the order is processed', async () => {
    const k = await kurta()
    const asha = await makeCustomer(app)
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const res = await order(asha, [{ productId: k.id, price: 1_800, quantity: 1 }])
    expect(res.statusCode, res.body).toBe(201)
    const placed = res.json().data[0]
    const line = placed.products[0]
    expect(line.personalisation).toEqual([
      { id: k.form, kind: 'measurements', label: 'Your measurements', value: null, price: null },
    ])
    expect(line.measurements[0].fields.map((f: { value: unknown }) => f.value)).toEqual([null, null, null])
    const slipBefore = await pdfText((await admin('GET', `/orders/${placed._id}/packing-slip`)).rawPayload)
    expect(slipBefore).toContain('Your measurements: awaited from the customer')

    const give = (who: Person, values: Record<string, number>) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/order/${placed._id}/items/${line._id}/measurements`,
        headers: who.auth,
        payload: { formId: k.form, values },
      })
    const values = { [k.chest]: 96, [k.waist]: 82, [k.length]: 110 }
    expect((await give(ravi, values)).statusCode).toBe(404)
    const short = await give(asha, { [k.chest]: 96 })
    expect(short.statusCode).toBe(400)
    const ok = await give(asha, values)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().message).toBe('Thank you: your measurements are saved.')
    expect(ok.json().data.products[0].personalisation[0].value).toBe(
      'Chest 96 cm, Waist 82 cm, Length 110 cm',
    )
    const seen = (await admin('GET', `/orders/${placed._id}`)).json().data
    expect(seen.items[0].personalisation[0].value).toBe('Chest 96 cm, Waist 82 cm, Length 110 cm')

    await payOrder(app, asha, placed._id)
    const moved = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed._id}/status`,
      headers: owner.auth,
      payload: { status: 'Processing' },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const late = await give(asha, values)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(
      'We have started on this order: please write to us to change the measurements.',
    )
  })
})

describe("the finished piece's photo", () => {
  it('is added by staff to a line, shown on the order and e-mailed to the customer', async () => {
    const k = await kurta(false)
    const asha = await makeCustomer(app)
    const placed = (await order(asha, [{ productId: k.id, price: 1_800, quantity: 1 }])).json().data[0]
    await payOrder(app, asha, placed._id)
    const upload = multipartFiles([
      { field: 'image', filename: 'done.png', content: await png(), type: 'image/png' },
    ])
    const send = (url: string, who: Person = owner) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...who.auth, ...upload.headers },
        payload: upload.payload,
      })
    const itemId = placed.products[0]._id
    const res = await send(`/api/v1/admin/orders/${placed._id}/items/${itemId}/photo`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('Photo added: the customer has been e-mailed it.')
    const photo = res.json().data.items[0].finishedPhoto as string
    expect(photo).toMatch(/^\/uploads\/orders\/.+-800\.webp$/)
    expect(await kept(photo)).toBe(true)
    const mine = (
      await app.inject({ url: `/api/v1/order/singleorder/${placed._id}`, headers: asha.auth })
    ).json().data
    expect(mine.products[0].finishedPhoto).toBe(photo)
    const mail = (await mailsTo(app, asha.email)).find((m) => m.kind === 'order.photo')
    expect(mail?.subject).toBe(`Your ${k.title} is ready: a photo from the makers`)
    expect(mail?.html).toContain(photo)

    expect((await send(`/api/v1/admin/orders/${placed._id}/items/${newId()}/photo`)).statusCode).toBe(404)
    expect((await send(`/api/v1/admin/orders/${placed._id}/items/${itemId}/photo`, asha)).statusCode).toBe(
      403,
    )
    // A second photo takes the first one's place, whose files go.
    const again = await send(`/api/v1/admin/orders/${placed._id}/items/${itemId}/photo`)
    expect(again.json().data.items[0].finishedPhoto).not.toBe(photo)
    expect(await kept(photo)).toBe(false)
  })
})
