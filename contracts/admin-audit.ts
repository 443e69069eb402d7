import { z } from 'zod'
import { pageOf } from './admin.ts'

/** What the console's audit log answers (/api/v1/admin/audit). */

const snapshot = (when: string) =>
  z.unknown().meta({ description: `The record ${when} the change, as stored (any JSON), or null` })

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.string().meta({ description: 'The e-mail of who made the change, or "command line"' }),
  action: z.string().meta({ description: 'What was done, such as product.update or order.refund' }),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: snapshot('before'),
  after: snapshot('after'),
  createdAt: z.string().meta({ format: 'date-time' }),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditPageSchema = pageOf(auditEntrySchema)
export type AuditPage = z.infer<typeof auditPageSchema>
