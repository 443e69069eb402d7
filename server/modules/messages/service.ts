import type { z } from 'zod'
import type { contactInputSchema, newsletterInputSchema } from '../../../contracts/messages.ts'
import type { Db } from '../../db/client.ts'
import { createMessagesRepo } from './repo.ts'

/** Saves what visitors send from the Contact Us form and the footer newsletter box; staff read them in the console. */
export function createMessagesService(deps: { db: Db }) {
  const repo = createMessagesRepo(deps.db)
  return {
    async contact(input: z.output<typeof contactInputSchema>) {
      await repo.insert({
        kind: 'contact',
        firstName: input.firstName,
        lastName: input.lastName || null,
        phone: input.phone || null,
        email: input.email,
        message: input.message,
      })
    },
    /** Subscribing twice keeps one entry; the visitor is thanked either way (nothing to learn from the answer). */
    async subscribe(input: z.output<typeof newsletterInputSchema>) {
      if (await repo.hasSubscriber(input.email)) return
      await repo.insert({ kind: 'newsletter', email: input.email })
    },
  }
}
export type MessagesService = ReturnType<typeof createMessagesService>
