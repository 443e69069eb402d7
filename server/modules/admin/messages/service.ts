import type { z } from 'zod'
import type { messageListQuerySchema } from '../../../../contracts/admin.ts'
import type { Db } from '../../../db/client.ts'
import type { MessagesService } from '../../messages/service.ts'
import { type Actor, mustId, page, pageWindow } from '../kit.ts'

/** Contact Us messages and newsletter sign-ups in the console; the messages module keeps and answers them. */
export function createAdminMessagesService(deps: {
  db: Db
  messages: Pick<MessagesService, 'setStatus' | 'page'>
}) {
  return {
    async list(q: z.output<typeof messageListQuerySchema>) {
      const { rows, total } = await deps.messages.page({ ...q, ...pageWindow(q) })
      return page(
        rows.map((m) => ({
          _id: m.id,
          kind: m.kind,
          firstName: m.firstName,
          lastName: m.lastName,
          phone: m.phone,
          email: m.email,
          message: m.message,
          status: m.status,
          // Newsletter sign-ups count once their owner followed the e-mailed link (decision 073).
          confirmed: m.kind === 'newsletter' ? Boolean(m.confirmedAt && !m.unsubscribedAt) : null,
          createdAt: m.createdAt.toISOString(),
        })),
        total,
        q,
      )
    },
    async setStatus(actor: Actor, id: string, status: 'new' | 'read') {
      mustId(id, 'message')
      return deps.messages.setStatus(actor.id, id, status)
    },
  }
}
export type AdminMessagesService = ReturnType<typeof createAdminMessagesService>
