import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { containing } from '../../lib/text-search.ts'
import { contactMessages, contactReplies } from './tables.ts'

export function createMessagesRepo(db: DbOrTx) {
  const newsletter = eq(contactMessages.kind, 'newsletter')
  return {
    /** The console's list of Contact Us messages and newsletter sign-ups (decision 050), newest first. */
    async messagePage(opts: {
      q?: string
      kind?: 'contact' | 'newsletter'
      status?: 'new' | 'read'
      offset: number
      limit: number
    }) {
      const conds = []
      if (opts.kind) conds.push(eq(contactMessages.kind, opts.kind))
      if (opts.status) conds.push(eq(contactMessages.status, opts.status))
      if (opts.q) {
        const p = containing(opts.q)
        conds.push(
          or(
            ilike(contactMessages.email, p),
            ilike(contactMessages.firstName, p),
            ilike(contactMessages.lastName, p),
            ilike(contactMessages.message, p),
            ilike(contactMessages.phone, p),
          ),
        )
      }
      const where = conds.length ? and(...conds) : undefined
      const rows = await db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(where)
      return { rows, total }
    },
    /** Contact Us messages nobody has read yet (the dashboard's count). */
    async unread() {
      const [row] = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.kind, 'contact'), eq(contactMessages.status, 'new')))
      return Number(row?.n ?? 0)
    },
    insert(row: typeof contactMessages.$inferInsert) {
      return db.insert(contactMessages).values(row)
    },
    async update(id: string, values: Partial<typeof contactMessages.$inferInsert>) {
      await db.update(contactMessages).set(values).where(eq(contactMessages.id, id))
    },
    async byId(id: string) {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id))
      return row
    },
    async subscriber(email: string) {
      const [row] = await db
        .select()
        .from(contactMessages)
        .where(and(newsletter, sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`))
        .limit(1)
      return row
    },
    async subscriberByConfirmHash(hash: string) {
      const [row] = await db
        .select()
        .from(contactMessages)
        .where(and(newsletter, eq(contactMessages.confirmTokenHash, hash)))
      return row
    },
    async subscriberByUnsubscribeToken(token: string) {
      const [row] = await db
        .select()
        .from(contactMessages)
        .where(and(newsletter, eq(contactMessages.unsubscribeToken, token)))
      return row
    },
    confirmedSubscribers() {
      return db
        .select({ email: contactMessages.email, unsubscribeToken: contactMessages.unsubscribeToken })
        .from(contactMessages)
        .where(
          and(newsletter, isNotNull(contactMessages.confirmedAt), isNull(contactMessages.unsubscribedAt)),
        )
    },
    async insertReply(row: typeof contactReplies.$inferInsert) {
      const [inserted] = await db.insert(contactReplies).values(row).returning()
      return inserted!
    },
    replies(messageId: string) {
      return db
        .select({
          id: contactReplies.id,
          body: contactReplies.body,
          createdAt: contactReplies.createdAt,
          outboxId: contactReplies.outboxId,
          authorId: contactReplies.authorId,
        })
        .from(contactReplies)
        .where(eq(contactReplies.messageId, messageId))
        .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
    },
  }
}
