import type { z } from 'zod'
import type { productInputSchema } from '../../../../contracts/admin.ts'
import { discountPercent } from '../../../../contracts/money.ts'
import { cleanHtml, htmlText } from '../../content/html.ts'
import { paise } from '../kit.ts'

export type ProductInput = z.output<typeof productInputSchema>

/** The names a product refers to, looked up by the caller (null where it names none). */
export type ProductNames = {
  category: { title: string } | null
  subcategory: { title: string } | null
  state: { name: string } | null
}

/**
 * The stored columns of a product from a checked form (or CSV row): money in paise, the description
 * sanitised, the discount and the search words computed. The same for the edit form, bulk work and imports.
 */
export function productValues(input: ProductInput, names: ProductNames) {
  const description = cleanHtml(input.description ?? '')
  const hindi = {
    title: input.titleHi?.trim() ?? '',
    shortDescription: input.shortDescriptionHi?.trim() ?? '',
    description: cleanHtml(input.descriptionHi ?? ''),
  }
  const searchText = [
    input.title,
    // A Hindi title finds the product too.
    hindi.title,
    names.category?.title,
    names.subcategory?.title,
    names.state?.name,
    input.sku,
    input.shortDescription,
    htmlText(description),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .slice(0, 10_000)
  return {
    title: input.title,
    price: paise(input.price),
    cutPrice: paise(input.cutPrice),
    // Computed here, never taken from the client (decision 014).
    discount: discountPercent(input.price, input.cutPrice),
    categoryId: input.categoryId,
    subcategoryId: input.subcategoryId,
    stateId: input.stateId,
    sku: input.sku,
    shortDescription: input.shortDescription ?? '',
    description,
    youtubeVideoLink: input.youtubeVideoLink,
    view360Link: input.view360Link,
    quantity: input.quantity,
    ...(input.hsnCode === undefined ? {} : { hsnCode: input.hsnCode }),
    ...(input.gstRate === undefined ? {} : { gstRate: Number(input.gstRate) }),
    ...(input.gstRateFixed === undefined ? {} : { gstRateFixed: input.gstRateFixed }),
    ...(input.uqc === undefined ? {} : { uqc: input.uqc }),
    // The parcel (decision 134): unsent, it stays as it is; empty clears it.
    ...(input.weight === undefined ? {} : { weight: input.weight }),
    ...(input.packageSize === undefined
      ? {}
      : {
          packageLengthCm: input.packageSize?.lengthCm ?? null,
          packageBreadthCm: input.packageSize?.breadthCm ?? null,
          packageHeightCm: input.packageSize?.heightCm ?? null,
        }),
    // Made to order (decision 132): unsent, it stays as it is; empty makes the piece ready to ship.
    ...(input.madeToOrder === undefined
      ? {}
      : { leadMinDays: input.madeToOrder?.minDays ?? null, leadMaxDays: input.madeToOrder?.maxDays ?? null }),
    ...(input.templeId === undefined ? {} : { templeId: input.templeId }),
    // The listings' filters (decision 130): unsent, they stay as they are.
    ...(input.materials === undefined ? {} : { materials: input.materials }),
    ...(input.techniques === undefined ? {} : { techniques: input.techniques }),
    ...(input.colours === undefined ? {} : { colours: input.colours }),
    searchText,
    ...(input.titleHi === undefined &&
    input.shortDescriptionHi === undefined &&
    input.descriptionHi === undefined
      ? {}
      : { translations: { hi: Object.fromEntries(Object.entries(hindi).filter(([, text]) => text)) } }),
  }
}
