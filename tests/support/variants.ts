import { asc, eq, like } from 'drizzle-orm'
import type { ProductOption } from '../../contracts/catalogue.ts'
import type { Db } from '../../server/db/client.ts'
import { newId } from '../../server/db/ids.ts'
import { productImages, products, productVariants } from '../../server/db/schema.ts'
import { createCatalogueRepo } from '../../server/modules/catalogue/repo.ts'
import { variantKurta } from './variant-kurta.ts'

/** One variant to give a product: its values in the options' order, prices in paise as stored. */
export type VariantRow = {
  values: string[]
  price: number
  /** 25% above the price unless said. */
  cutPrice?: number
  quantity: number
  /** Stored picture paths of the product this variant shows first. */
  images?: string[]
  sku?: string
}

/**
 * Gives a product options and variants (decision 129), written straight to the catalogue's tables as test
 * setup: `products.options`, one `product_variants` row each (the first is the default), then the product's
 * own price, list price, discount and stock brought in line with them by the catalogue's own
 * `followVariants` (the default's prices, the stock summed). Answers the variants' ids in order. A caller
 * writing behind a running shop's back drops its caches (`app.services.cache.invalidate()`).
 */
export async function addVariants(
  db: Db,
  productId: string,
  options: ProductOption[],
  variants: VariantRow[],
): Promise<string[]> {
  const ids = variants.map(() => newId())
  await db.update(products).set({ options }).where(eq(products.id, productId))
  await db.insert(productVariants).values(
    variants.map((v, i) => ({
      id: ids[i]!,
      productId,
      optionValues: v.values,
      sku: v.sku ?? `V-${ids[i]!.slice(-10)}`,
      price: v.price,
      cutPrice: v.cutPrice ?? Math.round(v.price * 1.25),
      quantity: v.quantity,
      images: v.images ?? [],
      position: i,
    })),
  )
  await createCatalogueRepo(db).followVariants(productId)
  return ids
}

/**
 * Puts the variant kurta in a seeded shop, once, before the shop starts (scripts/e2e-server.ts), with the first
 * pictures of three demo products (Indigo shows the first first, Madder red the second). Out of other tests' way: in no
 * category or state, last in every order, and with less stock than the demo's best-stocked pieces.
 */
export async function seedVariantKurta(db: Db): Promise<void> {
  const [already] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.sku, variantKurta.sku))
  if (already) return
  const pictures = (
    await db
      .select({ url: productImages.url })
      .from(productImages)
      .where(like(productImages.url, '%/1'))
      .orderBy(asc(productImages.url))
      .limit(3)
  ).map((p) => p.url)
  const id = newId()
  const old = new Date('2020-01-01T00:00:00Z')
  await db.insert(products).values({
    id,
    title: variantKurta.title,
    sku: variantKurta.sku,
    price: variantKurta.variants[0].price,
    cutPrice: variantKurta.variants[0].cutPrice,
    isApproved: true,
    quantity: 0,
    shortDescription: 'Hand-block printed in Bagru with natural dyes, in three sizes and two colours.',
    position: 1_000_000,
    searchText: `${variantKurta.title} kurta cotton block print`.toLowerCase(),
    createdAt: old,
    updatedAt: old,
  })
  if (pictures.length > 0)
    await db
      .insert(productImages)
      .values(
        pictures.map((url, position) => ({ productId: id, url, position, createdAt: old, updatedAt: old })),
      )
  await addVariants(
    db,
    id,
    variantKurta.options.map((o) => ({ name: o.name, values: [...o.values] })),
    variantKurta.variants.map((v) => ({
      values: [...v.values],
      price: v.price,
      cutPrice: v.cutPrice,
      quantity: v.quantity,
      images: pictures[v.picture] ? [pictures[v.picture]!] : [],
      sku: `${variantKurta.sku}-${v.values.join('-')}`.toUpperCase().replace(/\s+/g, '-'),
    })),
  )
}
