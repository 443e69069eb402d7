import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditPageSchema, auditQuerySchema } from '../../../../contracts/admin-audit.ts'
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
        summary:
          'The audit log of admin changes, newest first, each as a sentence with names and rupees; filtered by person, kind and days',
        querystring: auditQuerySchema,
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
