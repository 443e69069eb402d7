import type { z } from 'zod'
import {
  bulkMatchingLimit,
  type PriceRounding,
  type productBulkInputSchema,
} from '../../../../contracts/admin.ts'
import type {
  ProductBulkPreview,
  ProductBulkResult,
  ProductBulkState,
} from '../../../../contracts/admin-products.ts'
import { variantTitle } from '../../../../contracts/admin-variants.ts'
import { discountPercent, formatPaise } from '../../../../contracts/money.ts'
import type { Db, DbOrTx, Tx } from '../../../db/client.ts'
import { newId } from '../../../db/ids.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../../http/errors.ts'
import type { CatalogueCache } from '../../../lib/cache.ts'
import type { AuditAction } from '../../audit/actions.ts'
import { writeAudit } from '../../audit/repo.ts'
import type {
  BulkChangeEntry,
  BulkChangeState,
  BulkVariantChange,
  CatalogueService,
  ProductFilters,
  StoredProduct,
  StoredVariant,
} from '../../catalogue/service.ts'
import type { Actor } from '../kit.ts'

type BulkInput = z.output<typeof productBulkInputSchema>
type BulkAction = BulkInput['action']
type PriceAction = Extract<BulkAction, { kind: 'setPrice' | 'changePrice' }>

/** No bulk price change takes a product below one rupee (100 paise). */
const lowestPrice = 100
/** The preview lists this many of the products it would change; the counts cover them all. */
const previewRows = 100

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const inRupees = (paise: number) => formatPaise(paise, { paise: 'when-any' })

/**
 * An amount in paise rounded as staff chose (decision 125): to the paisa, to whole rupees, or to the nearest
 * amount ending in 9 (or 99) rupees, a tie going up. An amount too small to end so falls to the next rule:
 * under ₹100, 'ending in 99' ends in 9; under ₹10, 'ending in 9' is whole rupees.
 */
export function roundPrice(paise: number, rounding: PriceRounding): number {
  const rupees = paise / 100
  const endingIn = (step: number) => {
    const end = step - 1
    const below = Math.floor((rupees - end) / step) * step + end
    const above = below + step
    return (rupees - below < above - rupees ? below : above) * 100
  }
  switch (rounding) {
    case 'paisa':
      return Math.round(paise)
    case 'rupee':
      return Math.round(rupees) * 100
    case 'nine':
      return rupees < 10 ? roundPrice(paise, 'rupee') : endingIn(10)
    case 'ninetyNine':
      return rupees < 100 ? roundPrice(paise, 'nine') : endingIn(100)
  }
}

const withDiscount = (s: Omit<BulkChangeState, 'discount'>): BulkChangeState => ({
  ...s,
  discount: discountPercent(s.price, s.cutPrice),
})
const stateOf = (row: StoredProduct): BulkChangeState =>
  withDiscount({
    price: row.price,
    cutPrice: row.cutPrice,
    quantity: row.quantity,
    isApproved: row.isApproved,
  })
const inRupeesState = (s: BulkChangeState): ProductBulkState => ({
  ...s,
  price: s.price / 100,
  cutPrice: s.cutPrice / 100,
})

/** The new price and MRP of a product (or of one of its variants), in whole paise. */
function repriced(action: PriceAction, row: { price: number; cutPrice: number }) {
  const noDiscount = row.cutPrice <= row.price
  if (action.kind === 'setPrice') {
    const price = Math.max(lowestPrice, Math.round(action.price * 100))
    // A list price no higher than the price means 'no discount': it moves with the price.
    return { price, cutPrice: noDiscount ? price : row.cutPrice }
  }
  const scaled = (paise: number) =>
    Math.max(lowestPrice, roundPrice((paise * (100 + action.percent)) / 100, action.rounding))
  const price = scaled(row.price)
  if (noDiscount) return { price, cutPrice: price }
  return {
    price,
    cutPrice: action.listPrice === 'scale' ? Math.max(price, scaled(row.cutPrice)) : row.cutPrice,
  }
}

/**
 * What a change would do to one product: change it to this state (and its variants' prices, where it has
 * variants), nothing, or nothing for a reason.
 */
type Plan =
  | { kind: 'changed'; after: BulkChangeState; variants?: BulkVariantChange[] }
  | { kind: 'unchanged' }
  | { kind: 'failed'; reason: string }

/** Why a product with variants (decision 129) takes no set price or stock from a bulk change. */
export const bulkVariantText = {
  setPrice:
    'It has variants with their own prices: change them by a percentage, or set them in its Options and variants table.',
  stock:
    'It has variants, each with its own stock: set them in its Options and variants table, one variant at a time.',
  aboveMrp: (title: string, price: number, cutPrice: number) =>
    `The new price of its variant ${title}, ${formatPaise(price, { paise: 'always' })}, would be above its MRP ${formatPaise(cutPrice, { paise: 'always' })}. Change both on its own page.`,
  variantChangedSince: (title: string, price: number) =>
    `The price of its variant ${title} was changed again since (now ${inRupees(price)}), so it was left as it is.`,
  variantsSince: 'It has variants since the change, so it was left as it is.',
} as const

/**
 * A price change of a product with variants: each variant's price changes as a product's would, and the
 * product follows its first variant (decision 129).
 */
function planForVariants(row: StoredProduct, action: BulkAction, variants: StoredVariant[]): Plan {
  if (action.kind === 'setPrice') return { kind: 'failed', reason: bulkVariantText.setPrice }
  if (action.kind === 'setStock' || action.kind === 'changeStock')
    return { kind: 'failed', reason: bulkVariantText.stock }
  if (action.kind !== 'changePrice') return planFor(row, action)
  const changes: BulkVariantChange[] = []
  for (const v of variants) {
    const next = repriced(action, v)
    const title = variantTitle(v.optionValues)
    if (next.price > next.cutPrice) {
      return { kind: 'failed', reason: bulkVariantText.aboveMrp(title, next.price, next.cutPrice) }
    }
    if (next.price === v.price && next.cutPrice === v.cutPrice) continue
    changes.push({ variantId: v.id, title, before: { price: v.price, cutPrice: v.cutPrice }, after: next })
  }
  if (changes.length === 0) return { kind: 'unchanged' }
  const first = changes.find((c) => c.variantId === variants[0].id)?.after ?? variants[0]
  return {
    kind: 'changed',
    after: withDiscount({ ...stateOf(row), price: first.price, cutPrice: first.cutPrice }),
    variants: changes,
  }
}

function planFor(row: StoredProduct, action: BulkAction, variants: StoredVariant[] = []): Plan {
  if (variants.length) return planForVariants(row, action, variants)
  const before = stateOf(row)
  switch (action.kind) {
    case 'approve':
    case 'unapprove': {
      const isApproved = action.kind === 'approve'
      if (row.isApproved === isApproved) return { kind: 'unchanged' }
      if (isApproved && row.archivedAt) {
        return { kind: 'failed', reason: 'It is archived: restore it on its own page before approving it.' }
      }
      return { kind: 'changed', after: { ...before, isApproved } }
    }
    case 'setPrice':
    case 'changePrice': {
      const { price, cutPrice } = repriced(action, row)
      if (price === row.price && cutPrice === row.cutPrice) return { kind: 'unchanged' }
      if (price > cutPrice) {
        return {
          kind: 'failed',
          reason: `The new price ${formatPaise(price, { paise: 'always' })} would be above its MRP ${formatPaise(cutPrice, { paise: 'always' })}. Change both on its own page.`,
        }
      }
      return { kind: 'changed', after: withDiscount({ ...before, price, cutPrice }) }
    }
    case 'setStock':
      if (row.quantity === action.quantity) return { kind: 'unchanged' }
      return { kind: 'changed', after: { ...before, quantity: action.quantity } }
    case 'changeStock':
      if (row.quantity + action.change < 0) {
        return {
          kind: 'failed',
          reason: `Only ${plural(row.quantity, 'piece')} in stock, so ${-action.change} cannot be taken away.`,
        }
      }
      return { kind: 'changed', after: { ...before, quantity: row.quantity + action.change } }
  }
}

const isPriceKind = (kind: string) => kind === 'setPrice' || kind === 'changePrice'
const isStockKind = (kind: string) => kind === 'setStock' || kind === 'changeStock'

/** The audit entry's before and after: the fields the change touches, with the product's title. */
function auditShape(
  kind: string,
  title: string,
  s: BulkChangeState,
  variants?: Array<{ title: string; price: number; cutPrice: number }>,
) {
  if (isPriceKind(kind) && variants?.length) return { title, price: s.price, cutPrice: s.cutPrice, variants }
  if (isPriceKind(kind)) return { title, price: s.price, cutPrice: s.cutPrice }
  if (isStockKind(kind)) return { title, quantity: s.quantity }
  return { title, isApproved: s.isApproved }
}

/** The answer's message: what was done, what already was, what could not be. */
function summary(action: BulkAction, r: Pick<ProductBulkResult, 'changed' | 'unchanged' | 'failed'>): string {
  const done = {
    approve: 'approved',
    unapprove: 'unapproved',
    setPrice: 'repriced',
    changePrice: 'repriced',
    setStock: 'given the new stock',
    changeStock: 'given the new stock',
  }[action.kind]
  const parts = [`${plural(r.changed, 'product')} ${done}`]
  if (r.unchanged)
    parts.push(`${plural(r.unchanged, 'product')} already ${r.unchanged === 1 ? 'was' : 'were'} so`)
  if (r.failed.length) parts.push(`${plural(r.failed.length, 'product')} not changed (see why below)`)
  return `${parts.join('; ')}.`
}

type VariantPrices = Array<{ title: string; price: number; cutPrice: number }>

type Planned = {
  row: StoredProduct
  before: BulkChangeState
  after: BulkChangeState
  variants?: BulkVariantChange[]
}

/** What the preview says in words about MRPs, discounts and rounding. */
function notesOn(action: BulkAction, changed: Planned[]): string[] {
  if (action.kind !== 'setPrice' && action.kind !== 'changePrice') return []
  const notes: string[] = []
  if (action.kind === 'changePrice') {
    const rounding = {
      paisa: null,
      rupee: 'New prices are rounded to whole rupees.',
      nine: 'New prices are rounded to the nearest amount ending in 9 rupees (under ₹10, to whole rupees).',
      ninetyNine:
        'New prices are rounded to the nearest amount ending in 99 rupees (under ₹100, ending in 9).',
    }[action.rounding]
    if (rounding) notes.push(rounding)
  }
  const discounted = changed.filter((c) => c.before.cutPrice > c.before.price)
  const plain = changed.length - discounted.length
  const moved = discounted.filter((c) => c.before.discount !== c.after.discount)
  const scaling = action.kind === 'changePrice' && action.listPrice === 'scale'
  if (discounted.length && scaling) {
    notes.push(
      `The MRP of ${plural(discounted.length, 'product')} changes by the same percentage, so the discount shown stays${moved.length ? ` (rounding moves it by a point on ${plural(moved.length, 'product')})` : ''}.`,
    )
  } else if (discounted.length) {
    const example = moved[0]
    notes.push(
      `${plural(discounted.length, 'product')} ${discounted.length === 1 ? 'keeps its' : 'keep their'} MRP, so the discount shown changes on ${plural(moved.length, 'product')}${example ? ` (${example.row.title}: −${example.before.discount}% becomes ${example.after.discount ? `−${example.after.discount}%` : 'no discount'})` : ''}.`,
    )
  }
  if (plain) {
    notes.push(
      `${plural(plain, 'product')} ${plain === 1 ? 'has' : 'have'} no MRP above the price: the MRP moves with the price.`,
    )
  }
  const withVariants = changed.filter((c) => c.variants?.length)
  if (withVariants.length) {
    const n = withVariants.reduce((sum, c) => sum + (c.variants?.length ?? 0), 0)
    notes.push(
      `${plural(withVariants.length, 'product')} ${withVariants.length === 1 ? 'has' : 'have'} variants: the prices of their ${plural(n, 'variant')} change the same way; each shows its first variant's price here.`,
    )
  }
  return notes
}

type Catalogue = Pick<CatalogueService, 'productStore' | 'stock' | 'followVariants'>

/**
 * Changes to many products (decisions 093, 125): shown first as a preview that writes nothing, then made in
 * one transaction (the products locked in id order, as orders take stock, so neither waits on the other in a
 * circle), each changed or left with its reason and each change audited; the change is kept whole, so it
 * can be undone whole. Stock added or taken away is a relative change, so pieces taken by an order meanwhile
 * stay taken.
 */
export function createProductBulk(deps: {
  db: Db
  cache: Pick<CatalogueCache, 'invalidate'>
  catalogue: Catalogue
  /** The list's filters as the products store takes them (the low-stock threshold is the shop's). */
  filtersOf: (q: NonNullable<BulkInput['matching']>) => Promise<ProductFilters>
}) {
  const { catalogue } = deps

  /** The products the change covers: the ticked ones, or every one the filters match. */
  async function idsFor(db: DbOrTx, input: BulkInput): Promise<string[]> {
    let ids = input.ids
    if (!ids) {
      if (!input.matching) throw new ValidationError('Tick the products to change.')
      ids = await catalogue
        .productStore(db)
        .idsMatching(await deps.filtersOf(input.matching), bulkMatchingLimit + 1)
      if (ids.length === 0) throw new ValidationError('No products match the filters.')
      if (ids.length > bulkMatchingLimit) {
        throw new ValidationError(
          `The filters match more than ${bulkMatchingLimit} products, and one change takes at most ${bulkMatchingLimit}. Narrow the filters.`,
        )
      }
    }
    if (input.expectedCount !== undefined && ids.length !== input.expectedCount) {
      throw new ConflictError(
        `The products changed since the preview: it covered ${input.expectedCount}, and ${ids.length} match now. Look at the preview again.`,
      )
    }
    return ids
  }

  /** Each product's variants (decision 129), by product. */
  function byProduct(variants: StoredVariant[]) {
    const map = new Map<string, StoredVariant[]>()
    for (const v of variants) map.set(v.productId, [...(map.get(v.productId) ?? []), v])
    return map
  }

  /** Each product's plan, in the order of the ids. */
  function plan(rows: StoredProduct[], ids: string[], action: BulkAction, variants: StoredVariant[]) {
    const byId = new Map(rows.map((r) => [r.id, r]))
    const variantsOf = byProduct(variants)
    const changed: Planned[] = []
    const failed: ProductBulkResult['failed'] = []
    let unchanged = 0
    for (const id of ids) {
      const row = byId.get(id)
      if (!row) {
        failed.push({ _id: id, title: null, reason: 'This product no longer exists.' })
        continue
      }
      const p = planFor(row, action, variantsOf.get(id))
      if (p.kind === 'unchanged') unchanged++
      else if (p.kind === 'failed') failed.push({ _id: id, title: row.title, reason: p.reason })
      else changed.push({ row, before: stateOf(row), after: p.after, variants: p.variants })
    }
    return { changed, failed, unchanged }
  }

  async function write(tx: Tx, action: BulkAction, c: Planned): Promise<BulkChangeState | string> {
    const repo = catalogue.productStore(tx)
    switch (action.kind) {
      case 'approve':
      case 'unapprove':
        await repo.update(c.row.id, { isApproved: c.after.isApproved })
        return c.after
      case 'setPrice':
      case 'changePrice':
        if (c.variants) {
          for (const v of c.variants) await repo.updateVariant(v.variantId, v.after)
          await catalogue.followVariants(c.row.id, tx)
          return c.after
        }
        await repo.update(c.row.id, {
          price: c.after.price,
          cutPrice: c.after.cutPrice,
          discount: c.after.discount,
        })
        return c.after
      case 'setStock':
        await repo.update(c.row.id, { quantity: c.after.quantity })
        return c.after
      case 'changeStock': {
        const left = await catalogue.stock.change(c.row.id, action.change, tx)
        if (left === null) {
          return `Only ${plural(c.row.quantity, 'piece')} in stock, so ${-action.change} cannot be taken away.`
        }
        return { ...c.after, quantity: left }
      }
    }
  }

  return {
    /** What the change would do, product by product; nothing is written. */
    async preview(input: BulkInput): Promise<{ message: string; data: ProductBulkPreview }> {
      const ids = await idsFor(deps.db, input)
      const store = catalogue.productStore(deps.db)
      const rows = await store.productsByIds(ids)
      const variants = await store.variantsOf(rows.filter((r) => r.options.length).map((r) => r.id))
      const { changed, failed, unchanged } = plan(rows, ids, input.action, variants)
      const data: ProductBulkPreview = {
        count: ids.length,
        changes: changed.length,
        unchanged,
        discountsChanged: changed.filter((c) => c.before.discount !== c.after.discount).length,
        failed,
        rows: changed.slice(0, previewRows).map((c) => ({
          _id: c.row.id,
          title: c.row.title,
          before: inRupeesState(c.before),
          after: inRupeesState(c.after),
        })),
        notes: notesOn(input.action, changed),
      }
      const message = changed.length
        ? `This would change ${plural(changed.length, 'product')} of ${ids.length}.`
        : `This would change none of the ${plural(ids.length, 'product')}.`
      return { message, data }
    },

    /** The change itself, planned again under the products' locks. */
    async apply(actor: Actor, input: BulkInput): Promise<{ message: string; data: ProductBulkResult }> {
      const result: ProductBulkResult = { changed: 0, unchanged: 0, failed: [], changeId: null }
      await deps.db.transaction(async (tx) => {
        const ids = await idsFor(tx, input)
        const store = catalogue.productStore(tx)
        const rows = await store.productsForUpdate(ids)
        const variants = await store.variantsForUpdate(rows.filter((r) => r.options.length).map((r) => r.id))
        const { changed, failed, unchanged } = plan(rows, ids, input.action, variants)
        result.unchanged = unchanged
        result.failed = failed
        const entries: BulkChangeEntry[] = []
        for (const c of changed) {
          const after = await write(tx, input.action, c)
          if (typeof after === 'string') {
            result.failed.push({ _id: c.row.id, title: c.row.title, reason: after })
            continue
          }
          entries.push({
            productId: c.row.id,
            before: c.before,
            after,
            ...(c.variants ? { variants: c.variants } : {}),
          })
          const kind = input.action.kind
          const prices = (side: 'before' | 'after') =>
            c.variants?.map((v) => ({ title: v.title, ...v[side] }))
          await writeAudit(tx, {
            actorId: actor.id,
            action:
              kind === 'approve'
                ? 'product.approve'
                : kind === 'unapprove'
                  ? 'product.unapprove'
                  : 'product.bulk-update',
            entity: 'product',
            entityId: c.row.id,
            before: auditShape(input.action.kind, c.row.title, c.before, prices('before')),
            after: auditShape(input.action.kind, c.row.title, after, prices('after')),
          })
        }
        result.changed = entries.length
        if (entries.length) {
          result.changeId = newId()
          await catalogue
            .productStore(tx)
            .insertBulkChange({ id: result.changeId, actorId: actor.id, kind: input.action.kind, entries })
        }
      })
      if (result.changed) deps.cache.invalidate()
      return { message: summary(input.action, result), data: result }
    },

    /**
     * The whole change taken back: each product returns to its state before it, unless it was changed again
     * since (it is then left, with the reason); stock goes back by the pieces the change added or took.
     */
    async undo(actor: Actor, changeId: string): Promise<{ message: string; data: ProductBulkResult }> {
      const result: ProductBulkResult = { changed: 0, unchanged: 0, failed: [], changeId: null }
      await deps.db.transaction(async (tx) => {
        const store = catalogue.productStore(tx)
        const change = await store.bulkChangeForUpdate(changeId)
        if (!change) throw new NotFoundError('There is no such bulk change.')
        if (change.undoneAt) throw new ConflictError('This change was already undone.')
        const rows = await store.productsForUpdate(change.entries.map((e) => e.productId))
        const byId = new Map(rows.map((r) => [r.id, r]))
        const variantsOf = byProduct(await store.variantsForUpdate(rows.map((r) => r.id)))
        for (const entry of change.entries) {
          const row = byId.get(entry.productId)
          if (!row) {
            result.failed.push({
              _id: entry.productId,
              title: null,
              reason: 'This product no longer exists.',
            })
            continue
          }
          const now = stateOf(row)
          const left = (reason: string) => result.failed.push({ _id: row.id, title: row.title, reason })
          let restored: BulkChangeState
          const variants = variantsOf.get(row.id) ?? []
          let variantsShown: { before: VariantPrices; after: VariantPrices } | undefined
          if (isPriceKind(change.kind)) {
            if (row.price !== entry.after.price || row.cutPrice !== entry.after.cutPrice) {
              left(`Its price was changed again since (now ${inRupees(row.price)}), so it was left as it is.`)
              continue
            }
          }
          if (
            variants.length &&
            !entry.variants &&
            change.kind !== 'approve' &&
            change.kind !== 'unapprove'
          ) {
            left(bulkVariantText.variantsSince)
            continue
          }
          if (isPriceKind(change.kind) && variants.length && entry.variants) {
            // Each variant back to its price before, unless one was changed again since (a deleted one is gone).
            const pairs = entry.variants.flatMap((e) => {
              const v = variants.find((x) => x.id === e.variantId)
              return v ? [{ e, v }] : []
            })
            const since = pairs.find(
              ({ e, v }) => v.price !== e.after.price || v.cutPrice !== e.after.cutPrice,
            )
            if (since) {
              left(bulkVariantText.variantChangedSince(since.e.title, since.v.price))
              continue
            }
            for (const { e } of pairs) await store.updateVariant(e.variantId, e.before)
            await catalogue.followVariants(row.id, tx)
            const [fresh] = await store.productsByIds([row.id])
            restored = stateOf(fresh)
            variantsShown = {
              before: pairs.map(({ e }) => ({ title: e.title, ...e.after })),
              after: pairs.map(({ e }) => ({ title: e.title, ...e.before })),
            }
          } else if (isPriceKind(change.kind)) {
            restored = { ...now, price: entry.before.price, cutPrice: entry.before.cutPrice }
            restored = withDiscount(restored)
            await store.update(row.id, {
              price: restored.price,
              cutPrice: restored.cutPrice,
              discount: restored.discount,
            })
          } else if (isStockKind(change.kind)) {
            const back = entry.before.quantity - entry.after.quantity
            const quantity = back === 0 ? row.quantity : await catalogue.stock.change(row.id, back, tx)
            if (quantity === null) {
              left(
                `Only ${plural(row.quantity, 'piece')} in stock now, so the ${-back} added cannot be taken away again.`,
              )
              continue
            }
            restored = { ...now, quantity }
          } else {
            if (row.isApproved !== entry.after.isApproved) {
              left('Its approval was changed again since, so it was left as it is.')
              continue
            }
            if (entry.before.isApproved && row.archivedAt) {
              left('It was archived since: restore it on its own page before approving it.')
              continue
            }
            restored = { ...now, isApproved: entry.before.isApproved }
            await store.update(row.id, { isApproved: restored.isApproved })
          }
          result.changed++
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'product.bulk-undo' satisfies AuditAction,
            entity: 'product',
            entityId: row.id,
            before: auditShape(change.kind, row.title, now, variantsShown?.before),
            after: auditShape(change.kind, row.title, restored, variantsShown?.after),
          })
        }
        await store.markBulkChangeUndone(changeId)
      })
      if (result.changed) deps.cache.invalidate()
      const parts = [`Undone: ${plural(result.changed, 'product')} back as before the change`]
      if (result.failed.length) {
        parts.push(
          `${plural(result.failed.length, 'product')} left as ${result.failed.length === 1 ? 'it is' : 'they are'} (see why below)`,
        )
      }
      return { message: `${parts.join('; ')}.`, data: result }
    },
  }
}
