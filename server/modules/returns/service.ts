import type { Language } from '../../../contracts/languages.ts'
import type { StoredChoice } from '../../../contracts/personalisation.ts'
import {
  type PieceKind,
  type PieceRule,
  type ReturnRule,
  ruleForPiece,
  shopDefaultRule,
} from '../../../contracts/return-rules.ts'
import {
  type ProductReturnRule,
  type ReturnSettings,
  type ReturnSettingsInput,
  returnSettingsBody,
} from '../../../contracts/returns.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { NotFoundError, ValidationError } from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import { writeAudit } from '../audit/repo.ts'
import { createReturnsRepo } from './repo.ts'

type ReturnFacts = {
  id: string
  categoryId: string | null
  templeId: string | null
  personalisation: StoredChoice[]
}

/**
 * What a plain piece of a product is, for its rule: a temple's prasad; made to measure (a measurement form
 * always asked); personalised (a text always asked); or nothing special. A line's own answers judge it later.
 */
export function kindOfProduct(p: Pick<ReturnFacts, 'templeId' | 'personalisation'>): PieceKind | null {
  if (p.templeId) return 'prasad'
  if (p.personalisation.some((c) => c.kind === 'measurements' && c.required && c.forAddon === null))
    return 'made-to-measure'
  if (p.personalisation.some((c) => c.kind === 'text' && c.required)) return 'personalised'
  return null
}

/**
 * Return rules (decision 137): the shop's rule, a category's and a product's exception, kept in this module's
 * table; what a piece is sold under, for the product page, the return policy page and, later, a request.
 */
export function createReturnsService(deps: {
  db: Db
  /** Dropped after a rule changes: product pages and the return policy page show the rules. */
  cache: Pick<CatalogueCache, 'invalidate'>
  /** Products' categories, temples and choices; the categories staff name rules for and the pages show. */
  catalogue: {
    returnFacts(ids: string[], db?: DbOrTx): Promise<ReturnFacts[]>
    structure(tx?: DbOrTx): Promise<{ categories: Array<{ id: string; title: string }> }>
    categoriesIn(language: Language): Promise<Array<{ _id: string; label: string }>>
  }
}) {
  const repoOf = (db: DbOrTx = deps.db) => createReturnsRepo(db)

  async function settingsIn(db: DbOrTx): Promise<ReturnSettings> {
    const [shop, categories, { categories: all }] = await Promise.all([
      repoOf(db).forTargets([], []),
      repoOf(db).ofScope('category'),
      deps.catalogue.structure(db),
    ])
    return {
      shop: shop.shop ?? shopDefaultRule,
      categories: all.map((c) => ({ categoryId: c.id, title: c.title, rule: categories.get(c.id) ?? null })),
    }
  }

  /** The rule a plain piece of each product is sold under, by product id; a product not found is left out. */
  async function rulesForProducts(ids: string[], db: DbOrTx = deps.db): Promise<Map<string, PieceRule>> {
    const facts = await deps.catalogue.returnFacts(ids, db)
    const categoryIds = [...new Set(facts.flatMap((f) => (f.categoryId ? [f.categoryId] : [])))]
    const rules = await repoOf(db).forTargets(
      categoryIds,
      facts.map((f) => f.id),
    )
    const shop = rules.shop ?? shopDefaultRule
    return new Map(
      facts.map((f) => [
        f.id,
        ruleForPiece(
          {
            product: rules.products.get(f.id) ?? null,
            category: (f.categoryId && rules.categories.get(f.categoryId)) || null,
            shop,
          },
          kindOfProduct(f),
        ),
      ]),
    )
  }

  /**
   * The rule each sold piece is under, in the order asked: its product's, judged as the piece it was sold as
   * (`kind`: a line with measurements or a text given is made to measure or personalised, whatever its product).
   */
  async function pieceRules(
    pieces: Array<{ productId: string; kind: PieceKind | null }>,
    db: DbOrTx = deps.db,
  ): Promise<Array<PieceRule | null>> {
    const facts = new Map(
      (await deps.catalogue.returnFacts([...new Set(pieces.map((p) => p.productId))], db)).map((f) => [
        f.id,
        f,
      ]),
    )
    const categoryIds = [...new Set([...facts.values()].flatMap((f) => (f.categoryId ? [f.categoryId] : [])))]
    const rules = await repoOf(db).forTargets(categoryIds, [...facts.keys()])
    const shop = rules.shop ?? shopDefaultRule
    return pieces.map((p) => {
      const f = facts.get(p.productId)
      if (!f) return null
      return ruleForPiece(
        {
          product: rules.products.get(f.id) ?? null,
          category: (f.categoryId && rules.categories.get(f.categoryId)) || null,
          shop,
        },
        p.kind ?? kindOfProduct(f),
      )
    })
  }

  /** A product's own rule (null: its category's or the shop's) and the rule a plain piece has now. */
  async function productRule(productId: string, db: DbOrTx = deps.db): Promise<ProductReturnRule> {
    const [own, effective] = await Promise.all([
      repoOf(db).forTargets([], [productId]),
      rulesForProducts([productId], db),
    ])
    const rule = effective.get(productId)
    if (!rule) throw new NotFoundError('Product not found.')
    return { rule: own.products.get(productId) ?? null, effective: rule }
  }

  return {
    rulesForProducts,
    pieceRules,

    /** The rule a plain piece of this product is sold under (the product page), or null for no such product. */
    async ruleForProduct(productId: string): Promise<PieceRule | null> {
      return (await rulesForProducts([productId])).get(productId) ?? null
    },

    /** The console's Settings, Returns: the shop's rule and every category's own rule, if any. */
    settings(): Promise<ReturnSettings> {
      return settingsIn(deps.db)
    },

    /** Saves the shop's rule and each category's (null: back to the shop's), audited as one change. */
    async save(actorId: string, input: ReturnSettingsInput): Promise<ReturnSettings> {
      const v = returnSettingsBody.parse(input)
      const saved = await deps.db.transaction(async (tx) => {
        const before = await settingsIn(tx)
        const known = new Set(before.categories.map((c) => c.categoryId))
        const seen = new Set<string>()
        v.categories.forEach((c, i) => {
          if (!known.has(c.categoryId))
            throw new ValidationError('That category does not exist any more. Reload the page.', {
              [`categories.${i}.categoryId`]: 'not a category of the shop',
            })
          if (seen.has(c.categoryId))
            throw new ValidationError('A category is named twice.', {
              [`categories.${i}.categoryId`]: 'named twice',
            })
          seen.add(c.categoryId)
        })
        const r = repoOf(tx)
        await r.put('shop', 'shop', v.shop)
        for (const c of v.categories) {
          if (c.rule) await r.put('category', c.categoryId, c.rule)
          else await r.remove('category', c.categoryId)
        }
        const after = await settingsIn(tx)
        const rulesOf = (s: ReturnSettings) => ({
          shop: s.shop,
          ...Object.fromEntries(s.categories.flatMap((c) => (c.rule ? [[c.title, c.rule]] : []))),
        })
        await writeAudit(tx, {
          actorId,
          action: 'settings.returns',
          entity: 'settings',
          entityId: 'shop',
          before: rulesOf(before),
          after: rulesOf(after),
        })
        return after
      })
      deps.cache.invalidate()
      return saved
    },

    productRule: (productId: string) => productRule(productId),

    /** Gives a product its own rule, or (null) puts it back under its category's, audited on the product. */
    async saveProductRule(
      actorId: string,
      productId: string,
      rule: ReturnRule | null,
    ): Promise<ProductReturnRule> {
      const saved = await deps.db.transaction(async (tx) => {
        const before = await productRule(productId, tx)
        if (rule) await repoOf(tx).put('product', productId, rule)
        else await repoOf(tx).remove('product', productId)
        const after = await productRule(productId, tx)
        await writeAudit(tx, {
          actorId,
          action: 'product.returns',
          entity: 'product',
          entityId: productId,
          before: { rule: before.rule },
          after: { rule: after.rule },
        })
        return after
      })
      deps.cache.invalidate()
      return saved
    },

    /** The return policy page: the shop's rule and each shown category's own, named in `language`. */
    async policy(language: Language): Promise<{
      shop: ReturnRule
      categories: Array<{ label: string; rule: ReturnRule }>
    }> {
      const [rules, categories] = await Promise.all([
        repoOf().forTargets([], []),
        deps.catalogue.categoriesIn(language),
      ])
      const own = await repoOf().ofScope('category')
      return {
        shop: rules.shop ?? shopDefaultRule,
        categories: categories.flatMap((c) => {
          const rule = own.get(c._id)
          return rule ? [{ label: c.label, rule }] : []
        }),
      }
    },
  }
}
export type ReturnsService = ReturnType<typeof createReturnsService>
