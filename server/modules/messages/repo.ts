import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { contactMessages } from '../../db/schema.ts'

export function createMessagesRepo(db: DbOrTx) {
  return {
    insert(row: typeof contactMessages.$inferInsert) {
      return db.insert(contactMessages).values(row)
    },
    async hasSubscriber(email: string) {
      const [row] = await db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(
          and(
            eq(contactMessages.kind, 'newsletter'),
            sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`,
          ),
        )
        .limit(1)
      return Boolean(row)
    },
  }
}
