import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { defaultLanguage, isLanguage, type Language } from '../../../contracts/languages.ts'
import { withVariant } from '../../../contracts/product-card.ts'
import { stockAlertMessages } from '../../../contracts/stock-alerts.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { ConflictError, NotFoundError } from '../../http/errors.ts'
import type { AccountsService } from '../accounts/service.ts'
import { chosenVariant } from '../cart/choice.ts'
import { mailTextsIn } from '../mail/messages.ts'
import type { MailService } from '../mail/service.ts'
import type { CatalogueService } from './service.ts'
import { products, productVariants, stockAlerts } from './tables.ts'

/**
 * 'Notify me' (issue 32, decision 131): a signed-in customer asks for a sold-out product or variant, and gets
 * one e-mail when it is back in stock. The sweeper looks every minute (`sendDue`); an alert is marked in the
 * transaction that writes its e-mail into the outbox, its row locked and skipped by any other instance.
 */
export function createStockAlertsService(deps: {
  db: Db
  catalogue: Pick<CatalogueService, 'product' | 'byIds'>
  mail: Pick<MailService, 'send' | 'url'>
  accounts: Pick<AccountsService, 'people'>
}) {
  const pieceOf = (variantId: string | null) =>
    variantId ? eq(stockAlerts.variantId, variantId) : isNull(stockAlerts.variantId)

  return {
    /**
     * Asks to be told when the piece is back. Only what is sold out may be asked for (409 otherwise); asking
     * twice keeps one request, and asking again after the e-mail went waits again.
     */
    async ask(userId: string, productId: string, variantId: string | undefined, language: Language) {
      const product = await deps.catalogue.product(productId)
      const variant = chosenVariant(product, variantId)
      if ((variant ? variant.quantity : product.quantity) > 0)
        throw new ConflictError(stockAlertMessages.inStock)
      await deps.db
        .insert(stockAlerts)
        .values({ userId, productId: product._id, variantId: variant?._id ?? null, language })
        .onConflictDoUpdate({
          target: [stockAlerts.userId, stockAlerts.productId, stockAlerts.variantId],
          set: { notifiedAt: null, language, updatedAt: new Date() },
        })
      return { productId: product._id, variantId: variant?._id ?? null }
    },

    /** Takes the request back; true when there was one waiting. */
    async withdraw(userId: string, productId: string, variantId: string | undefined) {
      const gone = await deps.db
        .delete(stockAlerts)
        .where(
          and(
            eq(stockAlerts.userId, userId),
            eq(stockAlerts.productId, productId),
            pieceOf(variantId ?? null),
            isNull(stockAlerts.notifiedAt),
          ),
        )
        .returning({ id: stockAlerts.id })
      return gone.length > 0
    },

    /** The caller's waiting requests for one product: which variants (null: the product itself). */
    async mine(userId: string, productId: string): Promise<Array<{ variantId: string | null }>> {
      return deps.db
        .select({ variantId: stockAlerts.variantId })
        .from(stockAlerts)
        .where(
          and(
            eq(stockAlerts.userId, userId),
            eq(stockAlerts.productId, productId),
            isNull(stockAlerts.notifiedAt),
          ),
        )
    },

    /** For the console: how many customers wait for a product, per variant (null: the product itself). */
    async waiting(productId: string, db: DbOrTx = deps.db) {
      const [known] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId))
      if (!known) throw new NotFoundError('Product not found.')
      const rows = await db
        .select({ variantId: stockAlerts.variantId, waiting: count() })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.productId, productId), isNull(stockAlerts.notifiedAt)))
        .groupBy(stockAlerts.variantId)
      return rows.map((r) => ({ variantId: r.variantId, waiting: Number(r.waiting) }))
    },

    /**
     * E-mails everyone whose piece is back in stock and on sale: at most `limit` a run, each once. A piece
     * that is back but not shown (unapproved, archived, its category hidden) waits until it is.
     */
    async sendDue(limit = 200): Promise<{ backInStock: number }> {
      const candidates = await deps.db
        .select({ id: stockAlerts.id, productId: stockAlerts.productId })
        .from(stockAlerts)
        .innerJoin(products, eq(products.id, stockAlerts.productId))
        .leftJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
        .where(
          and(
            isNull(stockAlerts.notifiedAt),
            sql`case when ${stockAlerts.variantId} is null then ${products.quantity} else ${productVariants.quantity} end > 0`,
          ),
        )
        .orderBy(asc(stockAlerts.createdAt))
        .limit(limit)
      if (candidates.length === 0) return { backInStock: 0 }
      // What is on sale, read before the transaction (the catalogue reads through its own cache).
      const shown = await deps.catalogue.byIds(candidates.map((c) => c.productId))
      const onSale = candidates.filter((c) => shown.has(c.productId)).map((c) => c.id)
      if (onSale.length === 0) return { backInStock: 0 }
      return deps.db.transaction(async (tx) => {
        // Locked and still waiting: another instance's run skips these, and one that got here first took them.
        const due = await tx
          .select({
            id: stockAlerts.id,
            userId: stockAlerts.userId,
            productId: stockAlerts.productId,
            variantId: stockAlerts.variantId,
            language: stockAlerts.language,
          })
          .from(stockAlerts)
          .where(and(inArray(stockAlerts.id, onSale), isNull(stockAlerts.notifiedAt)))
          .for('update', { skipLocked: true })
        if (due.length === 0) return { backInStock: 0 }
        const people = await deps.accounts.people(
          due.map((d) => d.userId),
          tx,
        )
        const sent: string[] = []
        for (const alert of due) {
          const product = shown.get(alert.productId)
          if (!product) continue
          const variant = alert.variantId ? product.variants.find((v) => v._id === alert.variantId) : null
          if (alert.variantId && !variant) continue
          sent.push(alert.id)
          const person = people.get(alert.userId)
          if (!person?.email) continue
          const language = isLanguage(alert.language) ? alert.language : defaultLanguage
          const address = `/Productdetails/${product._id}${variant ? `?variant=${variant._id}` : ''}`
          await deps.mail.send(tx, {
            kind: 'customer.back-in-stock',
            to: person.email,
            content: mailTextsIn(language).backInStock(
              person.fullName,
              withVariant(product.title, variant?.title),
              deps.mail.url(address),
            ),
          })
        }
        if (sent.length > 0)
          await tx
            .update(stockAlerts)
            .set({ notifiedAt: new Date(), updatedAt: new Date() })
            .where(inArray(stockAlerts.id, sent))
        return { backInStock: sent.length }
      })
    },
  }
}
export type StockAlertsService = ReturnType<typeof createStockAlertsService>
