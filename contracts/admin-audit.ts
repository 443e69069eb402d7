import { z } from 'zod'
import { calendarDate, listQuerySchema, pageOf } from './admin.ts'

/** What the console's audit log answers (/api/v1/admin/audit) and how it is filtered. */

export const auditQuerySchema = listQuerySchema.extend({
  entity: z
    .string()
    .max(40)
    .optional()
    .meta({ description: 'The kind of thing changed: product, order, coupon…' }),
  action: z
    .string()
    .max(60)
    .optional()
    .meta({ description: 'What was done: an action (product.update) or its start (product)' }),
  actor: z.string().max(64).optional().meta({ description: 'The id of the member of staff who did it' }),
  from: calendarDate.optional().meta({ description: 'First day, YYYY-MM-DD in India time' }),
  to: calendarDate.optional().meta({ description: 'Last day, YYYY-MM-DD in India time' }),
})
export type AuditQuery = z.infer<typeof auditQuerySchema>

const snapshot = (when: string) =>
  z.unknown().meta({ description: `The record ${when} the change, as stored (any JSON), or null` })

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.string().meta({ description: 'The e-mail of who made the change, or "command line"' }),
  actorName: z
    .string()
    .meta({ description: 'The name (else e-mail) of who made the change, or "command line"' }),
  actorId: z.string().nullable(),
  action: z.string().meta({ description: 'What was done, such as product.update or order.refund' }),
  entity: z.string(),
  entityId: z.string().nullable(),
  sentence: z.string().meta({
    description:
      "The change in words, with names and rupees: 'Meera changed the price of Warli Tarpa Dance Painting from ₹1,650.00 to ₹1,850.00'",
  }),
  before: snapshot('before'),
  after: snapshot('after'),
  createdAt: z.string().meta({ format: 'date-time' }),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditPageSchema = pageOf(auditEntrySchema).extend({
  people: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .meta({ description: 'Everyone with entries in the log, for the filter by person' }),
  actions: z.array(z.string()).meta({ description: 'Every action in the log, for the filter by kind' }),
})
export type AuditPage = z.infer<typeof auditPageSchema>
