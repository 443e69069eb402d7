import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { defaultLanguage, type Language } from '../../../contracts/languages.ts'
import { formatPaise } from '../../../contracts/money.ts'
import { type CreditKind, creditText, type StoreCredit } from '../../../contracts/store-credit.ts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { ConflictError } from '../../http/errors.ts'
import { storeCreditAccounts, storeCreditEntries } from './tables.ts'

/** One change to a balance: what it is for, and the number the customer knows it by. */
export type CreditMove = {
  userId: string
  /** Paise, more than nothing. */
  amount: number
  kind: CreditKind
  reference: string
  label: string
  orderId?: string | null
}

/**
 * Store credit (decision 139). A balance changes only inside the caller's transaction, with its ledger line
 * written in the same one: spending is one conditional update (`balance >= amount`), so of two spends racing
 * for the same credit the second sees what the first left, and the table's check refuses anything below nothing.
 */
export function createStoreCreditService(deps: { db: Db }) {
  async function entry(tx: DbOrTx, move: CreditMove, signed: number, balanceAfter: number) {
    await tx.insert(storeCreditEntries).values({
      userId: move.userId,
      amount: signed,
      balanceAfter,
      kind: move.kind,
      reference: move.reference,
      label: move.label,
      orderId: move.orderId ?? null,
    })
  }

  const service = {
    /** The customer's balance in paise (nothing for one who never had credit). */
    async balance(userId: string, db: DbOrTx = deps.db): Promise<number> {
      const [row] = await db
        .select({ balance: storeCreditAccounts.balance })
        .from(storeCreditAccounts)
        .where(eq(storeCreditAccounts.userId, userId))
      return row?.balance ?? 0
    },

    /** GET /store-credit: the balance and its ledger, newest first. */
    async statement(userId: string): Promise<StoreCredit> {
      const [balance, entries] = await Promise.all([
        service.balance(userId),
        deps.db
          .select()
          .from(storeCreditEntries)
          .where(eq(storeCreditEntries.userId, userId))
          .orderBy(desc(storeCreditEntries.createdAt), desc(storeCreditEntries.balanceAfter))
          .limit(200),
      ])
      return {
        balance,
        entries: entries.map((e) => ({
          amount: e.amount,
          balanceAfter: e.balanceAfter,
          kind: e.kind as CreditKind,
          label: e.label,
          orderId: e.orderId,
          at: e.createdAt.toISOString(),
        })),
      }
    },

    /** Adds to the balance (a return refunded as credit, an order's credit given back). */
    async add(tx: Tx, move: CreditMove): Promise<number> {
      if (move.amount <= 0) return service.balance(move.userId, tx)
      const [row] = await tx
        .insert(storeCreditAccounts)
        .values({ userId: move.userId, balance: move.amount })
        .onConflictDoUpdate({
          target: storeCreditAccounts.userId,
          set: { balance: sql`${storeCreditAccounts.balance} + ${move.amount}`, updatedAt: sql`now()` },
        })
        .returning({ balance: storeCreditAccounts.balance })
      await entry(tx, move, move.amount, row!.balance)
      return row!.balance
    },

    /**
     * Spends from the balance, only where enough is left; otherwise nothing changes and the customer reads
     * what they have now.
     */
    async spend(tx: Tx, move: CreditMove, language: Language = defaultLanguage): Promise<number> {
      const left = await service.trySpend(tx, move)
      if (left !== null) return left
      const { t } = translatorFor(language)
      throw new ConflictError(
        t(creditText.changed, {
          balance: formatPaise(await service.balance(move.userId, tx)),
          amount: formatPaise(move.amount),
        }),
      )
    },

    /** Spends when enough is left and answers the balance; null (nothing spent) when it is not. */
    async trySpend(tx: Tx, move: CreditMove): Promise<number | null> {
      if (move.amount <= 0) return service.balance(move.userId, tx)
      const [row] = await tx
        .update(storeCreditAccounts)
        .set({ balance: sql`${storeCreditAccounts.balance} - ${move.amount}`, updatedAt: sql`now()` })
        .where(
          and(eq(storeCreditAccounts.userId, move.userId), gte(storeCreditAccounts.balance, move.amount)),
        )
        .returning({ balance: storeCreditAccounts.balance })
      if (!row) return null
      await entry(tx, move, -move.amount, row.balance)
      return row.balance
    },
  }
  return service
}
export type StoreCreditService = ReturnType<typeof createStoreCreditService>
