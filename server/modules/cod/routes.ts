import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { codChoiceSchema, codSettingsBody, codTermsSchema, viewFromTerms } from '../../../contracts/cod.ts'
import { adminFailures, bearer, customerFailures, failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

/** The checkout reads the terms to offer COD and show its fee; the server decides again on the order. */
const codPublicRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/cod/terms',
    {
      schema: {
        operationId: 'getCodTerms',
        security: publicAccess,
        tags: ['checkout'],
        summary: 'Cash-on-delivery terms: on or off, largest order, fee, states and PIN codes not served',
        response: { 200: ok(codTermsSchema), ...failures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'Cash on delivery',
      data: viewFromTerms(await services.cod.terms()),
    }),
  )

  app.get(
    '/cod/for-me',
    {
      onRequest: async (request, reply) => {
        // One customer's own answer: never kept by a shared cache.
        reply.header('cache-control', 'private, no-store')
        await app.requireUser(request, reply)
      },
      schema: {
        operationId: 'getMyCodChoice',
        security: bearer,
        tags: ['checkout'],
        summary: 'Whether the caller’s account may choose cash on delivery now, and why not',
        description:
          'The account’s part of the COD rules (decision 110): who may place a first COD order, and how many COD orders not yet delivered one account may have. The terms (`/cod/terms`) and the delivery phone are judged again when the order is placed.',
        response: { 200: ok(codChoiceSchema), ...customerFailures() },
      },
    },
    async (request) => {
      const reason = await services.orders.codChoiceFor(request.user!.id, request.language)
      return {
        success: true as const,
        message: 'Cash on delivery',
        data: { allowed: reason === null, reason },
      }
    },
  )
}

const codAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Shop settings: owners and managers (contracts/staff.ts, decision 091).
  app.addHook('onRequest', app.requireStaff('settings'))
  const tags = ['admin']
  const security = bearer

  app.get(
    '/settings/cod',
    {
      schema: {
        operationId: 'adminGetCodSettings',
        tags,
        security,
        summary: 'The shop’s cash-on-delivery settings',
        response: { 200: ok(codTermsSchema), ...adminFailures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'Cash on delivery',
      data: viewFromTerms(await services.cod.terms()),
    }),
  )

  app.put(
    '/settings/cod',
    {
      schema: {
        operationId: 'adminSaveCodSettings',
        tags,
        security,
        summary: 'Switch cash on delivery on or off and set its limit, fee and where it is not offered',
        body: codSettingsBody,
        response: { 200: ok(codTermsSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: viewFromTerms(await services.cod.save(request.user!.id, request.body)),
    }),
  )
}

export const codModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(codPublicRoutes, opts)
  await app.register(codAdminRoutes, { ...opts, prefix: '/admin' })
}
