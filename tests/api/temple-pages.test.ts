import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { temples } from '../../server/db/schema.ts'
import { makeAdmin, makeProduct, makeTemple, type Person } from '../support/factories.ts'
import { createRenderingTestApp, type TestApp } from '../support/test-app.ts'

// The temple pages as the production build renders them, page cache on (decision 099): /temple/{slug}
// with its services, pictures and prasad, the cards linking to it, Hindi, 404, hreflang and the sitemap.
let app: TestApp
let owner: Person
let somnathId: string

/** Somnath as the tests' temple has it; a test that changes a temple makes one of these of its own. */
const somnath = {
  name: 'Somnath',
  location: 'Prabhas Patan, Gujarat',
  about: '<p>On the Arabian Sea.</p>',
  image: '/uploads/temples/somnath-800.webp',
  images: ['/uploads/temples/somnath-1600.webp', '/uploads/temples/somnath-2-800.webp'],
  servicesLink: 'https://example.org/somnath',
  liveAartiLink: 'https://live.example.org/somnath',
  translations: { hi: { name: 'सोमनाथ' } },
}

beforeAll(async () => {
  app = await createRenderingTestApp()
  owner = await makeAdmin(app, 'Meera Iyer')
  const [row] = await app.database.db
    .insert(temples)
    .values({ slug: 'somnath', ...somnath })
    .returning()
  somnathId = row!.id
  await makeProduct(app, {
    title: 'Somnath Prasad Box',
    templeId: somnathId,
    price: 301_00,
    cutPrice: 301_00,
  })
}, 180_000)
afterAll(() => app?.cleanup())

/** A Somnath of the test's own under a fresh web name, written straight, so the catalogue's cache is dropped. */
async function ownTemple(over: Partial<typeof temples.$inferInsert> = {}) {
  const row = await makeTemple(app, { ...somnath, ...over })
  app.services.cache.invalidate()
  return row
}

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

describe('a temple’s own page', () => {
  it('shows its text, pictures once each, services with their links, and prasad with Add to Cart', async () => {
    const res = await page('/temple/somnath')
    expect(res.statusCode).toBe(200)
    const html = res.body
    expect(html).toContain('<h1')
    expect(text(html)).toContain('Somnath')
    expect(text(html)).toContain('On the Arabian Sea.')
    // The main picture and the second one; the first's bigger size is not shown twice.
    const gallery = /data-testid="temple-gallery"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? ''
    expect(gallery.match(/<img/g)).toHaveLength(2)
    const services = /data-testid="temple-services"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? ''
    expect(services).toContain('href="https://live.example.org/somnath"')
    expect(services.match(/href="https:\/\/example.org\/somnath"/g)).toHaveLength(3)
    const prasad = /data-testid="temple-prasad"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? ''
    expect(text(prasad)).toContain('Somnath Prasad Box')
    expect(text(prasad)).toContain('Add to Cart')
  })

  it('is kept by the page cache, and dropped when staff change the temple', async () => {
    const own = await ownTemple()
    const url = `/temple/${own.slug}`
    await page(url)
    const hit = await page(url)
    expect(hit.headers['x-page-cache']).toBe('hit')
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/temples/${own.id}`,
      headers: owner.auth,
      payload: {
        name: 'Somnath',
        slug: own.slug,
        location: 'Prabhas Patan, Gujarat',
        about: '<p>On the Arabian Sea.</p>',
        servicesLink: 'https://example.org/somnath',
        liveAartiLink: 'https://live.example.org/somnath',
        bookGuideLink: '/Support',
        image: '/uploads/temples/somnath-800.webp',
        images: ['/uploads/temples/somnath-1600.webp', '/uploads/temples/somnath-2-800.webp'],
        nameHi: 'सोमनाथ',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const fresh = await page(url)
    expect(fresh.headers['x-page-cache']).toBe('miss')
    expect(fresh.body).toContain('href="/Support"')
  })

  it('answers an unknown temple with the 404 page, never kept', async () => {
    const res = await page('/temple/no-such-temple')
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('noindex')
    expect((await page('/temple/no-such-temple')).headers['x-page-cache']).not.toBe('hit')
  })

  it('names its addresses in each language, and the sitemap lists it in each', async () => {
    const html = (await page('/temple/somnath')).body
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/temple\/somnath"/)
    expect(html).toMatch(/hrefLang="hi" href="http:\/\/localhost:3000\/temple\/somnath\?lang=hi"/i)
    const sitemap = (await page('/sitemaps/pages.xml')).body
    expect(sitemap).toContain('<loc>http://localhost:3000/temple/somnath</loc>')
    expect(sitemap).toContain('<loc>http://localhost:3000/temple/somnath?lang=hi</loc>')
    expect(sitemap).toContain('<loc>http://localhost:3000/templedetails?temple=somnath</loc>')
  })
})

describe('the temple cards and the spec’s detail page', () => {
  it('each card keeps Visit Now to /templedetails and READ MORE, and links the temple’s own page', async () => {
    const html = (await page('/temple')).body
    expect(html).toContain('href="/templedetails?temple=somnath"')
    expect(text(html)).toContain('Visit Now')
    expect(text(html)).toContain('READ MORE')
    expect(html).toContain('href="/temple/somnath"')
    expect(text(html)).toContain('Temple page')
  })

  it('/templedetails opens each service’s own link too', async () => {
    const own = await ownTemple({ bookGuideLink: '/Support' })
    const html = (await page(`/templedetails?temple=${own.slug}`)).body
    const services = /data-testid="temple-services"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? ''
    expect(services).toContain('href="https://live.example.org/somnath"')
    expect(services).toContain('href="/Support"')
  })

  it('shows staff’s Hindi name to Hindi readers on all three pages, the English text where none', async () => {
    for (const url of [
      '/temple?lang=hi',
      '/templedetails?temple=somnath&lang=hi',
      '/temple/somnath?lang=hi',
    ]) {
      const body = text((await page(url)).body)
      expect(body, url).toContain('सोमनाथ')
      expect(body, url).not.toMatch(/\bSomnath\b(?! Prasad)/)
    }
    expect(text((await page('/temple/somnath?lang=hi')).body)).toContain('On the Arabian Sea.')
    expect(text((await page('/temple/somnath')).body)).not.toContain('सोमनाथ')
  })
})
