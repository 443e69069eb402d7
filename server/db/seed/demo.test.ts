import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq, isNotNull, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageSrcSet } from '../../../contracts/images.ts'
import { discountPercent } from '../../../contracts/money.ts'
import { createLocalFileStore } from '../../lib/file-store.ts'
import type { Database } from '../client.ts'
import { openPglite } from '../client.ts'
import {
  banners,
  categories,
  coupons,
  faqs,
  pincodes,
  policySections,
  productImages,
  products,
  productVariants,
  sliders,
  states,
  subcategories,
  temples,
} from '../schema.ts'
import { buildDemo, seedDemo } from './demo.ts'
import { loadPincodeRows, seedPincodes } from './pincodes.ts'

let database: Database
let uploads: string
let seedMs = 0

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'seed-demo-'))
  database = await openPglite(null)
  const t = performance.now()
  await seedDemo(database.db, { files: createLocalFileStore(uploads) })
  seedMs = performance.now() - t
}, 300_000)

afterAll(async () => {
  await database?.close()
  if (uploads) rmSync(uploads, { recursive: true, force: true })
})

/** Path of an uploaded file from its public URL. */
const fileOf = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''))

describe('demo catalogue', () => {
  it('seeds in reasonable time', () => {
    console.log(`seedDemo with pictures: ${Math.round(seedMs)} ms`)
    expect(seedMs).toBeGreaterThan(0)
  })

  it('has the six craft categories in order, each with 3 to 5 subcategories and a picture, then Prasad', async () => {
    const db = database.db
    const cats = await db.select().from(categories).orderBy(asc(categories.position))
    expect(cats.map((c) => c.title)).toEqual([
      'Art & Painting',
      'Handloom',
      'Handicraft',
      'Traditional',
      'Eco-friendly',
      'Gift Items',
      'Prasad',
    ])
    expect(cats.every((c) => c.status === 'active')).toBe(true)
    expect(cats.slice(0, 5).every((c) => c.isHeaderCategory)).toBe(true)
    expect(cats.filter((c) => c.isCollectionCategory).length).toBeGreaterThanOrEqual(4)
    const subs = await db.select().from(subcategories)
    for (const c of cats) {
      const n = subs.filter((s) => s.categoryId === c.id).length
      expect(n, c.title).toBeGreaterThanOrEqual(c.title === 'Prasad' ? 1 : 3)
      expect(n, c.title).toBeLessThanOrEqual(5)
      expect(c.image).toMatch(/^\/uploads\/categories\/[0-9a-f]{24}-800\.webp$/)
      expect(existsSync(fileOf(c.image!))).toBe(true)
    }
    const art = cats[0]
    expect(subs.filter((s) => s.categoryId === art.id).map((s) => s.title)).toEqual(
      expect.arrayContaining(['Madhubani', 'Warli', 'Pattachitra', 'Gond']),
    )
  })

  it('has at least 12 states, the first three being Uttar Pradesh, Madhya Pradesh and Rajasthan', async () => {
    const sts = await database.db.select().from(states).orderBy(asc(states.position))
    expect(sts.length).toBeGreaterThanOrEqual(12)
    expect(sts.slice(0, 3).map((s) => [s.name, s.position])).toEqual([
      ['Uttar Pradesh', 0],
      ['Madhya Pradesh', 1],
      ['Rajasthan', 2],
    ])
    for (const s of sts) expect(existsSync(fileOf(s.image!)), s.name).toBe(true)
  })

  it('has approved products spread over every category, subcategory and state', async () => {
    const db = database.db
    const all = await db.select().from(products).orderBy(asc(products.position))
    const approved = all.filter((p) => p.isApproved)
    expect(approved.length).toBeGreaterThanOrEqual(66)
    expect(all.filter((p) => !p.isApproved)).toHaveLength(4)
    const [cats, subs, sts] = await Promise.all([
      db.select().from(categories),
      db.select().from(subcategories),
      db.select().from(states),
    ])
    for (const c of cats)
      expect(
        approved.some((p) => p.categoryId === c.id),
        c.title,
      ).toBe(true)
    for (const s of subs)
      expect(
        approved.some((p) => p.subcategoryId === s.id),
        s.title,
      ).toBe(true)
    for (const s of sts)
      expect(
        approved.some((p) => p.stateId === s.id),
        s.name,
      ).toBe(true)
    // A product's subcategory belongs to its category.
    const subCat = new Map(subs.map((s) => [s.id, s.categoryId]))
    for (const p of all) expect(subCat.get(p.subcategoryId!)).toBe(p.categoryId)
  })

  it('has sensible prices, SKUs, stock, links and dates', async () => {
    const all = await database.db.select().from(products).orderBy(asc(products.position))
    const now = Date.now()
    expect(new Set(all.map((p) => p.sku)).size).toBe(all.length)
    expect(all.map((p) => p.position)).toEqual(all.map((_, i) => i))
    for (const p of all) {
      expect(p.sku).toMatch(/^[A-Z]{2,3}-[A-Z]{3}-\d{4}$/)
      expect(Number.isInteger(p.price)).toBe(true)
      expect(p.price).toBeGreaterThanOrEqual(14_900)
      expect(p.price).toBeLessThanOrEqual(12_499_900)
      // Prasad is offered at its price, with no made-up list price to cut (decision 099).
      if (p.templeId) expect(p.cutPrice).toBe(p.price)
      else expect(p.cutPrice).toBeGreaterThan(p.price)
      expect(p.discount).toBe(discountPercent(p.price, p.cutPrice))
      expect(p.quantity).toBeGreaterThanOrEqual(0)
      expect(p.quantity).toBeLessThanOrEqual(50)
      expect(p.description).toContain('<ul>')
      expect(p.shortDescription.length).toBeGreaterThan(20)
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(now)
      expect(p.createdAt.getTime()).toBeGreaterThan(now - 91 * 24 * 3600 * 1000)
      if (p.youtubeVideoLink)
        expect(p.youtubeVideoLink).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/)
    }
    expect(Math.min(...all.map((p) => p.price))).toBe(14_900)
    expect(Math.max(...all.map((p) => p.price))).toBe(12_499_900)
    expect(all.filter((p) => p.quantity === 0).length).toBeGreaterThanOrEqual(2)
    expect(all.filter((p) => p.quantity >= 5).length).toBeGreaterThan(all.length - 4)
    // No made-up links: a video or View 360 link appears only once staff enter a real one.
    expect(all.filter((p) => p.view360Link || p.youtubeVideoLink)).toEqual([])
    expect(all.some((p) => p.title.length > 40)).toBe(true)
    expect(all.some((p) => p.title.length > 80)).toBe(true)
    expect(new Set(all.map((p) => p.soldCount)).size).toBeGreaterThan(all.length / 2)
    expect(new Set(all.map((p) => p.createdAt.getTime())).size).toBe(all.length)
  })

  it('fills searchText with the words a customer searches for', async () => {
    const db = database.db
    const [p] = await db.select().from(products).where(eq(products.title, 'Dhokra Brass Elephant'))
    expect(p.searchText).toBe(p.searchText.toLowerCase())
    for (const word of [
      'dhokra brass elephant',
      'handicraft',
      'brass & metal',
      'chhattisgarh',
      'lost-wax',
      'kondagaon',
    ])
      expect(p.searchText).toContain(word)
    expect(p.searchText).not.toMatch(/[<>]/)
  })

  it('has 3 to 5 pictures per product, with 200, 400 and 800 pixel files', async () => {
    const db = database.db
    const [all, imgs] = await Promise.all([
      db.select({ id: products.id }).from(products),
      db.select().from(productImages).orderBy(asc(productImages.productId), asc(productImages.position)),
    ])
    for (const p of all) {
      const mine = imgs.filter((i) => i.productId === p.id)
      expect(mine.length).toBeGreaterThanOrEqual(3)
      expect(mine.length).toBeLessThanOrEqual(5)
      expect(mine.map((i) => i.position)).toEqual(mine.map((_, n) => n))
      for (const img of mine) {
        expect(img.url).toBe(`/uploads/products/${p.id}/${img.position + 1}`)
        expect([img.width, img.height]).toEqual([800, 800])
        for (const w of [200, 400, 800])
          expect(existsSync(fileOf(`${img.url}-${w}.webp`)), `${img.url}-${w}`).toBe(true)
      }
    }
    const meta = await sharp(fileOf(`${imgs[0].url}-800.webp`)).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 800])
    const small = await sharp(fileOf(`${imgs[0].url}-200.webp`)).metadata()
    expect([small.width, small.height]).toEqual([200, 200])
  })

  it('draws pictures, not blank boxes', async () => {
    const [img] = await database.db.select().from(productImages).limit(1)
    const stats = await sharp(fileOf(`${img.url}-400.webp`)).stats()
    // A flat grey box has no spread; a picture of a craft has plenty of it in every channel.
    for (const ch of stats.channels.slice(0, 3)) expect(ch.stdev).toBeGreaterThan(12)
  })

  it('has active sliders and two banners with wide pictures', async () => {
    const db = database.db
    const sl = await db.select().from(sliders).orderBy(asc(sliders.position))
    expect(sl.length).toBeGreaterThanOrEqual(3)
    expect(sl.length).toBeLessThanOrEqual(4)
    expect(sl.every((s) => s.status === 'active')).toBe(true)
    const bn = await db.select().from(banners).orderBy(asc(banners.position))
    expect(bn).toHaveLength(2)
    for (const x of [...sl, ...bn]) expect(x.image).toMatch(/-1600\.webp$/)
    const meta = await sharp(fileOf(sl[0].image)).metadata()
    expect(meta.width).toBe(1600)
  })

  it('has every file that a srcset of its pictures names', async () => {
    const db = database.db
    const urls = [
      ...(await db.select().from(categories)).map((c) => c.image),
      ...(await db.select().from(states)).map((x) => x.image),
      ...(await db.select().from(sliders)).map((x) => x.image),
      ...(await db.select().from(banners)).map((x) => x.image),
      ...(await db.select().from(temples)).flatMap((t) => [t.image, ...t.images]),
      ...(await db.select().from(productImages)).map((i) => `${i.url}-800.webp`),
    ]
    expect(urls.length).toBeGreaterThan(200)
    for (const url of urls) {
      const srcset = imageSrcSet(url)
      expect(srcset, url ?? '').toBeDefined()
      for (const file of (srcset ?? '').split(', ').map((c) => c.split(' ')[0]))
        expect(existsSync(fileOf(file)), file).toBe(true)
    }
    // A slide fills a laptop screen: its srcset reaches 1600 px.
    const [slide] = await db.select().from(sliders).limit(1)
    expect(imageSrcSet(slide.image)).toMatch(/-1200\.webp 1200w, .*-1600\.webp 1600w$/)
  })

  it('has the four coupons', async () => {
    const rows = await database.db.select().from(coupons)
    const by = new Map(rows.map((c) => [c.code, c]))
    expect(by.get('WELCOME10')).toMatchObject({ status: 'active', isPublic: true, discount: 10 })
    expect(by.get('FESTIVE25')).toMatchObject({ status: 'expired', isPublic: true })
    expect(by.get('STAFF15')).toMatchObject({ status: 'active', isPublic: false, discount: 15 })
    expect(by.get('SUMMER30')).toMatchObject({ status: 'active', isPublic: true, discount: 30 })
    expect(by.get('SUMMER30')!.endsAt!.getTime()).toBeGreaterThan(Date.now())
  })

  it('has FAQs and policies', async () => {
    const db = database.db
    const q = await db.select().from(faqs)
    expect(q).toHaveLength(8)
    expect(q.every((x) => x.answer.startsWith('<p>'))).toBe(true)
    const pol = await db.select().from(policySections)
    const privacy = pol.filter((p) => p.kind === 'privacy').length
    const terms = pol.filter((p) => p.kind === 'terms').length
    expect(privacy).toBeGreaterThanOrEqual(4)
    expect(privacy).toBeLessThanOrEqual(6)
    expect(terms).toBeGreaterThanOrEqual(5)
    expect(terms).toBeLessThanOrEqual(7)
    const ret = pol.filter((p) => p.kind === 'return')
    expect(ret).toHaveLength(1)
    expect(ret[0].title).toBe('Return Policy')
    expect(ret[0].content).toContain('<ul>')
  })

  it('has the six temples in order', async () => {
    const rows = await database.db.select().from(temples).orderBy(asc(temples.position))
    expect(rows.map((t) => [t.name, t.slug])).toEqual([
      ['Kashi Vishwanath', 'kashi-vishwanath'],
      ['Omkareshwar', 'omkareshwar'],
      ['Mahakaleshwar', 'mahakaleshwar'],
      ['Somnath', 'somnath'],
      ['Kedarnath', 'kedarnath'],
      ['Baidyanath', 'baidyanath'],
    ])
    expect(rows[0].location).toContain('Varanasi')
    // Two temples offer a sample prasad package each, in the Prasad collection (decision 099).
    const prasad = await database.db.select().from(products).where(isNotNull(products.templeId))
    expect(prasad.map((p) => [p.title, rows.find((t) => t.id === p.templeId)?.slug])).toEqual([
      ['Kashi Vishwanath Prasad Box', 'kashi-vishwanath'],
      ['Mahakaleshwar Prasad Laddoo Box', 'mahakaleshwar'],
    ])
    const [prasadCategory] = await database.db.select().from(categories).where(eq(categories.title, 'Prasad'))
    expect(prasadCategory).toMatchObject({ isCollectionCategory: true, isHeaderCategory: false })
    for (const p of prasad) {
      expect(p.categoryId).toBe(prasadCategory!.id)
      expect(p.isApproved).toBe(true)
      expect(p.description).toContain('sample package')
    }
    for (const t of rows) {
      expect(t.servicesLink).toBe('')
      expect(t.images).toHaveLength(1)
      expect(t.translations.hi?.name, t.name).toBeTruthy()
      expect(t.about.length).toBeGreaterThan(150)
      expect(existsSync(fileOf(t.image!))).toBe(true)
      for (const u of t.images) expect(existsSync(fileOf(u))).toBe(true)
    }
  })

  it('loads the PIN codes with current state names', async () => {
    const db = database.db
    const look = async (pin: string) => db.select().from(pincodes).where(eq(pincodes.pin, pin))
    expect((await look('500001'))[0]).toMatchObject({ state: 'Telangana', district: 'Hyderabad' })
    expect((await look('194101'))[0]).toMatchObject({ state: 'Ladakh', district: 'Leh' })
    expect((await look('110001'))[0]).toMatchObject({ state: 'Delhi' })
    expect((await look('560001'))[0]).toMatchObject({ state: 'Karnataka' })
    expect((await look('492001'))[0]?.state).toBe('Chhattisgarh')
    expect((await look('605001'))[0]?.state).toBe('Puducherry')
    expect(await look('000000')).toHaveLength(0)
    const rows = loadPincodeRows()
    expect(rows.length).toBeGreaterThan(19_000)
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(pincodes)
    expect(n).toBe(rows.length)
    expect(
      rows.some((r) => r.state.includes('&') || r.state === 'Chattisgarh' || r.state === 'Pondicherry'),
    ).toBe(false)
    // Loading again does nothing once the table is filled.
    expect(await seedPincodes(db)).toBe(0)
  })

  it('inserts the same rows and draws nothing without an uploads folder', () => {
    const { rows, jobs } = buildDemo(new Date(), false)
    expect(jobs).toHaveLength(0)
    expect(rows.products.length).toBeGreaterThanOrEqual(70)
    expect(rows.productImages.length).toBeGreaterThanOrEqual(rows.products.length * 3)
  })
  it('sells a kurta in five sizes, a stole in three colours and a painting in three frame sizes (decision 129)', async () => {
    const db = database.db
    const withOptions = await db
      .select()
      .from(products)
      .where(sql`jsonb_array_length(${products.options}) > 0`)
    const variants = await db.select().from(productVariants).orderBy(asc(productVariants.position))
    const sizes = (title: string) => {
      const p = withOptions.find((x) => x.title === title)!
      return variants.filter((v) => v.productId === p.id).map((v) => v.optionValues.join(' / '))
    }
    expect(sizes('Lucknowi Chikankari Cotton Kurta')).toEqual(['S', 'M', 'L', 'XL', 'XXL'])
    expect(sizes('Eri Silk Stole in Natural Colours')).toEqual(['Natural', 'Madder red', 'Indigo'])
    expect(sizes('Madhubani Fish Painting')).toEqual(['30 × 23 cm', '45 × 35 cm', '60 × 45 cm'])
    for (const p of withOptions) {
      const mine = variants.filter((v) => v.productId === p.id)
      // The product follows its variants: the first one's prices, their stock summed.
      expect([p.price, p.cutPrice, p.quantity]).toEqual([
        mine[0]!.price,
        mine[0]!.cutPrice,
        mine.reduce((n, v) => n + v.quantity, 0),
      ])
      for (const v of mine) expect(v.sku.startsWith(`${p.sku}-`)).toBe(true)
    }
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length)
  })
})
