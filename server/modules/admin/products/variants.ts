import { rowName, variantProblems, variantText, variantTitle } from '../../../../contracts/admin-variants.ts'
import type { DbOrTx } from '../../../db/client.ts'
import { newId } from '../../../db/ids.ts'
import { ValidationError } from '../../../http/errors.ts'
import type { CatalogueService, StoredProduct, StoredVariant } from '../../catalogue/service.ts'

/**
 * A product's options and variants as the console writes them (decision 129): the edit screen's table and
 * the CSV import both come here, so both keep the same rules and write the same way.
 */

type Catalogue = Pick<CatalogueService, 'productStore' | 'followVariants'>
type Option = { name: string; values: string[] }

/** One variant to be written: an existing one kept (its id), or a new one (null). Money in paise. */
export type VariantPlan = {
  id: string | null
  optionValues: string[]
  sku: string
  price: number
  cutPrice: number
  quantity: number
  weight: number | null
  /** Made to order (decision 132): its own days until it ships; null follows the product. */
  leadMinDays: number | null
  leadMaxDays: number | null
  images: string[]
}

/** The rules' problems as a 400: the first one's sentence, and each field's first. */
export function refuse(problems: Array<{ field: string; message: string }>): never {
  const fields: Record<string, string> = {}
  for (const p of problems) fields[p.field] ??= p.message
  throw new ValidationError(problems[0].message, fields)
}

/** The rules a product's options and variants follow, the same in the console and the CSV import. */
export function checkVariants(
  options: Option[],
  plans: VariantPlan[],
  productSku: string,
  rowNumber?: (index: number) => number,
) {
  return variantProblems(
    {
      options,
      // The rules (and their messages) speak rupees.
      variants: plans.map((p) => ({
        ...p,
        options: p.optionValues,
        price: p.price / 100,
        cutPrice: p.cutPrice / 100,
      })),
    },
    productSku,
    rowNumber,
  )
}

/**
 * The SKUs of these variants that another product, or another product's variant, already has (the product's
 * own variants are being written, so theirs are free), as problems of the rows.
 */
export async function skuProblems(
  db: DbOrTx,
  catalogue: Catalogue,
  productId: string | null,
  plans: Array<Pick<VariantPlan, 'sku' | 'optionValues'>>,
  field = (j: number) => `variants.${j}.sku`,
  rowNumber = (j: number) => j + 1,
) {
  const owners = await catalogue.productStore(db).skuOwners(plans.map((p) => p.sku))
  const problems: Array<{ field: string; message: string }> = []
  plans.forEach((p, j) => {
    const owner = owners.find((o) => o.sku.toLowerCase() === p.sku.toLowerCase() && o.productId !== productId)
    if (!owner) return
    const row = rowName(rowNumber(j), p.optionValues)
    problems.push({
      field: field(j),
      message: owner.variantId
        ? variantText.skuOfOtherVariant(row, p.sku, owner.title)
        : variantText.skuOfOtherProduct(row, p.sku, owner.title),
    })
  })
  return problems
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/** Whether a stored variant already is as planned (at this position). */
export function variantUnchanged(v: StoredVariant, p: VariantPlan, position: number) {
  return (
    v.position === position &&
    sameList(v.optionValues, p.optionValues) &&
    v.sku === p.sku &&
    v.price === p.price &&
    v.cutPrice === p.cutPrice &&
    v.quantity === p.quantity &&
    v.weight === p.weight &&
    v.leadMinDays === p.leadMinDays &&
    v.leadMaxDays === p.leadMaxDays &&
    sameList(v.images, p.images)
  )
}

/**
 * Writes a product's options and its variants in the caller's transaction (the product and its variants
 * locked by the caller): variants not planned are deleted (orders keep their lines, carts lose them), kept
 * ones updated where they differ, new ones added, in the plan's order; then the product follows them.
 */
export async function writeVariants(
  tx: DbOrTx,
  catalogue: Catalogue,
  productId: string,
  options: Option[],
  plans: VariantPlan[],
  existing: StoredVariant[],
) {
  const store = catalogue.productStore(tx)
  const byId = new Map(existing.map((v) => [v.id, v]))
  for (const p of plans) {
    if (p.id && !byId.has(p.id)) throw new ValidationError(variantText.noSuchVariant)
  }
  const kept = new Set(plans.map((p) => p.id))
  await store.deleteVariants(existing.filter((v) => !kept.has(v.id)).map((v) => v.id))
  // A SKU passed from one kept variant to another would meet itself in the unique index: those step aside.
  for (const p of plans) {
    const was = p.id ? byId.get(p.id) : undefined
    if (was && was.sku !== p.sku) await store.updateVariant(was.id, { sku: `~${was.id}` })
  }
  const added: Array<Parameters<typeof store.insertVariants>[0][number]> = []
  for (const [position, p] of plans.entries()) {
    const values = {
      optionValues: p.optionValues,
      sku: p.sku,
      price: p.price,
      cutPrice: p.cutPrice,
      quantity: p.quantity,
      weight: p.weight,
      leadMinDays: p.leadMinDays,
      leadMaxDays: p.leadMaxDays,
      images: p.images,
      position,
    }
    const was = p.id ? byId.get(p.id) : undefined
    if (!was) added.push({ id: newId(), productId, ...values })
    // One that stepped aside is written again with its new SKU (it differs, so it is never 'unchanged').
    else if (!variantUnchanged(was, p, position)) await store.updateVariant(was.id, values)
  }
  await store.insertVariants(added)
  await store.update(productId, { options })
  await catalogue.followVariants(productId, tx)
}

/** What an audit entry keeps of a product's options and variants. */
export function variantsAudit(
  product: Pick<StoredProduct, 'title'>,
  options: Option[],
  variants: Array<Pick<VariantPlan, 'optionValues' | 'sku' | 'price' | 'cutPrice' | 'quantity' | 'weight'>>,
) {
  return {
    title: product.title,
    options,
    variants: variants.map((v) => ({
      title: variantTitle(v.optionValues),
      sku: v.sku,
      price: v.price,
      cutPrice: v.cutPrice,
      quantity: v.quantity,
      weight: v.weight,
    })),
  }
}

/** A stored variant as a plan that keeps it as it is. */
export const planOf = (v: StoredVariant): VariantPlan => ({
  id: v.id,
  optionValues: v.optionValues,
  sku: v.sku,
  price: v.price,
  cutPrice: v.cutPrice,
  quantity: v.quantity,
  weight: v.weight,
  leadMinDays: v.leadMinDays,
  leadMaxDays: v.leadMaxDays,
  images: v.images,
})
