import { describe, expect, it } from 'vitest'
import {
  cacheNames,
  isBuildFile,
  keepsPage,
  keepsPicture,
  keptListMark,
  mayKeep,
  notificationUrl,
  offlineLanguage,
  oldestBeyond,
  pageLanguage,
  pageOfRouteData,
  pageTitle,
  publicCopyEveryMs,
  pushNotification,
  staleCaches,
  wantsPublicCopy,
  withKeptPages,
} from './keep-rules.ts'

const at = (path: string) => new URL(path, 'https://shop.example.in')
const answer = (headers: Record<string, string>, over: { status?: number; type?: string } = {}) => ({
  status: over.status ?? 200,
  type: over.type ?? 'basic',
  headers: new Headers(headers),
})
const html = { 'content-type': 'text/html; charset=utf-8' }

describe('the pages the worker may keep', () => {
  it('keeps the home page, product pages, listings, state pages and search results', () => {
    for (const path of [
      '/',
      '/?lang=hi',
      '/Productdetails/abc123',
      '/Product/abc123',
      '/product/Handloom',
      '/product/Handloom/Sarees',
      '/StateProduct',
      '/StateProduct/Bihar',
      '/products?search=saree',
    ])
      expect(keepsPage(at(path)), path).toBe(true)
  })

  it('never keeps the cart, checkout, sign-in, account, order, console or API pages', () => {
    for (const path of [
      '/Cart',
      '/cart',
      '/CheckOut',
      '/Login',
      '/SignUp',
      '/profile',
      '/Dashboard',
      '/Address',
      '/Order-History',
      '/OrderDetails/o1',
      '/wishlist',
      '/store-credit',
      '/seva-bookings/b1',
      '/admin',
      '/admin/products',
      '/api/v1/product/all',
      '/offline/en',
      '/Productdetails/abc123.data',
    ])
      expect(keepsPage(at(path)), path).toBe(false)
  })

  it('never keeps a page answering one customer (an Add To Cart sent before the code, a staff preview)', () => {
    expect(keepsPage(at('/Productdetails/abc123?cart=added'))).toBe(false)
    expect(keepsPage(at('/product/Handloom?wishlist=added'))).toBe(false)
    expect(keepsPage(at('/Productdetails/abc123?preview=1'))).toBe(false)
  })

  it('keeps only plain whole answers that are not marked personal', () => {
    expect(mayKeep(answer(html), 'page')).toBe(true)
    expect(mayKeep(answer({ ...html, 'cache-control': 'no-store' }), 'page')).toBe(false)
    expect(mayKeep(answer({ ...html, 'cache-control': 'private, max-age=60' }), 'page')).toBe(false)
    expect(mayKeep(answer({ ...html, 'cache-control': 'Private' }), 'page')).toBe(false)
    expect(mayKeep(answer({ ...html, 'set-cookie': 'accessToken=x' }), 'page')).toBe(false)
    expect(mayKeep(answer(html, { status: 404 }), 'page')).toBe(false)
    expect(mayKeep(answer(html, { status: 503 }), 'page')).toBe(false)
    expect(mayKeep(answer(html, { type: 'opaque' }), 'page')).toBe(false)
    expect(mayKeep(answer({ 'content-type': 'application/json' }), 'page')).toBe(false)
    expect(mayKeep(answer({ 'content-type': 'image/webp' }), 'file')).toBe(true)
    expect(mayKeep(answer(html), 'file')).toBe(false)
  })
})

describe('the files and pictures the worker may keep', () => {
  it("keeps the build's hashed files", () => {
    expect(isBuildFile(at('/assets/shell-DQW4xLEd.js'))).toBe(true)
    expect(isBuildFile(at('/api/v1/product/all'))).toBe(false)
  })

  it('keeps the pictures every visitor sees, not the personal ones', () => {
    expect(keepsPicture(at('/uploads/products/kurta-400.webp'))).toBe(true)
    expect(keepsPicture(at('/uploads/reviews/r1-200.webp'))).toBe(true)
    expect(keepsPicture(at('/media/promo-poster.webp'))).toBe(true)
    expect(keepsPicture(at('/logo.svg'))).toBe(true)
    for (const path of [
      '/uploads/avatars/u1.webp',
      '/uploads/orders/o1-400.webp',
      '/uploads/returns/r1-400.webp',
      '/uploads/sevas/s1-400.webp',
      '/uploads/products/../avatars/u1.webp',
      '/uploads/products/kurta-400.webp?sig=1',
      '/media/heritage-promo.webm',
    ])
      expect(keepsPicture(at(path)), path).toBe(false)
  })
})

describe("a page's data asked for offline", () => {
  it('names the page it belongs to, without the router’s own parameters', () => {
    expect(pageOfRouteData(at('/Productdetails/abc123.data'))).toBe('/Productdetails/abc123')
    expect(pageOfRouteData(at('/_root.data'))).toBe('/')
    expect(pageOfRouteData(at('/_.data'))).toBe('/')
    expect(pageOfRouteData(at('/temple/_.data'))).toBe('/temple/')
    expect(pageOfRouteData(at('/products.data?search=saree&_routes=routes%2Fsearch'))).toBe(
      '/products?search=saree',
    )
    expect(pageOfRouteData(at('/api/v1/product/all'))).toBeNull()
    expect(pageOfRouteData(at('/assets/shell.js'))).toBeNull()
  })
})

describe('the kept pages and the offline page', () => {
  it("reads a page's title and language", () => {
    expect(pageTitle('<html><head><title>Madhubani &amp; Warli | Kalaa Setu</title></head>')).toBe(
      'Madhubani & Warli | Kalaa Setu',
    )
    expect(pageTitle('<title>&#x915;&#2366; &quot;x&quot;</title>')).toBe('का "x"')
    expect(pageTitle('<html></html>')).toBe('')
    expect(pageLanguage('<html lang="hi-IN" data-language="hi"><head>')).toBe('hi')
    expect(pageLanguage('<html lang="en-IN" data-language="en">')).toBe('en')
    expect(pageLanguage('<html>')).toBe('en')
  })

  it('shows the offline page in the language asked for, else the last kept page’s', () => {
    expect(offlineLanguage(at('/Cart?lang=hi'), 'en')).toBe('hi')
    expect(offlineLanguage(at('/Cart'), 'hi')).toBe('hi')
    expect(offlineLanguage(at('/Cart'), null)).toBe('en')
  })

  it('lists the kept pages newest first, each a link on this shop, their titles escaped', () => {
    const origin = 'https://shop.example.in'
    const page = withKeptPages(
      `<ul>${keptListMark}</ul>`,
      [
        { url: `${origin}/product/Handloom`, title: 'Handloom', at: 1 },
        { url: `${origin}/Productdetails/p1`, title: 'Pot <b>&</b> lid', at: 2 },
        { url: 'https://elsewhere.example/x', title: 'Elsewhere', at: 0 },
        { url: `${origin}/products?search=a"b`, title: '', at: 3 },
      ],
      origin,
    )
    expect(page).toBe(
      '<ul><li><a href="/products?search=a%22b">/products</a></li>' +
        '<li><a href="/Productdetails/p1">Pot &lt;b&gt;&amp;&lt;/b&gt; lid</a></li>' +
        '<li><a href="/product/Handloom">Handloom</a></li><li><a href="/">Elsewhere</a></li></ul>',
    )
    expect(withKeptPages(`<ul>${keptListMark}</ul>`, [], origin)).toBe('<ul></ul>')
  })

  it('drops the oldest beyond the bound', () => {
    const kept = [3, 1, 4, 2, 5].map((n) => ({ url: `/p${n}`, at: n }))
    expect(oldestBeyond(kept, 3).map((k) => k.url)).toEqual(['/p1', '/p2'])
    expect(oldestBeyond(kept, 5)).toEqual([])
  })

  it("clears every other version's caches, and no one else's", () => {
    const now = Object.values(cacheNames('v2'))
    const names = [...now, 'shop-pages-v1', 'shop-assets-v1', 'someone-else']
    expect(staleCaches(names, 'v2')).toEqual(['shop-pages-v1', 'shop-assets-v1'])
  })

  it("shows a push as the shop sent it, and opens only the shop's own pages", () => {
    const shop = 'https://shop.example'
    const payload = JSON.stringify({
      title: 'Kalaa Setu',
      body: 'Asha, your order KS-1042 is on its way.',
      url: `${shop}/orderDetails/o1`,
      tag: 'order-o1',
    })
    expect(pushNotification(payload, shop)).toEqual({
      title: 'Kalaa Setu',
      body: 'Asha, your order KS-1042 is on its way.',
      url: `${shop}/orderDetails/o1`,
      tag: 'order-o1',
    })
    // A path is the shop's; another site's address, or no address, opens the home page.
    expect(pushNotification(JSON.stringify({ body: 'x', url: '/MyOrders' }), shop).url).toBe(
      `${shop}/MyOrders`,
    )
    expect(pushNotification(JSON.stringify({ body: 'x', url: 'https://evil.example/' }), shop).url).toBe(
      `${shop}/`,
    )
    expect(pushNotification(JSON.stringify({ body: 'x', url: 'javascript:alert(1)' }), shop).url).toBe(
      `${shop}/`,
    )
    // Not the shop's shape: still a notification, never an empty one.
    expect(pushNotification('not json', shop)).toEqual({
      title: 'Kalaa Setu',
      body: 'Open the shop',
      url: `${shop}/`,
      tag: undefined,
    })
    expect(notificationUrl(null, shop)).toBe(`${shop}/`)
    expect(notificationUrl({ url: `${shop}/Cart` }, shop)).toBe(`${shop}/Cart`)
  })

  it("keeps a signed-in customer's page as everyone sees it, at most once an hour", () => {
    const html = { 'content-type': 'text/html; charset=utf-8' }
    const theirs = answer({ ...html, 'cache-control': 'no-store' })
    const now = Date.UTC(2026, 11, 8, 10)
    expect(wantsPublicCopy(theirs, null, now)).toBe(true)
    expect(wantsPublicCopy(theirs, now - publicCopyEveryMs, now)).toBe(true)
    expect(wantsPublicCopy(theirs, now - publicCopyEveryMs + 1000, now)).toBe(false)
    // A page that may be kept as it is, a failed one, or something other than a page: never fetched twice.
    expect(wantsPublicCopy(answer({ ...html, 'cache-control': 'public, no-cache' }), null, now)).toBe(false)
    expect(
      wantsPublicCopy(answer({ ...html, 'cache-control': 'no-store' }, { status: 404 }), null, now),
    ).toBe(false)
    expect(wantsPublicCopy(answer({ 'content-type': 'application/json' }), null, now)).toBe(false)
    expect(wantsPublicCopy(answer(html, { type: 'opaque' }), null, now)).toBe(false)
  })
})
