import { and, count, desc, eq, ilike, or } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { contactMessages } from '../../../db/schema.ts'
import { containing } from '../kit.ts'

/** The console's list of Contact Us messages and newsletter sign-ups (decision 050); read only. */
export function createMessagesListRepo(db: DbOrTx) {
  return {
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
  }
}
