import { type PictureKind, pictureSizes } from '../../../contracts/images.ts'
import { discountPercent } from '../../../contracts/money.ts'
import { asStored } from '../../../contracts/personalisation.ts'
import type { Motif } from '../../../demo-art/products.ts'
import { drawProduct, productLayers } from '../../../demo-art/products.ts'
import type { RenderJob } from '../../../demo-art/render.ts'
import { renderAll } from '../../../demo-art/render.ts'
import { categoryLayers, stateSvg, templeSvg, wideSvg } from '../../../demo-art/scenes.ts'
import type { FileStore } from '../../lib/file-store.ts'
import type { Db } from '../client.ts'
import { newId } from '../ids.ts'
import {
  artisans,
  banners,
  categories,
  clusters,
  coupons,
  faqs,
  policySections,
  productImages,
  productMakers,
  products,
  productVariants,
  sevas,
  sliders,
  states,
  subcategories,
  temples,
} from '../schema.ts'
import { demoAttributes } from './attributes.ts'
import type { CategorySeed } from './data/categories.ts'
import { CATEGORIES } from './data/categories.ts'
import {
  BANNERS,
  COUPONS,
  couponEndsAt,
  FAQS,
  PRIVACY,
  RETURN_POLICY,
  SLIDERS,
  TEMPLE_SERVICES_LINK,
  TEMPLES,
  TERMS,
} from './data/content.ts'
import { hindiOf } from './data/hindi-names.ts'
import { PRODUCTS } from './data/products.ts'
import { STATES } from './data/states.ts'
import { seedPincodes } from './pincodes.ts'
import { buildProvenance } from './provenance.ts'

const DAY = 24 * 60 * 60 * 1000
// The sizes every picture of a kind comes in (contracts/images.ts), as uploads make them.
const widthsOf = (kind: PictureKind) => [...pictureSizes[kind]]

/** What a category stands for on its card: its signature product drawing. */
/**
 * HSN headings and GST rates for the demo catalogue, by subcategory (decision 083). A starting point only:
 * staff must check each product's code and rate with the foundation's tax adviser.
 */
const DEMO_GST: Record<string, { hsnCode: string; gstRate: number }> = {
  madhubani: { hsnCode: '9701', gstRate: 5 }, // paintings executed entirely by hand
  warli: { hsnCode: '9701', gstRate: 5 },
  pattachitra: { hsnCode: '9701', gstRate: 5 },
  gond: { hsnCode: '9701', gstRate: 5 },
  sarees: { hsnCode: '5208', gstRate: 5 }, // woven cotton fabrics; silk sarees are 5007 below
  stoles: { hsnCode: '6214', gstRate: 5 }, // shawls, scarves, stoles, dupattas
  kurtas: { hsnCode: '6211', gstRate: 5 }, // garments, not knitted (the HSN rule decides 5% or 18%)
  shawls: { hsnCode: '6214', gstRate: 5 },
  bedlinen: { hsnCode: '6302', gstRate: 5 },
  pottery: { hsnCode: '6912', gstRate: 5 }, // ceramic tableware and household articles
  brass: { hsnCode: '7418', gstRate: 5 }, // household articles of copper alloys
  wood: { hsnCode: '4420', gstRate: 5 }, // wooden statuettes, ornaments, boxes
  stone: { hsnCode: '6802', gstRate: 5 }, // articles of worked stone
  jewellery: { hsnCode: '7117', gstRate: 3 }, // imitation jewellery
  puja: { hsnCode: '7418', gstRate: 5 },
  toys: { hsnCode: '9503', gstRate: 5 },
  jute: { hsnCode: '4202', gstRate: 5 }, // bags
  bamboo: { hsnCode: '4602', gstRate: 5 }, // basketwork and articles of plaited bamboo
  paper: { hsnCode: '4823', gstRate: 5 }, // articles of paper and papier-mâché
  hampers: { hsnCode: '4602', gstRate: 5 }, // a mixed supply: staff set the rate of its dearest item
  decor: { hsnCode: '6913', gstRate: 5 }, // ornamental ceramic articles
  festive: { hsnCode: '6912', gstRate: 5 }, // clay diyas
  prasad: { hsnCode: '1704', gstRate: 5 }, // sugar confectionery (mishri, laddoos)
}
const gstOf = (subKey: string, title: string) => {
  const found = DEMO_GST[subKey] ?? { hsnCode: '', gstRate: 5 }
  return subKey === 'sarees' && /silk/i.test(title) ? { ...found, hsnCode: '5007' } : found
}

const COVER_SHAPES: Partial<Record<Motif, { shape?: string; title: string }>> = {
  madhubani: { shape: 'fish', title: 'Madhubani Fish Painting' },
  saree: { title: 'Banarasi Silk Saree' },
  pottery: { shape: 'vase', title: 'Blue Pottery Vase' },
  jewellery: { shape: 'necklace', title: 'Kundan Choker' },
  jute: { shape: 'tote', title: 'Jute Tote Bag' },
  mandala: { shape: 'plate', title: 'Mandala Wall Plate' },
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

function productDescription(p: (typeof PRODUCTS)[number], craft: string, care: string): string {
  return [
    `<p>${p.story}</p>`,
    `<p>${craft}</p>`,
    '<ul>',
    `<li><strong>Material:</strong> ${p.material}</li>`,
    `<li><strong>Size:</strong> ${p.size}</li>`,
    `<li><strong>Care:</strong> ${care}</li>`,
    `<li><strong>Artisan region:</strong> ${p.region}</li>`,
    '</ul>',
    '<p>Every purchase supports the artisan family directly and helps keep a traditional craft alive.</p>',
  ].join('\n')
}

/** A prasad package's description: what is in it and how to keep it; no artisan claims (decision 099). */
function prasadDescription(p: (typeof PRODUCTS)[number], craft: string, care: string): string {
  return [
    `<p>${p.story}</p>`,
    `<p>${craft}</p>`,
    '<ul>',
    `<li><strong>In the box:</strong> ${p.material}</li>`,
    `<li><strong>Size:</strong> ${p.size}</li>`,
    `<li><strong>Care:</strong> ${care}</li>`,
    `<li><strong>From:</strong> ${p.region}</li>`,
    '</ul>',
  ].join('\n')
}

/** Every row of the demo shop with ids fixed up front, plus the pictures to draw for them. */
export function buildDemo(now: Date, withImages: boolean) {
  const jobs: RenderJob[] = []
  const upload = (rel: string) => `/uploads/${rel}`

  const catRows: (typeof categories.$inferInsert)[] = []
  const subRows: (typeof subcategories.$inferInsert)[] = []
  const subByKey = new Map<
    string,
    { id: string; title: string; cat: CategorySeed; sub: CategorySeed['subcategories'][number] }
  >()
  const catIdByCode = new Map<string, string>()

  CATEGORIES.forEach((c, ci) => {
    const id = newId()
    catIdByCode.set(c.code, id)
    const file = `categories/${id}`
    catRows.push({
      id,
      title: c.title,
      image: upload(`${file}-800.webp`),
      status: 'active',
      isHeaderCategory: c.isHeaderCategory,
      isCollectionCategory: c.isCollectionCategory,
      position: ci,
      translations: hindiOf(c.title, 'title'),
    })
    const cover = COVER_SHAPES[c.coverMotif] ?? { title: c.title }
    jobs.push({
      file,
      widths: widthsOf('categories'),
      layers: () => categoryLayers({ motif: c.coverMotif, ...cover }, ci),
    })
    c.subcategories.forEach((s, si) => {
      const sid = newId()
      subRows.push({
        id: sid,
        categoryId: id,
        title: s.title,
        position: si,
        translations: hindiOf(s.title, 'title'),
      })
      subByKey.set(s.key, { id: sid, title: s.title, cat: c, sub: s })
    })
  })

  const stateRows: (typeof states.$inferInsert)[] = []
  const stateIdByName = new Map<string, string>()
  STATES.forEach((s, i) => {
    const id = newId()
    stateIdByName.set(s.name, id)
    const file = `states/${id}`
    stateRows.push({
      id,
      name: s.name,
      image: upload(`${file}-800.webp`),
      position: i,
      translations: hindiOf(s.name, 'name'),
    })
    jobs.push({ file, widths: widthsOf('states'), svg: () => stateSvg(s) })
  })

  // Temples get their ids first: prasad packages name them.
  const templeIdBySlug = new Map(TEMPLES.map((t) => [t.slug, newId()]))

  const productRows: (typeof products.$inferInsert)[] = []
  const imageRows: (typeof productImages.$inferInsert)[] = []
  const variantRows: (typeof productVariants.$inferInsert)[] = []
  PRODUCTS.forEach((p, i) => {
    const sub = subByKey.get(p.sub)
    const stateId = stateIdByName.get(p.state)
    if (!sub || !stateId) throw new Error(`Demo product ${p.title}: unknown subcategory or state`)
    const id = newId()
    // With variants (decision 129) the product's prices are its first variant's and its stock their sum.
    const first = p.variants?.[0]
    const price = (first?.price ?? p.price) * 100
    const cutPrice = (first?.cut ?? p.cut) * 100
    const sku = `${sub.cat.code}-${sub.sub.code}-${String(i + 1).padStart(4, '0')}`
    const count = 3 + (i % 3)
    const templeId = p.temple ? templeIdBySlug.get(p.temple) : null
    if (templeId === undefined) throw new Error(`Demo product ${p.title}: unknown temple`)
    const description = (templeId ? prasadDescription : productDescription)(p, sub.sub.craft, sub.sub.care)
    const createdAt = new Date(now.getTime() - (p.daysAgo ?? 30) * DAY - ((i * 37) % 600) * 60_000)
    productRows.push({
      id,
      title: p.title,
      price,
      cutPrice,
      discount: discountPercent(price, cutPrice),
      isApproved: p.approved !== false,
      categoryId: catIdByCode.get(sub.cat.code),
      subcategoryId: sub.id,
      stateId,
      templeId,
      sku,
      shortDescription: p.short,
      description,
      youtubeVideoLink: p.youtube ?? null,
      view360Link: p.view360 ?? null,
      quantity: p.variants ? p.variants.reduce((n, v) => n + v.qty, 0) : (p.qty ?? 5 + ((i * 17) % 46)),
      options: p.options ?? [],
      leadMinDays: p.lead?.[0] ?? null,
      leadMaxDays: p.lead?.[1] ?? null,
      personalisation: (p.personalisation ?? []).map(asStored),
      ...demoAttributes(p),
      soldCount: p.sold ?? 0,
      position: i,
      ...gstOf(sub.sub.key, p.title),
      searchText: [p.title, sub.cat.title, sub.title, p.state, p.short, stripTags(description)]
        .join(' ')
        .toLowerCase(),
      createdAt,
      updatedAt: createdAt,
    })
    for (const [position, v] of (p.variants ?? []).entries()) {
      variantRows.push({
        productId: id,
        optionValues: v.values,
        sku: `${sku}-${v.values.map((x) => x.replace(/[^A-Za-z0-9]/g, '').toUpperCase()).join('-')}`,
        price: v.price * 100,
        cutPrice: v.cut * 100,
        quantity: v.qty,
        images: v.picture && v.picture <= count ? [upload(`products/${id}/${v.picture}`)] : [],
        position,
      })
    }
    const picture = { motif: sub.sub.motif, shape: p.shape, title: p.title, index: i }
    let drawn: ReturnType<typeof drawProduct> | undefined
    for (let n = 1; n <= count; n++) {
      const rel = `products/${id}/${n}`
      imageRows.push({
        productId: id,
        url: upload(rel),
        width: 800,
        height: 800,
        position: n - 1,
        createdAt,
        updatedAt: createdAt,
      })
      if (withImages) {
        jobs.push({
          file: rel,
          widths: widthsOf('products'),
          layers: () => {
            drawn ??= drawProduct(picture)
            return productLayers(picture, n, drawn)
          },
        })
      }
    }
  })

  const sliderRows = SLIDERS.map((s, i) => {
    const file = `sliders/${i + 1}`
    jobs.push({ file, widths: widthsOf('sliders'), svg: () => wideSvg(s.picture, i + 1) })
    return { image: upload(`${file}-1600.webp`), title: s.title, link: s.link, status: 'active', position: i }
  })
  const bannerRows = BANNERS.map((b, i) => {
    const file = `banners/${i + 1}`
    jobs.push({ file, widths: widthsOf('banners'), svg: () => wideSvg(b.picture, 10 + i) })
    return {
      image: upload(`${file}-1600.webp`),
      title: b.title,
      subtitle: b.subtitle,
      buttonText: b.buttonText,
      link: b.link,
      position: i,
    }
  })

  const couponRows = COUPONS.map((c) => ({
    code: c.code,
    discount: c.discount,
    status: c.status,
    isPublic: c.isPublic,
    endsAt: couponEndsAt(c, now),
    usageLimit: c.usageLimit,
    usedCount: c.usedCount,
  }))

  const faqRows = FAQS.map((q, i) => ({ ...q, position: i }))
  const policyRows: (typeof policySections.$inferInsert)[] = [
    ...PRIVACY.map((s, i) => ({ kind: 'privacy' as const, title: s.title, content: s.content, position: i })),
    ...TERMS.map((s, i) => ({ kind: 'terms' as const, title: s.title, content: s.content, position: i })),
    { kind: 'return', title: 'Return Policy', content: RETURN_POLICY, position: 0 },
  ]

  const templeRows = TEMPLES.map((t, i) => {
    const file = `temples/${t.slug}`
    jobs.push({ file, widths: widthsOf('temples'), svg: () => templeSvg(i, t.scene) })
    // A second view for the gallery of the temple's own page: the temple at dusk (or by day, if its
    // picture is already at night).
    const evening = `temples/${t.slug}-2`
    jobs.push({
      file: evening,
      widths: widthsOf('temples'),
      svg: () => templeSvg(i + TEMPLES.length, t.scene === 'night' ? 'river' : 'night'),
    })
    return {
      id: templeIdBySlug.get(t.slug) as string,
      slug: t.slug,
      name: t.name,
      location: t.location,
      about: t.about,
      image: upload(`${file}-800.webp`),
      images: [upload(`${evening}-800.webp`)],
      servicesLink: TEMPLE_SERVICES_LINK,
      translations: hindiOf(t.name, 'name'),
      position: i,
    }
  })

  // Two sample sevas, so the demo's temple pages show how a booking is made (decision 102).
  const sampleNote =
    ' A sample seva of the demo shop: the foundation lists a temple’s real sevas only with its temple board’s consent.'
  const sevaRows: (typeof sevas.$inferInsert)[] = [
    {
      templeId: templeIdBySlug.get('kashi-vishwanath') as string,
      name: 'Rudrabhishek',
      description: `Abhishek of the Jyotirlinga with milk, curd, honey and Ganga water, offered in the devotee’s name.${sampleNote}`,
      price: 1100_00,
      weekdays: [1, 4, 6],
      dailyLimit: 10,
      translations: { hi: { name: 'रुद्राभिषेक' } },
      position: 0,
    },
    {
      templeId: templeIdBySlug.get('mahakaleshwar') as string,
      name: 'Bhasma Aarti Sankalp',
      description: `A sankalp in the devotee’s name at the dawn Bhasma Aarti.${sampleNote}`,
      price: 501_00,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      dailyLimit: 20,
      translations: { hi: { name: 'भस्म आरती संकल्प' } },
      position: 0,
    },
  ].filter((s) => s.templeId)

  const provenance = buildProvenance({ stateIdByName, productRows, jobs: withImages ? jobs : null })

  return {
    rows: {
      categories: catRows,
      subcategories: subRows,
      states: stateRows,
      products: productRows,
      productImages: imageRows,
      productVariants: variantRows,
      sliders: sliderRows,
      banners: bannerRows,
      coupons: couponRows,
      faqs: faqRows,
      policySections: policyRows,
      temples: templeRows,
      sevas: sevaRows,
      provenance,
    },
    jobs: withImages ? jobs : [],
  }
}

/**
 * Fills an empty shop with the demo catalogue: categories, states, products with pictures, home page
 * sliders and banners, coupons, FAQs, policies, temples and the PIN code table, all rows in one
 * transaction. Pictures go to the file store (DATA_DIR/uploads or the S3 bucket; none when it is null,
 * as in tests).
 */
export async function seedDemo(
  db: Db,
  opts: { files: FileStore | null; pictureCache?: string },
): Promise<void> {
  const { rows, jobs } = buildDemo(new Date(), opts.files !== null)
  const files = opts.files
  // Pictures are drawn on sharp's worker threads while the rows go in; the transaction commits only once
  // every picture is written, so a failed picture leaves the shop empty and the seed runs again next start.
  const drawing = files ? renderAll(jobs, files, { cacheDir: opts.pictureCache }) : Promise.resolve()
  drawing.catch(() => {})
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(rows.categories)
    await tx.insert(subcategories).values(rows.subcategories)
    await tx.insert(states).values(rows.states)
    await tx.insert(temples).values(rows.temples)
    if (rows.sevas.length > 0) await tx.insert(sevas).values(rows.sevas)
    await tx.insert(products).values(rows.products)
    await tx.insert(productImages).values(rows.productImages)
    await tx.insert(productVariants).values(rows.productVariants)
    await tx.insert(sliders).values(rows.sliders)
    await tx.insert(banners).values(rows.banners)
    await tx.insert(coupons).values(rows.coupons)
    await tx.insert(faqs).values(rows.faqs)
    await tx.insert(policySections).values(rows.policySections)
    await tx.insert(clusters).values(rows.provenance.clusters)
    await tx.insert(artisans).values(rows.provenance.artisans)
    await tx.insert(productMakers).values(rows.provenance.makers)
    await seedPincodes(tx)
    await drawing
  })
}
