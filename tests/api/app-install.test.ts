import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { shopName } from '../../app/features/catalogue/seo.ts'
import {
  keepsPage,
  keptListMark,
  mayKeep,
  offlinePage,
  shellFiles,
} from '../../app/features/install/keep-rules.ts'
import { site } from '../../app/lib/site.ts'
import { builtShopForThisFile } from '../support/built-shop.ts'
import { makeProduct } from '../support/factories.ts'

// The shop as an app to install (decision 142): the manifest and its icons, the worker and its offline page,
// and the marks on the server's answers that the worker's rules read, on the production build.
const shop = builtShopForThisFile()
const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers })

type Icon = { src: string; sizes: string; type: string; purpose?: string }
type Manifest = {
  id: string
  name: string
  short_name: string
  description: string
  lang: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: Icon[]
  shortcuts: { name: string; short_name: string; url: string; icons: Icon[] }[]
}

/** The icon's picture as served, checked to be a PNG of the size it claims. */
async function servedPng(icon: Pick<Icon, 'src' | 'sizes' | 'type'>) {
  const res = await get(icon.src)
  expect(res.statusCode, icon.src).toBe(200)
  expect(res.headers['content-type'], icon.src).toBe('image/png')
  expect(icon.type).toBe('image/png')
  const picture = sharp(res.rawPayload)
  const meta = await picture.metadata()
  expect(meta.format, icon.src).toBe('png')
  expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes)
  return picture
}

describe('the web app manifest', () => {
  it('is served as a manifest and names the shop in its own colours', async () => {
    const res = await get('/manifest.webmanifest')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/)
    const manifest = res.json() as Manifest
    expect(manifest.name).toBe(site.name)
    expect(manifest.short_name).toBe(shopName)
    expect(manifest.description.length).toBeGreaterThan(20)
    expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', lang: 'en-IN' })
    // The page's background and the brand's darkest brown (app/app.css), the colour the head's theme-color says.
    const css = readFileSync('app/app.css', 'utf8')
    expect(css).toContain(`--color-brand-50: ${manifest.background_color};`)
    expect(css).toContain(`--color-brand-800: ${manifest.theme_color};`)
    const home = await get('/')
    expect(home.body).toContain(`<meta name="theme-color" content="${manifest.theme_color}"/>`)
  })

  it('has PNG icons of 192 and 512 pixels, and a maskable one whose edge is only background', async () => {
    const manifest = (await get('/manifest.webmanifest')).json() as Manifest
    const png = manifest.icons.filter((i) => i.type === 'image/png')
    for (const icon of png) await servedPng(icon)
    const any = png.filter((i) => (i.purpose ?? 'any').split(' ').includes('any')).map((i) => i.sizes)
    expect(any).toEqual(expect.arrayContaining(['192x192', '512x512']))
    const maskable = png.find((i) => i.purpose === 'maskable')
    expect(maskable?.sizes).toBe('512x512')
    // The safe zone: a launcher may cut away everything outside the middle circle of 80%, so outside it
    // there is nothing but the background, and the picture has no transparency for a shape to show through.
    const picture = await servedPng(maskable as Icon)
    const { data, info } = await picture.removeAlpha().raw().toBuffer({ resolveWithObject: true })
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(manifest.background_color.slice(i, i + 2), 16))
    const centre = info.width / 2
    let outside = 0
    for (let y = 0; y < info.height; y += 2)
      for (let x = 0; x < info.width; x += 2) {
        if (Math.hypot(x - centre, y - centre) < info.width * 0.4) continue
        const at = (y * info.width + x) * info.channels
        outside++
        expect(Math.abs(data[at] - r) + Math.abs(data[at + 1] - g) + Math.abs(data[at + 2] - b)).toBeLessThan(
          6,
        )
      }
    expect(outside).toBeGreaterThan(1000)
    expect((await picture.metadata()).hasAlpha).toBe(false)
  })

  it('has shortcuts to the orders and the cart, each with its own icon', async () => {
    const manifest = (await get('/manifest.webmanifest')).json() as Manifest
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/Order-History', '/Cart'])
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.name).not.toBe('')
      expect(shortcut.icons).toHaveLength(1)
      await servedPng(shortcut.icons[0])
    }
  })

  it('is linked from every page with the icon Safari uses', async () => {
    const page = (await get('/product/Handloom')).body
    expect(page).toMatch(/<link [^>]*rel="manifest" href="\/manifest.webmanifest"\/>/)
    expect(page).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/icons\/apple-touch-icon.png"\/>/)
    await servedPng({ src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' })
  })
})

describe('the service worker and its offline page', () => {
  it('is served from the root, asked for afresh each time, and allowed by the policy', async () => {
    const res = await get('/sw.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/javascript/)
    expect(res.headers['cache-control']).toBe('no-cache')
    // Built with this build's version in its caches' names.
    expect(res.body).toMatch(/shop-pages-/)
    expect(res.body).not.toContain('__SHOP_WORKER_VERSION__')
    // No worker-src: registering falls back to script-src, which allows the shop's own scripts.
    const policy = String((await get('/')).headers['content-security-policy'])
    expect(policy).not.toContain('worker-src')
    expect(policy).toMatch(/script-src 'self'/)
  })

  it('answers the offline page in each language, with no script and the place for the kept pages', async () => {
    for (const language of ['en', 'hi'] as const) {
      const res = await get(offlinePage(language))
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      // Fetched without ?lang=: keeping it must not change the visitor's language.
      expect(res.headers['set-cookie']).toBeUndefined()
      expect(res.body).toContain(`data-language="${language}"`)
      expect(res.body).toContain(keptListMark)
      expect(res.body).not.toContain('<script')
    }
    expect((await get(offlinePage('en'))).body).toContain('<h1>You are offline</h1>')
    expect((await get('/offline/xx')).statusCode).toBe(404)
  })

  it('finds every file it keeps on installing', async () => {
    for (const file of shellFiles) expect((await get(file)).statusCode, file).toBe(200)
  })

  it("keeps a visitor's product page, never a signed-in customer's, the cart or an API answer", async () => {
    const piece = await makeProduct(shop.app)
    const path = `/Productdetails/${piece.id}`
    const answerOf = async (url: string, headers: Record<string, string> = {}) => {
      const res = await get(url, headers)
      const seen = new Headers()
      for (const [name, value] of Object.entries(res.headers)) seen.set(name, String(value))
      return { status: res.statusCode, type: 'basic', headers: seen }
    }
    const at = (p: string) => new URL(p, 'http://localhost:3000')
    expect(keepsPage(at(path))).toBe(true)
    // Twice: a render, then the page cache's copy (decision 007).
    expect(mayKeep(await answerOf(path), 'page')).toBe(true)
    expect(mayKeep(await answerOf(path), 'page')).toBe(true)
    expect(mayKeep(await answerOf('/products?search=pot'), 'page')).toBe(true)
    // The server marks every page for a signed-in customer no-store (server/http/no-store.ts).
    const signedIn = { cookie: 'accessToken=any' }
    expect(mayKeep(await answerOf(path, signedIn), 'page')).toBe(false)
    expect(mayKeep(await answerOf('/products?search=pot', signedIn), 'page')).toBe(false)
    expect(keepsPage(at('/Cart'))).toBe(false)
    expect(keepsPage(at('/api/v1/product/all'))).toBe(false)
  })
})
