import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { contactMessages, contactReplies, mailOutbox, users } from '../../db/schema.ts'

export function createMessagesRepo(db: DbOrTx) {
  const newsletter = eq(contactMessages.kind, 'newsletter')
  return {
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
          authorName: users.fullName,
          mailStatus: mailOutbox.status,
        })
        .from(contactReplies)
        .leftJoin(users, eq(users.id, contactReplies.authorId))
        .leftJoin(mailOutbox, eq(mailOutbox.id, contactReplies.outboxId))
        .where(eq(contactReplies.messageId, messageId))
        .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
    },
  }
}
