import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { msg } from '../../../contracts/languages.ts'
import {
  codConfirmAnswers,
  codConfirmationSchema,
  codConfirmBody,
  orderUpdatesBody,
  orderUpdatesSchema,
} from '../../../contracts/messaging.ts'
import { NotFoundError } from '../../http/errors.ts'
import { bearer, customerFailures, failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const codParams = z.object({ orderId: z.string().min(1).max(64) })
const codQuery = z.object({ t: z.string().max(100).default('') })

/**
 * The channels a customer chooses for order updates, and a cash-on-delivery order confirmed or cancelled from
 * the link in its message (decision 143).
 */
export const orderUpdatesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { orderUpdates, orders } = services

  app.get(
    '/user/order-updates',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'getOrderUpdateChoices',
        security: bearer,
        tags: ['accounts'],
        summary: 'Which channels the shop may use for order updates (e-mail, WhatsApp, SMS), and since when',
        response: { 200: ok(orderUpdatesSchema), ...customerFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order update choices',
      data: await orderUpdates.choices(request.user!.id),
    }),
  )

  app.put(
    '/user/order-updates',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'chooseOrderUpdates',
        security: bearer,
        tags: ['accounts'],
        summary: 'Turn order updates by e-mail, WhatsApp or SMS on or off',
        description:
          'Each change is kept with its time. WhatsApp and SMS go to `phone`, else the account’s own ' +
          'number, else the number chosen last; without any, 422.',
        body: orderUpdatesBody,
        response: { 200: ok(orderUpdatesSchema), ...customerFailures(422) },
      },
    },
    async (request) => {
      const { phone, ...changes } = request.body
      const data = await orderUpdates.choose(request.user!.id, changes, { phone, source: 'settings' })
      return {
        success: true as const,
        message: translatorFor(request.language).t(msg('Your choices for order updates are saved.')),
        data,
      }
    },
  )

  /** The order a link names, when its token is that order's; the same 404 for every wrong link. */
  async function linked(orderId: string, token: string) {
    const found = orderUpdates.codTokenMatches(orderId, token) ? await orders.codConfirmation(orderId) : null
    if (!found) throw new NotFoundError(codConfirmAnswers.badLink)
    return found
  }

  app.get(
    '/cod/confirm/:orderId',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'getCodConfirmation',
        security: publicAccess,
        tags: ['orders'],
        summary: 'A cash-on-delivery order as its confirmation link shows it (no sign-in)',
        description: 'The link’s `t` proves it came in the order’s message; a wrong one answers 404.',
        params: codParams,
        querystring: codQuery,
        response: { 200: ok(codConfirmationSchema), ...failures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order to confirm',
      data: await linked(request.params.orderId, request.query.t),
    }),
  )

  app.post(
    '/cod/confirm/:orderId',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'answerCodConfirmation',
        security: publicAccess,
        tags: ['orders'],
        summary: 'Confirm or cancel a cash-on-delivery order from its link, before it is sent',
        description:
          'Answering the same again is fine. Once the order is on its way (or finished) it answers 409.',
        params: codParams,
        querystring: codQuery,
        body: codConfirmBody,
        response: { 200: ok(codConfirmationSchema), ...failures(404, 409) },
      },
    },
    async (request) => {
      await linked(request.params.orderId, request.query.t)
      const done = await orders.answerCod(request.params.orderId, request.body.answer)
      const { t } = translatorFor(request.language)
      return {
        success: true as const,
        message: t(done === 'confirmed' ? codConfirmAnswers.confirmed : codConfirmAnswers.cancelled),
        data: (await orders.codConfirmation(request.params.orderId))!,
      }
    },
  )
}
