import type { z } from 'zod'
import type { productBulkInputSchema } from '../../../../contracts/admin.ts'
import type { ProductBulkResult } from '../../../../contracts/admin-products.ts'
import { discountPercent, formatPaise } from '../../../../contracts/money.ts'
import type { Db, Tx } from '../../../db/client.ts'
import type { CatalogueCache } from '../../../lib/cache.ts'
import type { AuditAction } from '../../audit/actions.ts'
import { writeAudit } from '../../audit/repo.ts'
import type { Actor } from '../kit.ts'
import { createProductsRepo, type ProductRow } from './repo.ts'

type BulkInput = z.output<typeof productBulkInputSchema>
type BulkAction = BulkInput['action']

/** No bulk price change takes a product below one rupee (100 paise). */
const lowestPrice = 100

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The new price of a product, in whole paise: set as given, or changed by a percentage (rounded). */
export function bulkPrice(
  action: Extract<BulkAction, { kind: 'setPrice' | 'changePrice' }>,
  current: number,
) {
  const next =
    action.kind === 'setPrice'
      ? Math.round(action.price * 100)
      : Math.round((current * (100 + action.percent)) / 100)
  return Math.max(lowestPrice, next)
}

/** What happened to one product: changed (with its audit record), already so, or refused with a reason. */
type Outcome =
  | { kind: 'changed'; action: AuditAction; before: Record<string, unknown>; after: Record<string, unknown> }
  | { kind: 'unchanged' }
  | { kind: 'failed'; reason: string }

async function applyTo(tx: Tx, row: ProductRow, action: BulkAction): Promise<Outcome> {
  const repo = createProductsRepo(tx)
  const named = { title: row.title }
  switch (action.kind) {
    case 'approve':
    case 'unapprove': {
      const isApproved = action.kind === 'approve'
      if (row.isApproved === isApproved) return { kind: 'unchanged' }
      if (isApproved && row.archivedAt) {
        return { kind: 'failed', reason: 'It is archived: restore it on its own page before approving it.' }
      }
      await repo.update(row.id, { isApproved })
      return {
        kind: 'changed',
        action: isApproved ? 'product.approve' : 'product.unapprove',
        before: { ...named, isApproved: row.isApproved },
        after: { ...named, isApproved },
      }
    }
    case 'setPrice':
    case 'changePrice': {
      const price = bulkPrice(action, row.price)
      if (price === row.price) return { kind: 'unchanged' }
      // A list price no higher than the price means 'no discount': it moves with the price.
      const cutPrice = row.cutPrice <= row.price ? price : row.cutPrice
      if (price > cutPrice) {
        return {
          kind: 'failed',
          reason: `The new price ${formatPaise(price, { paise: 'always' })} would be above its MRP ${formatPaise(cutPrice, { paise: 'always' })}. Change both on its own page.`,
        }
      }
      await repo.update(row.id, { price, cutPrice, discount: discountPercent(price, cutPrice) })
      return {
        kind: 'changed',
        action: 'product.bulk-update',
        before: { ...named, price: row.price, cutPrice: row.cutPrice },
        after: { ...named, price, cutPrice },
      }
    }
    case 'setStock': {
      if (row.quantity === action.quantity) return { kind: 'unchanged' }
      await repo.update(row.id, { quantity: action.quantity })
      return {
        kind: 'changed',
        action: 'product.bulk-update',
        before: { ...named, quantity: row.quantity },
        after: { ...named, quantity: action.quantity },
      }
    }
    case 'changeStock': {
      const left = await repo.changeStock(row.id, action.change)
      if (left === null) {
        return {
          kind: 'failed',
          reason: `Only ${plural(row.quantity, 'piece')} in stock, so ${-action.change} cannot be taken away.`,
        }
      }
      return {
        kind: 'changed',
        action: 'product.bulk-update',
        before: { ...named, quantity: row.quantity },
        after: { ...named, quantity: left },
      }
    }
  }
}

/** The answer's message: what was done, what already was, what could not be. */
function summary(action: BulkAction, r: ProductBulkResult): string {
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

/**
 * One change to many products, in one transaction (decision 093): the products are locked in id order
 * (as orders take stock, so neither waits on the other in a circle), each is changed or left with its
 * reason, and each change gets its audit entry. Stock added or taken away is a relative change, so
 * pieces taken by an order meanwhile stay taken.
 */
export function createProductBulk(deps: { db: Db; cache: Pick<CatalogueCache, 'invalidate'> }) {
  return async function bulkChange(actor: Actor, input: BulkInput) {
    const result: ProductBulkResult = { changed: 0, unchanged: 0, failed: [] }
    await deps.db.transaction(async (tx) => {
      const rows = await createProductsRepo(tx).productsForUpdate(input.ids)
      const byId = new Map(rows.map((r) => [r.id, r]))
      for (const id of input.ids) {
        const row = byId.get(id)
        if (!row) {
          result.failed.push({ _id: id, title: null, reason: 'This product no longer exists.' })
          continue
        }
        const outcome = await applyTo(tx, row, input.action)
        if (outcome.kind === 'unchanged') result.unchanged++
        else if (outcome.kind === 'failed')
          result.failed.push({ _id: id, title: row.title, reason: outcome.reason })
        else {
          result.changed++
          await writeAudit(tx, {
            actorId: actor.id,
            action: outcome.action,
            entity: 'product',
            entityId: id,
            before: outcome.before,
            after: outcome.after,
          })
        }
      }
    })
    if (result.changed) deps.cache.invalidate()
    return { message: summary(input.action, result), data: result }
  }
}
