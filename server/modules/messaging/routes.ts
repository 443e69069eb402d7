import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError } from '../../http/errors.ts'
import { failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { orderUpdatesRoutes } from './order-updates-routes.ts'

const providerParams = z.object({ provider: z.string().max(40) })
// MSG91's reports carry the shop's token in their address; WhatsApp's address check asks with hub.* values.
const callbackQuery = z.object({ token: z.string().max(200).optional() })
const checkQuery = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
})
const given = (query: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined))

/**
 * The messaging providers' status callbacks (decision 141), in a scope that keeps the body's bytes as they
 * came: the provider checks its own signature over them, then the service applies each status once.
 */
const messagingWebhookRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { messaging } = services
  for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type)
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body)
    })
  }

  app.post(
    '/messaging/webhook/:provider',
    {
      config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        operationId: 'receiveMessagingWebhook',
        security: publicAccess,
        tags: ['accounts'],
        summary: 'WhatsApp and SMS delivery reports (sent, delivered, read, failed)',
        description:
          '`whatsapp-cloud`: signed by Meta with the app secret in `X-Hub-Signature-256` ' +
          '(`sha256=` and the HMAC-SHA256 of the raw body). `msg91`: MSG91 does not sign its reports, so ' +
          'the address configured there carries the shop’s `token` in its query. A callback that fails its ' +
          'check answers 400; one for a provider the shop does not use, 404.',
        params: providerParams,
        querystring: callbackQuery,
        response: {
          200: ok(z.object({ applied: z.number().int() })),
          ...failures(404),
        },
      },
    },
    async (request) => {
      const applied = await messaging.applyCallback(
        request.params.provider,
        (request.body as Buffer | undefined) ?? '',
        request.headers,
        given(request.query),
      )
      return { success: true as const, message: 'Callback received', data: { applied } }
    },
  )

  // WhatsApp checks a callback address with a GET before it sends to it, and wants its challenge back as text.
  app.get(
    '/messaging/webhook/:provider',
    {
      schema: {
        operationId: 'verifyMessagingWebhook',
        security: publicAccess,
        tags: ['accounts'],
        summary:
          'The provider’s check of the callback address (WhatsApp: hub.mode, hub.verify_token, hub.challenge)',
        params: providerParams,
        querystring: checkQuery,
        response: { 200: z.string(), ...failures(404) },
      },
    },
    async (request, reply) => {
      const answer = messaging.challenge(request.params.provider, given(request.query))
      if (answer === null) throw new NotFoundError('This callback address does not answer that check.')
      return reply.type('text/plain; charset=utf-8').send(answer)
    },
  )
}

export const messagingModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(messagingWebhookRoutes, opts)
  await app.register(orderUpdatesRoutes, opts)
}
