import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  codChoiceSchema,
  codPhoneBlockBody,
  codPhoneParams,
  codPhoneRecordSchema,
  codSettingsBody,
  codTermsSchema,
  viewFromTerms,
} from '../../../contracts/cod.ts'
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

/** Cash on delivery per phone (decision 136): the orders staff who see the parcels come back decide. */
const codPhoneRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', app.requireStaff('orders'))
  const tags = ['admin']
  const security = bearer
  const params = codPhoneParams
  app.get(
    '/cod-blocks/:phone',
    {
      schema: {
        operationId: 'adminCodPhoneRecord',
        tags,
        security,
        summary:
          'A phone’s cash-on-delivery record: its COD parcels that came back, and whether it is blocked',
        params,
        response: { 200: ok(codPhoneRecordSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Cash on delivery to this phone',
      data: await services.orders.codPhoneRecord(request.params.phone),
    }),
  )
  app.put(
    '/cod-blocks/:phone',
    {
      schema: {
        operationId: 'adminBlockCodPhone',
        tags,
        security,
        summary:
          'Refuse cash on delivery to a phone (after parcels to it were refused); online payment stays open',
        params,
        body: codPhoneBlockBody,
        response: { 200: ok(codPhoneRecordSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Cash on delivery is blocked for this phone',
      data: await services.orders.setCodPhoneBlock(request.user!.id, request.params.phone, request.body),
    }),
  )
  app.delete(
    '/cod-blocks/:phone',
    {
      schema: {
        operationId: 'adminUnblockCodPhone',
        tags,
        security,
        summary: 'Offer cash on delivery to a blocked phone again',
        params,
        response: { 200: ok(codPhoneRecordSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Cash on delivery is offered to this phone again',
      data: await services.orders.setCodPhoneBlock(request.user!.id, request.params.phone, null),
    }),
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
  await app.register(codPhoneRoutes, { ...opts, prefix: '/admin' })
}
