import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { shopDefaultRule } from '../../contracts/return-rules.ts'
import {
  makeAdmin,
  makeCategory,
  makeCustomer,
  makeProduct,
  makeProductWithVariants,
  makeStaff,
  makeTemple,
  type Person,
} from '../support/factories.ts'
import { createRenderingTestApp, type TestApp } from '../support/test-app.ts'

// Return rules (decision 137): the shop's, a category's and a product's exception, judged the same for the
// product page, the return policy page and the console. Pages come from the production build, cache on.

let app: TestApp
beforeAll(async () => {
  app = await createRenderingTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

const send = (who: Person, method: 'GET' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who.auth, ...(payload ? { payload } : {}) })

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
  expect(res.statusCode, url).toBe(200)
  return res.body
}
/** The product page's return promise, tags dropped. */
const promiseOn = async (productId: string) => {
  const html = await page(`/Productdetails/${productId}`)
  const block = /data-testid="return-promise"[^>]*>([\s\S]*?)<\/div>/.exec(html)
  expect(block, 'the product page shows a return promise').not.toBeNull()
  return block![1]!
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** Puts the shop's rule and every category's back to the default when the test ends, passed or failed. */
function restoreRules(owner: Person) {
  onTestFinished(async () => {
    const now = (await send(owner, 'GET', '/settings/returns')).json().data
    const back = await send(owner, 'PUT', '/settings/returns', {
      shop: shopDefaultRule,
      categories: now.categories.map((c: { categoryId: string }) => ({
        categoryId: c.categoryId,
        rule: null,
      })),
    })
    expect(back.statusCode, back.body).toBe(200)
  })
}

const measured = [
  {
    id: 'blouse',
    kind: 'measurements' as const,
    label: 'Your measurements',
    help: '',
    unit: 'cm' as const,
    fields: [{ id: 'bust', label: 'Bust' }],
    required: true,
    image: null,
    forAddon: null,
  },
]

describe('return rules', () => {
  it("sells a plain piece under the shop's rule and made-to-measure or prasad pieces as not returnable", async () => {
    const plain = await makeProduct(app)
    const temple = await makeTemple(app)
    const prasad = await makeProduct(app, { templeId: temple.id })
    const tailored = await makeProduct(app, { personalisation: measured })

    expect(await promiseOn(plain.id)).toBe('Returnable within 7 days We pay for the return Return policy')
    // An exchange is offered only where there is another size or colour to change to.
    const kurta = await makeProductWithVariants(app, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { values: ['S'], price: 1500_00, quantity: 3 },
        { values: ['M'], price: 1500_00, quantity: 3 },
      ],
    })
    expect(await promiseOn(kurta.id)).toBe(
      'Returnable within 7 days Exchange for another size or colour · We pay for the return Return policy',
    )
    expect(await promiseOn(prasad.id)).toBe(
      'Not returnable · Prasad Damaged, wrong or not as described? We take it back within 7 days of delivery. Return policy',
    )
    expect(await promiseOn(tailored.id)).toContain('Not returnable · Made to your measurements')
    expect(await page(`/Productdetails/${plain.id}?lang=hi`)).toContain('7 दिनों के भीतर लौटाई जा सकती है')
  })

  it("gives a category its own rule from Settings: its products' pages and the policy page say so at once", async () => {
    const owner = await makeAdmin(app, 'Meera')
    restoreRules(owner)
    const category = await makeCategory(app, { title: `Handloom ${Date.now()}` })
    const piece = await makeProduct(app, { categoryId: category.id })
    // Read once, so the page is kept in the page cache before the rule changes.
    expect(await promiseOn(piece.id)).toContain('Returnable within 7 days')

    const before = (await send(owner, 'GET', '/settings/returns')).json().data
    expect(before.shop).toEqual(shopDefaultRule)
    expect(before.categories).toContainEqual({ categoryId: category.id, title: category.title, rule: null })

    const handloom = {
      returnable: true,
      windowDays: 10,
      exchange: false,
      returnShipping: 'customer',
      restockingFeePercent: 10,
    }
    const saved = await send(owner, 'PUT', '/settings/returns', {
      shop: { ...shopDefaultRule, windowDays: 5 },
      categories: [{ categoryId: category.id, rule: handloom }],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.categories).toContainEqual({
      categoryId: category.id,
      title: category.title,
      rule: handloom,
    })

    expect(await promiseOn(piece.id)).toBe(
      'Returnable within 10 days You send it back at your cost · 10% restocking fee if you change your mind Return policy',
    )
    expect(await promiseOn((await makeProduct(app)).id)).toContain('Returnable within 5 days')
    const policy = (await page('/ReturnPolicy')).replace(/<!--.*?-->/g, '')
    expect(policy).toContain(
      'Most pieces:</span> Returnable within 5 days · Exchange for another size or colour · We pay for the return',
    )
    expect(policy).toContain(
      `${category.title}:</span> Returnable within 10 days · You send it back at your cost · 10% restocking fee if you change your mind`,
    )

    const audit = await send(owner, 'GET', '/audit?entity=settings&pageSize=20')
    const sentences = (audit.json().data.items as Array<{ sentence: string }>).map((e) => e.sentence)
    expect(sentences.find((s) => s.includes('return settings'))).toMatch(/^Meera changed the return settings/)
  })

  it('refuses a rule out of bounds, an unknown category, and anyone but settings staff', async () => {
    const owner = await makeAdmin(app)
    restoreRules(owner)
    const category = await makeCategory(app)
    const rule = { ...shopDefaultRule, windowDays: 0 }
    const zero = await send(owner, 'PUT', '/settings/returns', {
      shop: shopDefaultRule,
      categories: [{ categoryId: category.id, rule }],
    })
    expect(zero.statusCode).toBe(400)
    expect(zero.json()).toMatchObject({ success: false })
    expect(zero.json().errors['categories.0.rule.windowDays']).toBe(
      'The return window must be at least 1 day',
    )

    const fee = await send(owner, 'PUT', '/settings/returns', {
      shop: { ...shopDefaultRule, restockingFeePercent: 80 },
      categories: [],
    })
    expect(fee.statusCode).toBe(400)
    expect(fee.json().errors['shop.restockingFeePercent']).toBe('The restocking fee must be at most 50%')

    const unknown = await send(owner, 'PUT', '/settings/returns', {
      shop: shopDefaultRule,
      categories: [{ categoryId: 'no-such-category', rule: null }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      message: 'That category does not exist any more. Reload the page.',
      errors: { 'categories.0.categoryId': 'not a category of the shop' },
    })

    const catalogueStaff = await makeStaff(app, 'catalogue')
    expect(
      (await send(catalogueStaff, 'PUT', '/settings/returns', { shop: shopDefaultRule, categories: [] }))
        .statusCode,
    ).toBe(403)
    const customer = await makeCustomer(app)
    expect((await send(customer, 'GET', '/settings/returns')).statusCode).toBe(403)
    // Nothing was saved by the refusals.
    expect((await send(owner, 'GET', '/settings/returns')).json().data.shop).toEqual(shopDefaultRule)
  })

  it("lets catalogue staff give one product its own rule and put it back under its category's", async () => {
    const staff = await makeStaff(app, 'catalogue', 'Ravi')
    const temple = await makeTemple(app)
    const prasad = await makeProduct(app, { templeId: temple.id })

    const first = (await send(staff, 'GET', `/products/${prasad.id}/returns`)).json().data
    expect(first).toEqual({
      rule: null,
      effective: { ...shopDefaultRule, returnable: false, exchange: false, source: 'kind', kind: 'prasad' },
    })

    const own = {
      returnable: true,
      windowDays: 3,
      exchange: false,
      returnShipping: 'shop',
      restockingFeePercent: 0,
    }
    const saved = await send(staff, 'PUT', `/products/${prasad.id}/returns`, { rule: own })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toEqual({ rule: own, effective: { ...own, source: 'product', kind: 'prasad' } })
    expect(await promiseOn(prasad.id)).toContain('Returnable within 3 days')

    const back = await send(staff, 'PUT', `/products/${prasad.id}/returns`, { rule: null })
    expect(back.json().data.effective).toMatchObject({ returnable: false, source: 'kind' })
    expect(await promiseOn(prasad.id)).toContain('Not returnable')

    const audit = await send(await makeAdmin(app), 'GET', '/audit?entity=product&pageSize=50')
    const sentences = (audit.json().data.items as Array<{ entityId: string; sentence: string }>)
      .filter((e) => e.entityId === prasad.id)
      .map((e) => e.sentence)
    expect(sentences).toEqual([
      `Ravi put ${prasad.title} back under its category's return rule`,
      `Ravi gave ${prasad.title} its own return rule`,
    ])

    expect((await send(staff, 'GET', '/products/no-such-product/returns')).statusCode).toBe(404)
    const orders = await makeStaff(app, 'orders')
    expect((await send(orders, 'PUT', `/products/${prasad.id}/returns`, { rule: null })).statusCode).toBe(403)
  })
})
