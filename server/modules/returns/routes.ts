import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  productReturnRuleBody,
  productReturnRuleSchema,
  returnSettingsBody,
  returnSettingsSchema,
} from '../../../contracts/returns.ts'
import { adminFailures, bearer, ok } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { returnAdminRoutes, returnRequestRoutes } from './request-routes.ts'

const tags = ['admin']
const security = bearer

/** The shop's and the categories' return rules: Settings, owners and managers (decision 091). */
const returnSettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', app.requireStaff('settings'))

  app.get(
    '/settings/returns',
    {
      schema: {
        operationId: 'adminGetReturnSettings',
        tags,
        security,
        summary: "The shop's return rule and each category's own",
        response: { 200: ok(returnSettingsSchema), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'Returns', data: await services.returns.settings() }),
  )

  app.put(
    '/settings/returns',
    {
      schema: {
        operationId: 'adminSaveReturnSettings',
        tags,
        security,
        summary: "Set the shop's return rule and the categories' own (null: the shop's)",
        description:
          'Made-to-measure, personalised and prasad pieces are not returnable unless their product has its own rule; damaged, wrong or not-as-described pieces are taken back within the window whatever the rule (decision 137).',
        body: returnSettingsBody,
        response: { 200: ok(returnSettingsSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Return rules saved',
      data: await services.returns.save(request.user!.id, request.body),
    }),
  )
}

/** A product's own return rule: the catalogue's staff (decision 091). */
const productReturnRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', app.requireStaff('catalogue'))
  const params = z.object({ id: z.string().max(64) })

  app.get(
    '/products/:id/returns',
    {
      schema: {
        operationId: 'adminGetProductReturnRule',
        tags,
        security,
        summary: "A product's own return rule, and the rule a plain piece of it is sold under",
        params,
        response: { 200: ok(productReturnRuleSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Return rule',
      data: await services.returns.productRule(request.params.id),
    }),
  )

  app.put(
    '/products/:id/returns',
    {
      schema: {
        operationId: 'adminSaveProductReturnRule',
        tags,
        security,
        summary: "Give a product its own return rule, or (null) put it back under its category's",
        params,
        body: productReturnRuleBody,
        response: { 200: ok(productReturnRuleSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Return rule saved',
      data: await services.returns.saveProductRule(request.user!.id, request.params.id, request.body.rule),
    }),
  )
}

export const returnsModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(returnSettingsRoutes, { ...opts, prefix: '/admin' })
  await app.register(productReturnRoutes, { ...opts, prefix: '/admin' })
  await app.register(returnRequestRoutes, opts)
  await app.register(returnAdminRoutes, { ...opts, prefix: '/admin' })
}
