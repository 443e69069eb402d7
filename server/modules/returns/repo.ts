import { and, eq, inArray, or } from 'drizzle-orm'
import type { ReturnRule } from '../../../contracts/return-rules.ts'
import type { DbOrTx } from '../../db/client.ts'
import { returnRules } from './tables.ts'

type Scope = 'shop' | 'category' | 'product'

const ruleOf = (r: typeof returnRules.$inferSelect): ReturnRule => ({
  returnable: r.returnable,
  windowDays: r.windowDays,
  exchange: r.exchange,
  returnShipping: r.returnShipping,
  restockingFeePercent: r.restockingFeePercent,
})

export function createReturnsRepo(db: DbOrTx) {
  return {
    /** Every rule of a scope, by its target's id. */
    async ofScope(scope: Scope): Promise<Map<string, ReturnRule>> {
      const rows = await db.select().from(returnRules).where(eq(returnRules.scope, scope))
      return new Map(rows.map((r) => [r.targetId, ruleOf(r)]))
    },

    /** The shop's rule and the rules of these categories and products, in one read. */
    async forTargets(categoryIds: string[], productIds: string[]) {
      const rows = await db
        .select()
        .from(returnRules)
        .where(
          or(
            eq(returnRules.scope, 'shop'),
            categoryIds.length
              ? and(eq(returnRules.scope, 'category'), inArray(returnRules.targetId, categoryIds))
              : undefined,
            productIds.length
              ? and(eq(returnRules.scope, 'product'), inArray(returnRules.targetId, productIds))
              : undefined,
          ),
        )
      const of = (scope: Scope) =>
        new Map(rows.filter((r) => r.scope === scope).map((r) => [r.targetId, ruleOf(r)]))
      return { shop: of('shop').get('shop') ?? null, categories: of('category'), products: of('product') }
    },

    async put(scope: Scope, targetId: string, rule: ReturnRule) {
      await db
        .insert(returnRules)
        .values({ scope, targetId, ...rule })
        .onConflictDoUpdate({ target: [returnRules.scope, returnRules.targetId], set: { ...rule } })
    },

    async remove(scope: Scope, targetId: string) {
      await db
        .delete(returnRules)
        .where(and(eq(returnRules.scope, scope), eq(returnRules.targetId, targetId)))
    },
  }
}
