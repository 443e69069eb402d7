import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { previewText } from '../../app/lib/catalogue-messages.ts'
import { saleBannerText } from '../../contracts/sale-banner.ts'
import { migrationsFolder } from '../../server/db/client.ts'
import { banners, categories, states } from '../../server/db/schema.ts'
import { makeAdmin, makeCustomer, makeProduct, makeStaff, type Person } from '../support/factories.ts'
import { createRenderingTestApp, type TestApp } from '../support/test-app.ts'

// What staff change shows in the shop (decision 095): the banner's words, a preview of a hidden
// product, each state's own picture. Pages are rendered by the production build, page cache on.
let app: TestApp
let owner: Person

beforeAll(async () => {
  app = await createRenderingTestApp()
}, 180_000)
beforeEach(async () => {
  owner = await makeAdmin(app, 'Meera Iyer')
})
afterAll(() => app?.cleanup())

const page = (url: string, who?: Person) =>
  app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(who ? { cookie: `accessToken=${who.token}` } : {}) },
  })
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = owner) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who.auth, ...(payload ? { payload } : {}) })
/** The text of the home page's sale banner section, tags dropped. */
const saleBanner = (html: string) => {
  const m = /<section[^>]*data-testid="sale-banner"[^>]*>([\s\S]*?)<\/section>/.exec(html)
  if (!m) throw new Error('no sale banner on the page')
  return {
    text: m[1]
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    html: m[1],
  }
}

describe('the home page shows the first banner’s words and link', () => {
  it('with no banner the spec’s words show; a banner’s own words replace them, also for cached pages', async () => {
    await app.database.db.delete(banners)
    app.services.cache.invalidate()
    const empty = saleBanner((await page('/')).body)
    expect(empty.text).toBe(`${saleBannerText.title} ${saleBannerText.subtitle} ${saleBannerText.buttonText}`)

    const created = await admin('POST', '/banners', {
      image: '/uploads/banners/b-800.webp',
      title: saleBannerText.title,
      subtitle: saleBannerText.subtitle,
      buttonText: saleBannerText.buttonText,
      link: saleBannerText.link,
      position: 0,
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data.id
    // Anonymous visitors are served from the page cache: a second visit is a hit.
    await page('/')
    const cached = await page('/')
    expect(cached.headers['x-page-cache']).toBe('hit')

    const saved = await admin('PUT', `/banners/${id}`, {
      image: '/uploads/banners/b-800.webp',
      title: 'Diwali week',
      subtitle: 'Lamps & diyas made by hand',
      buttonText: 'See the lamps',
      link: '/product/Handicraft',
      position: 0,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({
      subtitle: 'Lamps & diyas made by hand',
      buttonText: 'See the lamps',
    })

    const after = await page('/')
    expect(after.headers['x-page-cache']).not.toBe('hit')
    const shown = saleBanner(after.body)
    expect(shown.text).toBe('Diwali week Lamps &amp; diyas made by hand See the lamps')
    expect(shown.html).toContain('href="/product/Handicraft"')
    expect(shown.text).not.toContain(saleBannerText.subtitle)

    const api = await app.inject({ url: '/api/v1/Banner/allabnner' })
    expect(api.json().data[0]).toMatchObject({
      _id: id,
      title: 'Diwali week',
      subtitle: 'Lamps & diyas made by hand',
      buttonText: 'See the lamps',
      link: '/product/Handicraft',
    })

    // Emptied words are left out; the button keeps 'Shop now' and the Handloom page.
    await admin('PUT', `/banners/${id}`, {
      image: '/uploads/banners/b-800.webp',
      title: '',
      subtitle: 'Only a heading',
    })
    const bare = saleBanner((await page('/')).body)
    expect(bare.text).toBe(`Only a heading ${saleBannerText.buttonText}`)
    expect(bare.html).toContain(`href="${saleBannerText.link}"`)
  })

  it('tells browsers to ask before reusing a kept answer, so the load after a save shows the change', async () => {
    const created = await admin('POST', '/banners', {
      image: '/uploads/banners/b-800.webp',
      title: 'Before the save',
      position: 0,
    })
    expect(created.statusCode, created.body).toBe(200)
    const first = await app.inject({ url: '/api/v1/Banner/allabnner' })
    // No lifetime and no stale-while-revalidate: with either, a browser shows its kept copy once more.
    expect(first.headers['cache-control']).toBe('public, no-cache')
    const kept = String(first.headers.etag)
    const unchanged = await app.inject({
      url: '/api/v1/Banner/allabnner',
      headers: { 'if-none-match': kept },
    })
    expect(unchanged.statusCode).toBe(304)

    const saved = await admin('PUT', `/banners/${created.json().data.id}`, {
      image: '/uploads/banners/b-800.webp',
      title: 'After the save',
      position: 0,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const next = await app.inject({ url: '/api/v1/Banner/allabnner', headers: { 'if-none-match': kept } })
    expect(next.statusCode).toBe(200)
    expect(next.json().data.map((b: { title: string }) => b.title)).toContain('After the save')
    expect(next.headers.etag).not.toBe(kept)
    // An answer the save did not change keeps its name, so its check still costs no body.
    const faqs = await app.inject({ url: '/api/v1/faq/all' })
    app.services.cache.invalidate()
    const faqsAgain = await app.inject({
      url: '/api/v1/faq/all',
      headers: { 'if-none-match': String(faqs.headers.etag) },
    })
    expect(faqsAgain.statusCode).toBe(304)
  })

  it('refuses a link that is not a shop address or a full web address, with a message for the field', async () => {
    for (const link of ['javascript:alert(1)', '//evil.example/x', 'product/Handloom', 'https://no-dot']) {
      const res = await admin('POST', '/banners', { image: '/uploads/banners/b-800.webp', link })
      expect(res.statusCode, link).toBe(400)
      expect(res.json().errors.link, link).toMatch(/^Enter an address in the shop starting with \//)
    }
    const ok = await admin('POST', '/banners', {
      image: '/uploads/banners/b-800.webp',
      link: 'https://example.in/diwali',
      buttonText: 'x'.repeat(31),
    })
    expect(ok.statusCode).toBe(400)
    expect(ok.json().errors.buttonText).toBe('The button’s words can be at most 30 characters.')
  })

  it('migration 0015 gives existing banners the words the home page showed, keeping a title staff typed', async () => {
    const db = app.database.db
    const [demo] = await db
      .insert(banners)
      .values({ image: '/uploads/banners/1-1600.webp', title: 'Summer sale: handloom cottons and silks' })
      .returning()
    const [untitled] = await db.insert(banners).values({ image: '/uploads/banners/2-1600.webp' }).returning()
    const [typed] = await db
      .insert(banners)
      .values({ image: '/uploads/banners/3-1600.webp', title: 'Holi colours' })
      .returning()
    const migration = readFileSync(path.join(migrationsFolder, '0015_banner_texts.sql'), 'utf8')
    const update = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE'))
    expect(update).toBeDefined()
    await db.execute(sql.raw(update!))
    const row = async (id: string) => (await db.select().from(banners).where(eq(banners.id, id)))[0]
    for (const b of [demo, untitled])
      expect(await row(b.id)).toMatchObject({
        title: saleBannerText.title,
        subtitle: saleBannerText.subtitle,
        buttonText: saleBannerText.buttonText,
      })
    expect(await row(typed.id)).toMatchObject({ title: 'Holi colours', subtitle: saleBannerText.subtitle })
    await db.delete(banners)
    app.services.cache.invalidate()
  })
})

describe('a preview of a product customers cannot see', () => {
  let hidden: { id: string; title: string }
  let catalogue: Person
  let orders: Person
  let customer: Person

  // Read only: no test changes the hidden product.
  beforeAll(async () => {
    hidden = await makeProduct(app, { isApproved: false, description: '<p>Woven <b>slowly</b>.</p>' })
  })
  beforeEach(async () => {
    catalogue = await makeStaff(app, 'catalogue', 'Kavya Rao')
    orders = await makeStaff(app, 'orders', 'Ravi Kumar')
    customer = await makeCustomer(app)
  })

  it('shows the page with its banner to staff with the catalogue, never cached', async () => {
    for (const who of [owner, catalogue]) {
      const res = await page(`/Productdetails/${hidden.id}?preview=1`, who)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain(previewText.unapproved)
      expect(res.body).toContain(hidden.title)
      expect(res.body).toContain('<b>slowly</b>')
      expect(res.body).toMatch(/<meta name="robots" content="noindex"/)
      expect(String(res.headers['cache-control'])).toMatch(/no-store/)
      expect(String(res.headers['cache-control'])).toMatch(/private/)
      expect(res.headers['x-page-cache']).toBeUndefined()
    }
  })

  it('is the ordinary 404 for anyone else, and for staff without ?preview=1', async () => {
    for (const who of [undefined, customer, orders]) {
      const res = await page(`/Productdetails/${hidden.id}?preview=1`, who)
      expect(res.statusCode, who?.email ?? 'anonymous').toBe(404)
      expect(res.body).not.toContain(hidden.title)
      expect(res.body).not.toContain(previewText.unapproved)
    }
    expect((await page(`/Productdetails/${hidden.id}`, catalogue)).statusCode).toBe(404)
    // A preview seen by staff first is not then served to a visitor from the page cache.
    await page(`/Productdetails/${hidden.id}?preview=1`, catalogue)
    const visitor = await page(`/Productdetails/${hidden.id}?preview=1`)
    expect(visitor.statusCode).toBe(404)
    expect(visitor.headers['x-page-cache']).toBeUndefined()
    // The client-side navigation data is refused the same way.
    const data = await app.inject({ url: `/Productdetails/${hidden.id}.data?preview=1` })
    expect(data.body).not.toContain(hidden.title)
  })

  it('says why: archived, or a category made inactive; an approved product shows no banner', async () => {
    const [inactive] = await app.database.db
      .insert(categories)
      .values({ title: 'Resting', status: 'inactive' })
      .returning()
    const inInactive = await makeProduct(app, { categoryId: inactive.id })
    const archived = await makeProduct(app, { isApproved: false, archivedAt: new Date() })
    const shown = await makeProduct(app)
    const reasons: Array<[string, string]> = [
      [inInactive.id, previewText['inactive-category']],
      [archived.id, previewText.archived],
    ]
    for (const [id, text] of reasons) {
      const res = await page(`/Productdetails/${id}?preview=1`, catalogue)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain(text)
    }
    const plain = await page(`/Productdetails/${shown.id}?preview=1`, catalogue)
    expect(plain.statusCode).toBe(200)
    expect(plain.body).toContain(shown.title)
    expect(plain.body).not.toContain('data-testid="preview-banner"')
    expect((await page(`/Productdetails/${'f'.repeat(24)}?preview=1`, catalogue)).statusCode).toBe(404)
  })
})

describe('each state shows its own picture', () => {
  /** The state tiles of a page: name and picture (null: the plain tile). */
  const tiles = (html: string) =>
    [...html.matchAll(/<a[^>]*href="\/StateProduct\/([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)]
      .filter((m) => !m[2].includes('Crafts of'))
      .map((m) => ({
        name: decodeURIComponent(m[1]),
        picture: /<img[^>]*src="([^"]+)"/.exec(m[2])?.[1] ?? null,
        plain: m[2].includes('data-testid="state-placeholder"'),
      }))

  it('a new state without a picture gets the plain tile, not another state’s; its picture shows once set', async () => {
    const db = app.database.db
    await db.insert(states).values([
      { name: 'Uttar Pradesh', image: '/uploads/states/up-800.webp', position: 1 },
      { name: 'Madhya Pradesh', image: '/uploads/states/mp-800.webp', position: 2 },
      { name: 'Rajasthan', image: '/uploads/states/rj-800.webp', position: 3 },
    ])
    app.services.cache.invalidate()
    const created = await admin('POST', '/states', { name: 'Nagaland', image: '', position: 0 })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data.id

    for (const url of ['/StateProduct', '/']) {
      const shown = tiles((await page(url)).body)
      expect(
        shown.map((t) => t.name),
        url,
      ).toEqual(['Nagaland', 'Uttar Pradesh', 'Madhya Pradesh'])
      expect(shown[0], url).toMatchObject({ picture: null, plain: true })
      expect(shown[1].picture, url).toBe('/uploads/states/up-400.webp')
      expect(shown[2].picture, url).toBe('/uploads/states/mp-400.webp')
    }

    const saved = await admin('PUT', `/states/${id}`, {
      name: 'Nagaland',
      image: '/uploads/states/nl-800.webp',
      position: 0,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    for (const url of ['/StateProduct', '/']) {
      const [first] = tiles((await page(url)).body)
      expect(first, url).toMatchObject({
        name: 'Nagaland',
        picture: '/uploads/states/nl-400.webp',
        plain: false,
      })
    }
  })
})
