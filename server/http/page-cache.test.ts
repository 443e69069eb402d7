import { createHash, randomBytes } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import fastifyCookie from '@fastify/cookie'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryCache } from '../lib/cache.ts'
import { hashedPolicy, isCacheablePage, registerPageCache } from './page-cache.ts'

type CspResponse = import('node:http').ServerResponse & { cspNonce?: string }

/** A stand-in for the React renderer: counts renders and writes the request's nonce like the real one. */
async function shop(opts: { ttlMs?: number } = {}) {
  const app = Fastify()
  const cache = createMemoryCache()
  const renders: string[] = []
  let stock = 'In stock'
  app.addHook('onRequest', async (_req, reply) => {
    const nonce = randomBytes(16).toString('base64')
    ;(reply.raw as CspResponse).cspNonce = nonce
    reply.header('content-security-policy', `script-src 'self' 'nonce-${nonce}'`)
  })
  await app.register(fastifyCookie)
  registerPageCache(app, { cache, ...opts })
  app.get('/*', async (req, reply) => {
    renders.push(req.url)
    const nonce = (reply.raw as CspResponse).cspNonce
    if (req.url.startsWith('/Productdetails/missing')) reply.code(404)
    const who = req.cookies.accessToken ? 'Signed in' : 'Visitor'
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<p>${who} · ${stock}</p><script nonce="${nonce}">hydrate("${nonce}")</script>` +
          `<script type="application/json" nonce="${nonce}">{"a":1}</script><script src="/x.js"></script>`,
      )
  })
  return {
    app,
    cache,
    renders,
    setStock: (s: string) => {
      stock = s
    },
    get: (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers }),
  }
}

let current: Awaited<ReturnType<typeof shop>> | undefined
afterEach(async () => {
  await current?.app.close()
  current = undefined
})

describe('page cache for anonymous visitors', () => {
  it('renders a public page once and serves the same bytes again, its inline script allowed by its hash', async () => {
    current = await shop()
    const first = await current.get('/')
    const second = await current.get('/')
    expect(first.headers['x-page-cache']).toBe('miss')
    expect(second.headers['x-page-cache']).toBe('hit')
    expect(current.renders).toEqual(['/'])
    expect(second.body).toBe(first.body)
    const rendered = /hydrate\("([^"]+)"\)/.exec(second.body)?.[1] ?? ''
    const hash = createHash('sha256').update(`hydrate("${rendered}")`).digest('base64')
    for (const res of [first, second]) {
      const policy = String(res.headers['content-security-policy'])
      expect(policy).toBe(`script-src 'self' 'sha256-${hash}'`)
    }
  })

  it('keeps the page compressed and sends the form the client takes', async () => {
    current = await shop()
    const plain = (await current.get('/AboutUs')).body
    const br = await current.get('/AboutUs', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain)
    const gz = await current.get('/AboutUs', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain)
    expect(current.renders).toEqual(['/AboutUs'])
  })

  it('serves a signed-in customer the same page, rendered as for a visitor, and keeps nothing of theirs', async () => {
    current = await shop()
    const signedIn = await current.get('/', { cookie: 'accessToken=abc.def.ghi' })
    expect(signedIn.headers['x-page-cache']).toBe('miss')
    expect(signedIn.body).toContain('Visitor')
    const again = await current.get('/', { cookie: 'accessToken=abc.def.ghi' })
    expect(again.headers['x-page-cache']).toBe('hit')
    const visitor = await current.get('/')
    expect(visitor.headers['x-page-cache']).toBe('hit')
    expect(visitor.body).toContain('Visitor')
    expect(current.renders).toEqual(['/'])
    // Pages that are not public are rendered for each customer.
    const cart = await current.get('/Cart', { cookie: 'accessToken=abc.def.ghi' })
    expect(cart.headers['x-page-cache']).toBeUndefined()
    expect(cart.body).toContain('Signed in')
  })

  it('drops every page when the catalogue changes', async () => {
    current = await shop()
    await current.get('/product/Handloom?sort=5')
    current.setStock('Sold out')
    expect((await current.get('/product/Handloom?sort=5')).body).toContain('In stock')
    current.cache.invalidate()
    const after = await current.get('/product/Handloom?sort=5')
    expect(after.headers['x-page-cache']).toBe('miss')
    expect(after.body).toContain('Sold out')
  })

  it('sends an expired page once more while one render replaces it, then the new page', async () => {
    current = await shop({ ttlMs: 400 })
    await current.get('/AboutUs')
    // A change the cache was not told of (a lost notice): the expiry is what brings it in.
    current.setStock('Sold out')
    await new Promise((r) => setTimeout(r, 450))
    const [a, b] = await Promise.all([current.get('/AboutUs'), current.get('/AboutUs')])
    for (const old of [a, b]) {
      expect(old.headers['x-page-cache']).toBe('stale')
      expect(old.body).toContain('In stock')
    }
    // Until the render is kept the old page is still sent; then the new one, rendered once.
    await expect.poll(async () => (await current?.get('/AboutUs'))?.headers['x-page-cache']).toBe('hit')
    expect((await current.get('/AboutUs')).body).toContain('Sold out')
    expect(current.renders).toEqual(['/AboutUs', '/AboutUs'])
  })

  it('serves a not-found page once without keeping it', async () => {
    current = await shop()
    const a = await current.get('/Productdetails/missing')
    const b = await current.get('/Productdetails/missing')
    expect([a.statusCode, b.statusCode]).toEqual([404, 404])
    expect(current.renders).toEqual(['/Productdetails/missing', '/Productdetails/missing'])
    // Served once from its render, the policy allows its script by hash like a kept page.
    expect(String(b.headers['content-security-policy'])).toMatch(/^script-src 'self' 'sha256-[^']+'$/)
  })

  it('renders a page once however many visitors ask for it at the same moment', async () => {
    current = await shop()
    const answers = await Promise.all(Array.from({ length: 8 }, () => current!.get('/temple')))
    expect(current.renders).toEqual(['/temple'])
    for (const a of answers) expect(a.body).toBe(answers[0].body)
  })

  it('leaves account, search, admin and data requests alone', async () => {
    current = await shop()
    for (const url of ['/Cart', '/profile', '/products?search=pot', '/admin', '/product/Handloom.data']) {
      await current.get(url)
      await current.get(url)
    }
    expect(current.renders).toHaveLength(10)
  })
})

describe('hashedPolicy', () => {
  it('allows exactly the inline scripts the page runs, once each', () => {
    const html =
      '<script nonce="n">a()</script><script nonce="n">a()</script><script type="module" nonce="n">import "/b.js"</script>' +
      '<script src="/c.js" nonce="n"></script><script type="application/json" nonce="n">{}</script>'
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`
    expect(hashedPolicy("default-src 'self'; script-src 'self' 'nonce-n' https://pay", 'n', html)).toBe(
      `default-src 'self'; script-src 'self' ${sha('a()')} ${sha('import "/b.js"')} https://pay`,
    )
  })

  it('keeps nothing when the policy does not carry the render’s nonce', () => {
    expect(hashedPolicy("script-src 'self'", 'n', '<script>a()</script>')).toBeNull()
  })
})

describe('isCacheablePage', () => {
  it('knows the public pages', () => {
    for (const url of [
      '/',
      '/?utm=x',
      '/product/Handloom',
      '/product/Handloom/Sarees?sort=3',
      '/StateProduct',
      '/StateProduct/Rajasthan',
      '/Productdetails/abc',
      '/Product/abc',
      '/temple',
      '/templedetails?temple=somnath',
      '/temple/somnath',
      '/Support',
      '/support',
      '/ContactUs',
      '/AboutUs',
      '/Privacy',
      '/TermsCondition',
      '/ReturnPolicy',
    ])
      expect(isCacheablePage(url), url).toBe(true)
    for (const url of [
      '/products?search=pot',
      '/Login',
      '/Cart',
      '/wishlist',
      '/CheckOut',
      '/OrderDetails/1',
      '/admin/products',
      '/Supportive',
      '/api/v1/State',
      '/Productdetails/abc?preview=1',
      '/Productdetails/abc?x=1&preview=1',
      '/Productdetails/abc?cart=added',
      '/product/Handloom?sort=2&cart=failed',
      '/Productdetails/abc?wishlist=added',
    ])
      expect(isCacheablePage(url), url).toBe(false)
  })
})
