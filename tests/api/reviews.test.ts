import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewModerationText } from '../../contracts/admin-reviews.ts'
import { reviewText } from '../../contracts/review-text.ts'
import { notYourArea } from '../../server/plugins/auth.ts'
import {
  insertOrder,
  makeAdmin,
  makeCustomer,
  makeProduct,
  makeStaff,
  type Person,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { multipartFiles, png } from './admin-helpers.ts'

let app: TestApp
let staff: Person

beforeAll(async () => {
  app = await createTestApp()
  staff = await makeAdmin(app, 'Meera Iyer')
})
afterAll(() => app?.cleanup())

/** A customer to whom an order with the product was delivered. */
async function buyer(productId: string, name = 'Asha Verma') {
  const who = await makeCustomer(app, name)
  await insertOrder(app, who.id, [{ id: productId, price: 1200_00 }], { status: 'Delivered' })
  return who
}

const write = (who: Person, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/reviews', headers: who.auth, payload: body })

const moderate = (path: string, payload?: Record<string, unknown>, who: Person = staff) =>
  app.inject({
    method: path.endsWith('/reply') ? 'PUT' : 'POST',
    url: `/api/v1/admin/reviews/${path}`,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload }),
  } as const)

const productPage = async (id: string, sort = 'newest') => {
  const res = await app.inject({ url: `/api/v1/reviews/product/${id}?sort=${sort}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

const catalogueRating = async (id: string) =>
  (await app.inject({ url: `/api/v1/Product/product?id=${id}` })).json()

describe('who may review', () => {
  it('refuses a customer without a delivered order of the product, with a message', async () => {
    const product = await makeProduct(app)
    const never = await makeCustomer(app)
    const res = await write(never, { productId: product.id, rating: 5, text: 'Lovely work, well made.' })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(reviewText.notDelivered)

    // An order on its way is not enough either.
    const waiting = await makeCustomer(app)
    await insertOrder(app, waiting.id, [{ id: product.id, price: 1200_00 }], { status: 'Shipped' })
    const shipped = await write(waiting, {
      productId: product.id,
      rating: 5,
      text: 'Lovely work, well made.',
    })
    expect(shipped.statusCode).toBe(403)
    const standing = await app.inject({ url: `/api/v1/reviews/mine/${product.id}`, headers: waiting.auth })
    expect(standing.json().data).toMatchObject({ mayReview: false, review: null })
  })

  it('takes one review per customer and product, pending until staff read it; a second is refused', async () => {
    const product = await makeProduct(app)
    const asha = await buyer(product.id)
    const before = await app.inject({ url: `/api/v1/reviews/mine/${product.id}`, headers: asha.auth })
    expect(before.json().data.mayReview).toBe(true)

    const first = await write(asha, {
      productId: product.id,
      rating: 4,
      text: 'Fine stitching, colours true.',
    })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().message).toBe(reviewText.created)
    expect(first.json().data).toMatchObject({ status: 'pending', rating: 4 })

    const again = await write(asha, { productId: product.id, rating: 5, text: 'Writing a second one here.' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(reviewText.alreadyReviewed)
    expect((await productPage(product.id)).reviews).toEqual([])

    const bad = await write(asha, { productId: product.id, rating: 9, text: 'x' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('moderation and the rating', () => {
  it('counts only published reviews: the aggregate is right after publish and hide, and hidden ones are not served', async () => {
    const product = await makeProduct(app)
    const reviewers = [await buyer(product.id, 'Asha Verma'), await buyer(product.id, 'Ravi Kumar')]
    const ids: string[] = []
    for (const [who, rating] of [
      [reviewers[0], 5],
      [reviewers[1], 2],
    ] as const) {
      const res = await write(who, { productId: product.id, rating, text: `Rated ${rating} after a month.` })
      ids.push(res.json().data._id)
    }
    expect((await productPage(product.id)).rating).toBeNull()
    expect((await catalogueRating(product.id)).data?.rating ?? null).toBeNull()

    const published = await moderate(`${ids[0]}/publish`)
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json().message).toBe(reviewModerationText.published)
    await moderate(`${ids[1]}/publish`)
    let page = await productPage(product.id)
    expect(page.rating).toEqual({ average: 3.5, count: 2 })
    // The negative review is published like the positive one, newest first.
    expect(page.reviews.map((r: { rating: number }) => r.rating)).toEqual([2, 5])
    expect(page.reviews[1]).toMatchObject({ reviewer: 'Asha V.', verifiedBuyer: true })
    expect(JSON.stringify(page)).not.toContain('Verma')

    const noReason = await moderate(`${ids[1]}/hide`, {})
    expect(noReason.statusCode).toBe(400)
    const hidden = await moderate(`${ids[1]}/hide`, { reason: 'It names a phone number' })
    expect(hidden.statusCode, hidden.body).toBe(200)
    page = await productPage(product.id)
    expect(page.rating).toEqual({ average: 5, count: 1 })
    expect(page.reviews.map((r: { _id: string }) => r._id)).toEqual([ids[0]])

    const mine = await app.inject({ url: `/api/v1/reviews/mine/${product.id}`, headers: reviewers[1].auth })
    expect(mine.json().data.review).toMatchObject({ status: 'hidden', hideReason: 'It names a phone number' })

    // Editing a published review sends it back to staff and out of the rating.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/v1/reviews/${ids[0]}`,
      headers: reviewers[0].auth,
      payload: { rating: 3, text: 'Colours faded after a wash.' },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(edit.json().data.status).toBe('pending')
    expect((await productPage(product.id)).rating).toBeNull()

    // Another customer cannot edit it.
    const other = await app.inject({
      method: 'PUT',
      url: `/api/v1/reviews/${ids[0]}`,
      headers: reviewers[1].auth,
      payload: { rating: 1, text: 'Trying to change this one.' },
    })
    expect(other.statusCode).toBe(404)

    const reply = await moderate(`${ids[0]}/reply`, { reply: 'Thank you; a cold wash keeps the colours.' })
    expect(reply.statusCode, reply.body).toBe(200)
    await moderate(`${ids[0]}/publish`)
    page = await productPage(product.id)
    expect(page.rating).toEqual({ average: 3, count: 1 })
    expect(page.reviews[0].reply).toBe('Thank you; a cold wash keeps the colours.')

    const audit = await app.inject({ url: '/api/v1/admin/audit?entity=review', headers: staff.auth })
    expect(audit.statusCode, audit.body).toBe(200)
    const sentences = audit.json().data.items.map((i: { sentence: string }) => i.sentence)
    expect(sentences).toContain(
      `Meera Iyer hid the review of ${product.title} by Ravi Kumar because: It names a phone number`,
    )
  })

  it('serves the sort by most helpful, and takes a helpful mark once, never for one’s own review', async () => {
    const product = await makeProduct(app)
    const asha = await buyer(product.id, 'Asha Verma')
    const ravi = await buyer(product.id, 'Ravi Kumar')
    const a = (
      await write(asha, { productId: product.id, rating: 4, text: 'Good weight, good finish.' })
    ).json().data._id
    const r = (
      await write(ravi, { productId: product.id, rating: 5, text: 'Exactly as in the pictures.' })
    ).json().data._id
    const helpful = (id: string, who: Person) =>
      app.inject({ method: 'POST', url: `/api/v1/reviews/${id}/helpful`, headers: who.auth })

    // Not published yet: nothing to mark.
    expect((await helpful(a, ravi)).statusCode).toBe(404)
    await moderate(`${a}/publish`)
    await moderate(`${r}/publish`)

    const once = await helpful(a, ravi)
    expect(once.statusCode, once.body).toBe(200)
    expect(once.json().data.helpful).toBe(1)
    const twice = await helpful(a, ravi)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(reviewText.alreadyHelpful)
    const own = await helpful(r, ravi)
    expect(own.statusCode).toBe(403)
    expect(own.json().message).toBe(reviewText.ownHelpful)

    expect((await productPage(product.id, 'newest')).reviews[0]._id).toBe(r)
    expect((await productPage(product.id, 'helpful')).reviews[0]._id).toBe(a)
    const standing = await app.inject({ url: `/api/v1/reviews/mine/${product.id}`, headers: ravi.auth })
    expect(standing.json().data.helpfulIds).toEqual([a])
  })

  it('takes up to three photos on a review, through the shop’s picture store', async () => {
    const product = await makeProduct(app)
    const asha = await buyer(product.id)
    const id = (
      await write(asha, { productId: product.id, rating: 5, text: 'See how it looks at home.' })
    ).json().data._id
    const photo = { field: 'photo', filename: 'home.png', content: await png(), type: 'image/png' }
    const add = (files: (typeof photo)[]) => {
      const body = multipartFiles(files)
      return app.inject({
        method: 'POST',
        url: `/api/v1/reviews/${id}/photos`,
        headers: { ...asha.auth, ...body.headers },
        payload: body.payload,
      })
    }
    const two = await add([photo, photo])
    expect(two.statusCode, two.body).toBe(200)
    expect(two.json().data.photos).toHaveLength(2)
    expect(two.json().data.photos[0]).toMatch(/^\/uploads\/reviews\/.+-800\.webp$/)
    const tooMany = await add([photo, photo])
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toBe(reviewText.tooManyPhotos)
    const notPicture = await add([{ ...photo, content: Buffer.from('not a picture'), filename: 'x.png' }])
    expect(notPicture.statusCode).toBe(400)
    const key = two.json().data.photos[0].replace('/uploads/', '')
    expect(await app.services.files.get(key)).not.toBeNull()
  })

  it('refuses moderation to Orders staff and to customers', async () => {
    const product = await makeProduct(app)
    const asha = await buyer(product.id)
    const id = (await write(asha, { productId: product.id, rating: 3, text: 'Good but took long.' })).json()
      .data._id
    const orders = await makeStaff(app, 'orders', 'Orders Person')
    for (const res of [
      await moderate(`${id}/publish`, undefined, orders),
      await app.inject({ url: '/api/v1/admin/reviews', headers: orders.auth }),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe(notYourArea)
    }
    expect((await moderate(`${id}/publish`, undefined, asha)).statusCode).toBe(403)
    const catalogue = await makeStaff(app, 'catalogue', 'Catalogue Person')
    const list = await app.inject({ url: '/api/v1/admin/reviews?status=pending', headers: catalogue.auth })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().data.items[0]).toMatchObject({ status: 'pending' })
    expect(list.json().data.waiting).toBeGreaterThan(0)
  })
})
