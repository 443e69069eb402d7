import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { sortOptions } from '../../contracts/catalogue-sort.ts'
import { newId } from '../../server/db/ids.ts'
import { products } from '../../server/db/schema.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let fx: Awaited<ReturnType<typeof insertCatalogue>>

type P = { _id: string; title: string; price: number; categories: string; state: string | null }
const titles = (list: P[]) => list.map((p) => p.title)

beforeAll(async () => {
  app = await createTestApp()
  fx = await insertCatalogue(app.database.db)
  const extra = (
    n: number,
    title: string,
    price: number,
    more: Partial<typeof products.$inferInsert> = {},
  ) => ({
    id: newId(),
    title,
    price: price * 100,
    cutPrice: price * 150,
    discount: 33,
    isApproved: true,
    sku: `EXT-${n}`,
    shortDescription: `Short ${title}`,
    description: `<p>Made by hand. ${title}</p>`,
    position: 10 + n,
    categoryId: fx.handloom.id,
    ...more,
  })
  await app.database.db.insert(products).values([
    extra(1, 'Handloom Cotton Bedsheet', 899, { stateId: fx.up.id }),
    extra(2, 'Assam Muga Silk Stole', 2499, { subcategoryId: fx.sarees.id }),
    extra(3, 'Terracotta Pot with Lotus Motif', 649, {
      categoryId: fx.art.id,
      stateId: fx.bihar.id,
      description: '<p>A clay pot fired in a village kiln.</p>',
    }),
    extra(4, 'Zari Border Dupatta', 1299, { isApproved: false }),
  ])
})
afterAll(async () => {
  await app?.cleanup()
})

const get = async (url: string) => {
  const res = await app.inject(url)
  return { status: res.statusCode, body: res.json() }
}

describe('GET /Product/products', () => {
  it('answers without parameters with the first bounded page of approved products in catalogue order', async () => {
    const { status, body } = await get('/api/v1/Product/products')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.pagination).toEqual({ page: 1, limit: 100, total: 5, pages: 1 })
    expect(titles(body.data)).toEqual([
      'Banarasi Silk Saree',
      'Madhubani Fish Painting',
      'Handloom Cotton Bedsheet',
      'Assam Muga Silk Stole',
      'Terracotta Pot with Lotus Motif',
    ])
    for (const p of body.data) {
      expect(p).toMatchObject({ IsApproved: true, _id: expect.stringMatching(/^[0-9a-f]{24}$/) })
      expect(p).not.toHaveProperty('description')
    }
  })

  it('hides unapproved products and products of inactive categories', async () => {
    const { body } = await get('/api/v1/Product/products')
    const names = titles(body.data)
    expect(names).not.toContain('Unapproved Stole')
    expect(names).not.toContain('Zari Border Dupatta')
    expect(names).not.toContain('Retired Item')
  })

  it('filters by category, subcategory and state, case-insensitively', async () => {
    expect(titles((await get('/api/v1/Product/products?category=handLOOM')).body.data)).toEqual([
      'Banarasi Silk Saree',
      'Handloom Cotton Bedsheet',
      'Assam Muga Silk Stole',
    ])
    expect(
      titles((await get('/api/v1/Product/products?category=Handloom&subcategory=SAREES')).body.data),
    ).toEqual(['Banarasi Silk Saree', 'Assam Muga Silk Stole'])
    expect(titles((await get('/api/v1/Product/products?state=uttar%20pradesh')).body.data)).toEqual([
      'Banarasi Silk Saree',
      'Handloom Cotton Bedsheet',
    ])
    expect(
      titles(
        (await get(`/api/v1/Product/products?category=${encodeURIComponent('art & painting')}`)).body.data,
      ),
    ).toEqual(['Madhubani Fish Painting', 'Terracotta Pot with Lotus Motif'])
  })

  it('answers an unknown category with an empty list', async () => {
    const { status, body } = await get('/api/v1/Product/products?category=Nothing')
    expect(status).toBe(200)
    expect(body.data).toEqual([])
  })

  it('sorts by the six options', async () => {
    const order = async (sort: number) =>
      titles((await get(`/api/v1/Product/products?category=handloom&sort=${sort}`)).body.data)
    const position = ['Banarasi Silk Saree', 'Handloom Cotton Bedsheet', 'Assam Muga Silk Stole']
    expect(sortOptions.map((o) => o.label)).toEqual([
      'Position',
      'Relevance',
      'Name A to Z',
      'Name Z to A',
      'Price low to high',
      'Price high to low',
    ])
    expect(await order(1)).toEqual(position)
    expect(await order(2)).toEqual(position)
    expect(await order(3)).toEqual([
      'Assam Muga Silk Stole',
      'Banarasi Silk Saree',
      'Handloom Cotton Bedsheet',
    ])
    expect(await order(4)).toEqual([
      'Handloom Cotton Bedsheet',
      'Banarasi Silk Saree',
      'Assam Muga Silk Stole',
    ])
    expect(await order(5)).toEqual([
      'Banarasi Silk Saree',
      'Handloom Cotton Bedsheet',
      'Assam Muga Silk Stole',
    ])
    expect(await order(6)).toEqual([
      'Assam Muga Silk Stole',
      'Handloom Cotton Bedsheet',
      'Banarasi Silk Saree',
    ])
    const prices = (await get('/api/v1/Product/products?sort=5')).body.data.map((p: P) => p.price)
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b))
  })

  it('paginates when asked and says how many there are', async () => {
    const first = await get('/api/v1/Product/products?page=1&limit=2')
    expect(first.body.data).toHaveLength(2)
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 })
    const last = await get('/api/v1/Product/products?page=3&limit=2')
    expect(titles(last.body.data)).toEqual(['Terracotta Pot with Lotus Motif'])
    const beyond = await get('/api/v1/Product/products?page=9&limit=2')
    expect(beyond.body.data).toEqual([])
  })

  it('sorted pages join up into the sorted list, read from the database a page at a time', async () => {
    for (const sort of [1, 3, 4, 5, 6]) {
      const whole = titles((await get(`/api/v1/Product/products?sort=${sort}`)).body.data)
      const paged: string[] = []
      for (let page = 1; page <= 3; page++)
        paged.push(
          ...titles((await get(`/api/v1/Product/products?sort=${sort}&page=${page}&limit=2`)).body.data),
        )
      expect(paged, `sort ${sort}`).toEqual(whole)
    }
  })

  it('answers malformed parameters with 400 and a message', async () => {
    for (const q of ['sort=7', 'sort=abc', 'page=0', 'limit=1000', 'limit=101', 'page=x']) {
      const { status, body } = await get(`/api/v1/Product/products?${q}`)
      expect(status, q).toBe(400)
      expect(body).toMatchObject({ success: false, message: expect.any(String) })
    }
  })
})

describe('GET /Product/product', () => {
  it('answers success and the product with its HTML description', async () => {
    const { status, body } = await get(`/api/v1/Product/product?id=${fx.saree.id}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      success: true,
      product: { _id: fx.saree.id, title: 'Banarasi Silk Saree', description: '<p>Description 1</p>' },
    })
  })
  it('answers an unknown, unapproved or malformed id with 404', async () => {
    for (const id of ['0123456789abcdef01234567', fx.unapproved.id, fx.inInactive.id, 'zzz']) {
      const { status, body } = await get(`/api/v1/Product/product?id=${id}`)
      expect(status).toBe(404)
      expect(body).toEqual({ success: false, message: 'Product not found.' })
    }
  })
  it('answers a missing id with 400', async () => {
    expect((await get('/api/v1/Product/product')).status).toBe(400)
  })
})

describe('GET /Product/searchproduct', () => {
  const search = async (q: string) => get(`/api/v1/Product/searchproduct?query=${encodeURIComponent(q)}`)

  it('finds products by title words, best match first', async () => {
    const { status, body } = await search('silk saree')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.data[0].title).toBe('Banarasi Silk Saree')
  })

  it('forgives typos and partial words', async () => {
    expect(titles((await search('handlom')).body.data)).toContain('Handloom Cotton Bedsheet')
    expect(titles((await search('madhubni')).body.data)[0]).toBe('Madhubani Fish Painting')
    expect(titles((await search('pot')).body.data)[0]).toBe('Terracotta Pot with Lotus Motif')
    expect(titles((await search('banarsi')).body.data)[0]).toBe('Banarasi Silk Saree')
  })

  it('finds by category, state and description words', async () => {
    expect(titles((await search('uttar pradesh')).body.data)).toEqual(
      expect.arrayContaining(['Banarasi Silk Saree', 'Handloom Cotton Bedsheet']),
    )
    expect(titles((await search('kiln')).body.data)).toEqual(['Terracotta Pot with Lotus Motif'])
    expect(titles((await search('art & painting')).body.data)).toEqual(
      expect.arrayContaining(['Madhubani Fish Painting', 'Terracotta Pot with Lotus Motif']),
    )
  })

  it('never returns unapproved products', async () => {
    expect(titles((await search('unapproved stole')).body.data)).not.toContain('Unapproved Stole')
    expect(titles((await search('zari dupatta')).body.data)).not.toContain('Zari Border Dupatta')
    expect(titles((await search('retired')).body.data)).not.toContain('Retired Item')
  })

  it('answers no match with an empty list and a message', async () => {
    const { status, body } = await search('xylophone')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      success: true,
      data: [],
      message: expect.stringContaining('No products found'),
    })
  })

  it('answers blank or missing text with 400', async () => {
    expect((await search('   ')).status).toBe(400)
    expect((await get('/api/v1/Product/searchproduct')).status).toBe(400)
    expect((await search('a'.repeat(300))).status).toBe(400)
  })

  it('treats SQL and tsquery syntax as plain words', async () => {
    for (const q of ["' OR 1=1 --", 'silk & | ! :* ()', '\\']) {
      const { status } = await search(q)
      expect(status, q).toBe(200)
    }
  })
})

describe('GET /category/allcategory and /State', () => {
  it('lists active categories with the spec fields', async () => {
    const { body } = await get('/api/v1/category/allcategory')
    expect(body.success).toBe(true)
    expect(body.data[0]).toEqual({
      _id: fx.handloom.id,
      categoriesTitle: 'Handloom',
      status: 'active',
      isCollectionCategory: true,
      isHeaderCategory: true,
      image: null,
      subcategories: [{ _id: fx.sarees.id, subCategoryTitle: 'Sarees' }],
    })
    expect(body.data.map((c: { categoriesTitle: string }) => c.categoriesTitle)).not.toContain('Retired')
  })
  it('lists states in position order', async () => {
    const { body } = await get('/api/v1/State')
    expect(body.data.map((s: { State: string }) => s.State)).toEqual(['Uttar Pradesh', 'Bihar'])
  })
})

describe('OpenAPI', () => {
  it('documents the filters, sort and pagination, and the search endpoint', async () => {
    const doc = (await get('/api/openapi.json')).body
    const list = doc.paths['/api/v1/Product/products'].get
    const names = list.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(
      expect.arrayContaining(['category', 'subcategory', 'state', 'sort', 'page', 'limit']),
    )
    expect(doc.paths['/api/v1/Product/searchproduct'].get.responses['200']).toBeDefined()
  })
})

describe('sitemap files of products', () => {
  it('lists every public product once, in catalogue order, however the files are read in slices', async () => {
    const all = (await app.services.catalogue.sitemapProducts(1, 10_000)).map((p) => p._id)
    // Made in one statement, so they share one creation time (to the microsecond) and one position.
    const same = Array.from({ length: 9 }, (_, i) => ({
      id: newId(),
      title: `Sitemap piece ${i}`,
      price: 10_000,
      cutPrice: 12_000,
      isApproved: true,
      sku: `SITE-${i}`,
      position: 500,
    }))
    await app.database.db.insert(products).values(same)
    const mine = same.map((p) => p.id)
    app.services.cache.invalidate()
    // The other tests read the file's catalogue as it was made: these pieces leave with the test.
    onTestFinished(async () => {
      await app.database.db.delete(products).where(inArray(products.id, mine))
      app.services.cache.invalidate()
    })
    const whole = (await app.services.catalogue.sitemapProducts(1, 10_000)).map((p) => p._id)
    expect(whole).toHaveLength(all.length + 9)
    const perFile = 7
    const read: string[] = []
    for (let file = 1; file <= Math.ceil(whole.length / perFile); file++) {
      const list = await app.services.catalogue.sitemapProducts(file, perFile, 3)
      expect(list.length).toBeLessThanOrEqual(perFile)
      read.push(...list.map((p) => p._id))
    }
    expect(read).toEqual(whole)
    expect(
      await app.services.catalogue.sitemapProducts(Math.ceil(whole.length / perFile) + 1, perFile, 3),
    ).toEqual([])
  })
})
