import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  mailSettingsBody,
  mailSettingsSchema,
  outboxItemSchema,
  outboxListQuery,
  outboxMailSchema,
  outboxPageSchema,
  outboxStatuses,
} from '../../../../contracts/mail.ts'
import {
  type MessageItem,
  messageItemSchema,
  messageListQuery,
  messagePageSchema,
  messageStatuses,
  outboxChannels,
} from '../../../../contracts/messaging.ts'
import { ValidationError } from '../../../http/errors.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** The outbox and the shop's mail settings (docs/decisions/070–072); the mail module does the work. */
export const mailRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { mail, messaging, push } = services
  // A push's `to` is a subscription id: staff read the device it went to instead (decision 144).
  const withDevices = async (items: MessageItem[]): Promise<MessageItem[]> => {
    const pushes = items.filter((i) => i.channel === 'push')
    if (pushes.length === 0) return items
    const devices = await push.devices(pushes.map((i) => i.to))
    return items.map((i) => (i.channel === 'push' ? { ...i, to: devices.get(i.to) || 'A browser' } : i))
  }
  const listQuery = outboxListQuery.omit({ status: true }).extend({
    channel: z.enum(outboxChannels).default('email'),
    // Each channel's states; one the channel does not have is refused by its own check below.
    status: z.enum([...new Set([...outboxStatuses, ...messageStatuses])]).optional(),
  })

  app.get(
    '/outbox',
    {
      schema: {
        operationId: 'adminListOutbox',
        tags,
        security,
        summary:
          'E-mails, WhatsApp, SMS and push messages the shop wrote, newest first, with their delivery state',
        description:
          '`channel` is `email` (the default), `whatsapp`, `sms` or `push`. Without SMTP_URL every e-mail is ' +
          '`kept` here and none leaves the machine; with the sandbox messaging providers, WhatsApp, SMS and ' +
          'push messages are taken at once and shown only here (a push’s `to` is the device it went to). `failed` ones gave up after repeated attempts; `lastError` ' +
          'says what the server answered, `delivery` what the provider reported later. Account mails and ' +
          'sign-in codes are listed to owners only, with their links and codes hidden (a sandbox code is ' +
          'shown to owners: the Outbox is the sandbox’s phone).',
        querystring: listQuery,
        response: {
          200: ok(z.union([outboxPageSchema, messagePageSchema])),
          ...adminFailures(),
        },
      },
    },
    async (request) => {
      const { channel, status, page } = request.query
      const role = request.user!.staffRole
      if (channel === 'email') {
        const mailStatus = outboxListQuery.shape.status.safeParse(status)
        if (!mailStatus.success)
          throw new ValidationError('Invalid status for e-mails', { status: 'is not an e-mail state' })
        return {
          success: true as const,
          message: 'Outbox',
          data: {
            ...(await mail.outbox.list(role, { status: mailStatus.data, page })),
            sending: mail.sending,
          },
        }
      }
      const messageStatus = messageListQuery.shape.status.safeParse(status)
      if (!messageStatus.success)
        throw new ValidationError('Invalid status for messages', { status: 'is not a message state' })
      const listed = await messaging.outbox.list(role, { channel, status: messageStatus.data, page })
      listed.items = await withDevices(listed.items)
      return { success: true as const, message: 'Outbox', data: { channel, ...listed } }
    },
  )

  app.get(
    '/outbox-messages/:id',
    {
      schema: {
        operationId: 'adminGetOutboxMessage',
        tags,
        security,
        summary: 'One WhatsApp or SMS message as the customer reads it, with its delivery state',
        params: idParams,
        response: { 200: ok(messageItemSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Message',
      data: (await withDevices([await messaging.outbox.get(request.user!.staffRole, request.params.id)]))[0]!,
    }),
  )

  app.post(
    '/outbox-messages/:id/retry',
    {
      schema: {
        operationId: 'adminRetryOutboxMessage',
        tags,
        security,
        summary: 'Try a failed or waiting WhatsApp or SMS message again now',
        params: idParams,
        response: { 200: ok(messageItemSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'It will be sent again shortly',
      data: (
        await withDevices([await messaging.outbox.retry(request.user!.staffRole, request.params.id)])
      )[0]!,
    }),
  )

  app.get(
    '/outbox/:id',
    {
      schema: {
        operationId: 'adminGetOutboxMail',
        tags,
        security,
        summary: 'One e-mail as the recipient gets it: HTML, plain text and headers',
        params: idParams,
        response: {
          200: ok(outboxMailSchema),
          ...adminFailures(404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'E-mail',
      data: await mail.outbox.get(request.user!.staffRole, request.params.id),
    }),
  )

  app.post(
    '/outbox/:id/retry',
    {
      schema: {
        operationId: 'adminRetryOutboxMail',
        tags,
        security,
        summary: 'Try a failed or waiting e-mail again now',
        params: idParams,
        response: { 200: ok(outboxItemSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'It will be sent again shortly',
      data: await mail.outbox.retry(request.user!.staffRole, request.params.id),
    }),
  )

  app.get(
    '/settings/mail',
    {
      config: { staffArea: 'settings' },
      schema: {
        operationId: 'adminGetMailSettings',
        tags,
        security,
        summary: "The shop's notification address and low-stock threshold",
        response: { 200: ok(mailSettingsSchema), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'Mail settings', data: await mail.settings.get() }),
  )

  app.put(
    '/settings/mail',
    {
      config: { staffArea: 'settings' },
      schema: {
        operationId: 'adminSaveMailSettings',
        tags,
        security,
        summary: 'Set where staff e-mails go (empty: none are sent) and the shop-wide low-stock threshold',
        body: mailSettingsBody,
        response: { 200: ok(mailSettingsSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await mail.settings.save(actorOf(request).id, request.body),
    }),
  )
}
