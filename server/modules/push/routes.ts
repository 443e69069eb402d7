import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { msg } from '../../../contracts/languages.ts'
import { bearer, customerFailures, done, failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { pushDeviceSchema, pushKeySchema, pushSubscriptionBody } from './schemas.ts'

const subscriptionParams = z.object({ id: z.string().max(40) })

/** Web push (decision 144): the shop's public key, and a customer's subscriptions (their consent). */
export const pushRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { push } = services

  app.get(
    '/push/key',
    {
      schema: {
        operationId: 'getPushKey',
        security: publicAccess,
        tags: ['accounts'],
        summary: 'The shop’s VAPID public key, for PushManager.subscribe’s applicationServerKey',
        response: { 200: ok(pushKeySchema), ...failures() },
      },
    },
    async (_request, reply) => {
      // The same for everyone and for as long as the shop keeps its secrets.
      reply.header('cache-control', 'public, max-age=3600')
      return {
        success: true as const,
        message: 'Push key',
        data: { publicKey: await push.publicKey() },
      }
    },
  )

  app.post(
    '/user/push-subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'addPushSubscription',
        security: bearer,
        tags: ['accounts'],
        summary: 'Get order updates on this device by web push (the browser’s PushSubscription)',
        description:
          'The body is `PushSubscription.toJSON()`: `endpoint` (an https:// address of a push service) and ' +
          '`keys.p256dh` (65 bytes) and `keys.auth` (16 bytes), URL-safe base64. The same endpoint again ' +
          'takes the subscription over (new keys, or another account signed in on that browser).',
        body: pushSubscriptionBody,
        response: { 201: ok(pushDeviceSchema), ...customerFailures() },
      },
    },
    async (request, reply) => {
      const device = await push.subscribe(request.user!.id, request.body, request.headers['user-agent'])
      reply.status(201)
      return {
        success: true as const,
        message: msg('Order updates will come to this device.'),
        data: device,
      }
    },
  )

  app.get(
    '/user/push-subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listPushSubscriptions',
        security: bearer,
        tags: ['accounts'],
        summary: 'The devices that get this account’s order updates by web push',
        response: { 200: ok(z.array(pushDeviceSchema)), ...customerFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Push devices',
      data: await push.list(request.user!.id),
    }),
  )

  app.delete(
    '/user/push-subscriptions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'removePushSubscription',
        security: bearer,
        tags: ['accounts'],
        summary: 'Stop web push on one device (the consent withdrawn)',
        params: subscriptionParams,
        response: { 200: done, ...customerFailures(404) },
      },
    },
    async (request) => {
      await push.unsubscribe(request.user!.id, request.params.id)
      return { success: true as const, message: msg('Push messages to that device are stopped.') }
    },
  )
}
