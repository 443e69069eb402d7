import { randomBytes } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryCache } from '../lib/cache.ts'
import { isCacheablePage, registerPageCache } from './page-cache.ts'

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
      .send(`<p>${who} · ${stock}</p><script nonce="${nonce}">hydrate("${nonce}")</script>`)
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

function nonceOf(res: { headers: Record<string, unknown> }) {
  return /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
}

let current: Awaited<ReturnType<typeof shop>> | undefined
afterEach(async () => {
  await current?.app.close()
  current = undefined
})

describe('page cache for anonymous visitors', () => {
  it('renders a public page once and serves it again with the new response’s own nonce', async () => {
    current = await shop()
    const first = await current.get('/')
    const second = await current.get('/')
    expect(first.headers['x-page-cache']).toBe('miss')
    expect(second.headers['x-page-cache']).toBe('hit')
    expect(current.renders).toEqual(['/'])
    const n1 = nonceOf(first)
    const n2 = nonceOf(second)
    expect(n1).toBeTruthy()
    expect(n2).not.toBe(n1)
    expect(second.body).toBe(`<p>Visitor · In stock</p><script nonce="${n2}">hydrate("${n2}")</script>`)
    expect(second.body).not.toContain(n1)
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

  it('expires pages after their time', async () => {
    current = await shop({ ttlMs: 30 })
    await current.get('/AboutUs')
    await new Promise((r) => setTimeout(r, 60))
    expect((await current.get('/AboutUs')).headers['x-page-cache']).toBe('miss')
    expect(current.renders).toEqual(['/AboutUs', '/AboutUs'])
  })

  it('serves a not-found page once without keeping it', async () => {
    current = await shop()
    const a = await current.get('/Productdetails/missing')
    const b = await current.get('/Productdetails/missing')
    expect([a.statusCode, b.statusCode]).toEqual([404, 404])
    expect(current.renders).toEqual(['/Productdetails/missing', '/Productdetails/missing'])
    expect(b.body).toContain(`nonce="${nonceOf(b)}"`)
  })

  it('renders a page once however many visitors ask for it at the same moment', async () => {
    current = await shop()
    const answers = await Promise.all(Array.from({ length: 8 }, () => current!.get('/temple')))
    expect(current.renders).toEqual(['/temple'])
    for (const a of answers) expect(a.body).toContain(`nonce="${nonceOf(a)}"`)
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
