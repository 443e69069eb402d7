import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createPaymentSchema,
  orderSchema,
  paymentSessionSchema,
  sandboxChoiceSchema,
  verifyPaymentSchema,
} from '../../../contracts/orders.ts'
import {
  confirmPayableSchema,
  payableConfirmedSchema,
  startPayableSchema,
} from '../../../contracts/payments.ts'
import { bearer, customerFailures, done, failures, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { checkoutFromApi, checkoutToApi, dialogChoiceFromApi, sessionToApi } from './api-fields.ts'
import type { WebhookDelivery } from './provider.ts'

/** Placing orders and payments: a hundredth of the global limit per minute, at least 30. */
const limitFor = (services: Services) => Math.max(30, Math.floor(services.config.RATE_LIMIT_MAX / 100))

export const paymentsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { payments } = services
  const placeLimit = limitFor(services)

  /** The sandbox's events go to the very same webhook endpoint a real provider calls. */
  async function deliver(webhooks: WebhookDelivery[]) {
    for (const hook of webhooks) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: { ...hook.headers, 'content-type': 'application/json' },
        payload: hook.body,
      })
      if (res.statusCode !== 200) app.log.error({ status: res.statusCode }, 'sandbox webhook refused')
    }
  }

  app.post(
    '/payments/create',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: placeLimit, timeWindow: '1 minute' } },
      schema: {
        operationId: 'createPayment',
        tags: ['payments'],
        summary: 'Open a payment for one of the caller’s orders (amount from the server, in paise)',
        security: bearer,
        body: createPaymentSchema,
        response: { 200: paymentSessionSchema, ...customerFailures(403, 404, 409) },
      },
    },
    async (request) => sessionToApi(await payments.create(request.user!.id, request.body)),
  )

  app.post(
    '/payments/verify',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: placeLimit, timeWindow: '1 minute' } },
      schema: {
        operationId: 'verifyPayment',
        tags: ['payments'],
        summary: 'Verify the checkout’s signature and record the payment',
        description:
          'The provider checks the signature against the provider order id stored for this order, in constant time (Razorpay’s scheme, which the sandbox shares: HMAC-SHA256 of that id + "|" + the payment id with the key secret). Verifying twice changes nothing.',
        security: bearer,
        body: verifyPaymentSchema,
        response: {
          200: done.extend({
            payment: z.object({ order: orderSchema, paymentId: z.string(), status: z.string() }),
          }),
          ...customerFailures(403, 404, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Payment verified',
      payment: await payments.verify(request.user!.id, request.body.orderId, checkoutFromApi(request.body)),
    }),
  )

  app.post(
    '/payments/payable/create',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: placeLimit, timeWindow: '1 minute' } },
      schema: {
        operationId: 'createPayablePayment',
        tags: ['payments'],
        summary: 'Open a payment for one of the caller’s seva bookings or donations (amount from the server)',
        description:
          'Answers the same session as `/payments/create`: `orderId` is the booking’s or donation’s id and `orderID` its number. A retry after a failed attempt pays the same provider order.',
        security: bearer,
        body: startPayableSchema,
        response: { 200: paymentSessionSchema, ...customerFailures(403, 404, 409) },
      },
    },
    async (request) =>
      sessionToApi(
        await payments.start(
          request.user!.id,
          request.body.purpose,
          request.body.payableId,
          request.body.paymentMethod,
        ),
      ),
  )

  app.post(
    '/payments/payable/verify',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: placeLimit, timeWindow: '1 minute' } },
      schema: {
        operationId: 'verifyPayablePayment',
        tags: ['payments'],
        summary: 'Verify the checkout’s signature for a booking or donation and record the payment',
        description:
          'The payment must be one the caller opened for this booking or donation; then the same HMAC check and capture as an order’s. Verifying twice changes nothing.',
        security: bearer,
        body: confirmPayableSchema,
        response: {
          200: done.extend({ payment: payableConfirmedSchema }),
          ...customerFailures(403, 404, 409),
        },
      },
    },
    async (request) => {
      const { purpose, payableId } = request.body
      const confirmed = await payments.confirm(
        request.user!.id,
        purpose,
        payableId,
        checkoutFromApi(request.body),
      )
      return {
        success: true as const,
        message: 'Payment verified',
        payment: { purpose, payableId, ...confirmed },
      }
    },
  )

  // The webhook needs the exact bytes the provider signed, so this scope keeps JSON bodies raw.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json')
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body)
    })
    hooks.post(
      '/payments/webhook',
      {
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          operationId: 'receivePaymentWebhook',
          security: publicAccess,
          tags: ['payments'],
          summary: 'Payment provider events (a payment captured, an order paid, a payment failed)',
          // The provider's own headers and words: it checks the signature and reads the event.
          description: payments.webhookTerms.description,
          headers: payments.webhookTerms.headers,
          response: { 200: done.extend({ applied: z.boolean(), duplicate: z.boolean() }), ...failures() },
        },
      },
      async (request) => {
        const result = await payments.webhook(request.body as Buffer, request.headers)
        request.server.metrics?.webhooks.inc({ result: result.applied ? 'applied' : 'duplicate' })
        return { success: true as const, message: 'Event received', ...result }
      },
    )
  })

  app.post(
    '/payments/sandbox/pay',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'sandboxPay',
        tags: ['payments'],
        summary: 'Sandbox checkout: pay (only with PAYMENT_PROVIDER=sandbox)',
        security: bearer,
        body: sandboxChoiceSchema,
        response: {
          200: done.extend({
            razorpay_order_id: z.string(),
            razorpay_payment_id: z.string(),
            razorpay_signature: z.string(),
          }),
          ...customerFailures(403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const { providerOrderId, choice } = dialogChoiceFromApi(request.body)
      const { result, webhooks } = await payments.sandboxPay(request.user!.id, providerOrderId, choice)
      await deliver(webhooks)
      return { success: true as const, message: 'Payment successful', ...checkoutToApi(result) }
    },
  )

  app.post(
    '/payments/sandbox/fail',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'sandboxDecline',
        tags: ['payments'],
        summary: 'Sandbox checkout: decline the payment (only with PAYMENT_PROVIDER=sandbox)',
        security: bearer,
        body: sandboxChoiceSchema,
        response: {
          200: done.extend({
            error: z.object({
              code: z.string(),
              description: z.string(),
              source: z.string(),
              step: z.string(),
              reason: z.string(),
              metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
            }),
          }),
          ...customerFailures(403, 404, 409),
        },
      },
    },
    async (request) => {
      const { providerOrderId, choice } = dialogChoiceFromApi(request.body)
      const { error, webhooks } = await payments.sandboxFail(request.user!.id, providerOrderId, choice)
      await deliver(webhooks)
      return { success: true as const, message: 'Payment declined', error }
    },
  )
}
