import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { customerDisableSchema, listQuerySchema } from '../../../../contracts/admin.ts'
import { adminCustomerPageSchema, adminCustomerSchema } from '../../../../contracts/admin-people.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** Customers: every account, one account with its orders and addresses, disabling and enabling. */
export const peopleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const customers = services.admin.customers

  app.get(
    '/customers',
    {
      schema: {
        operationId: 'adminListCustomers',
        tags,
        security,
        summary: 'Accounts, searchable by name, e-mail or mobile',
        querystring: listQuerySchema,
        response: { 200: ok(adminCustomerPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Customers',
      data: await customers.list(request.query),
    }),
  )

  app.get(
    '/customers/:id',
    {
      schema: {
        operationId: 'adminGetCustomer',
        tags,
        security,
        summary: 'One account with its orders and addresses',
        params: idParams,
        response: { 200: ok(adminCustomerSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Customer',
      data: await customers.get(request.params.id),
    }),
  )

  app.post(
    '/customers/:id/disable',
    {
      schema: {
        operationId: 'adminDisableCustomer',
        tags,
        security,
        summary: 'Disable an account (its tokens stop working at once) or enable it again',
        params: idParams,
        body: customerDisableSchema,
        response: { 200: ok(adminCustomerSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.disabled ? 'Account disabled' : 'Account enabled',
      data: await customers.setDisabled(actorOf(request), request.params.id, request.body),
    }),
  )
}
