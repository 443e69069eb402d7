import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listQuerySchema } from '../../../../contracts/admin.ts'
import { auditPageSchema } from '../../../../contracts/admin-audit.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { security, tags } from '../route-helpers.ts'

/** The audit log of changes made in the console (and by the command line and the shop itself). */
export const auditRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/audit',
    {
      schema: {
        operationId: 'adminAuditLog',
        tags,
        security,
        summary: 'The audit log of admin changes, newest first',
        querystring: listQuerySchema.extend({ entity: z.string().max(40).optional() }),
        response: { 200: ok(auditPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Audit log',
      data: await services.admin.audit(request.query),
    }),
  )
}
