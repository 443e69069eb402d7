import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  mailSettingsBody,
  mailSettingsSchema,
  outboxItemSchema,
  outboxListQuery,
  outboxMailSchema,
  outboxPageSchema,
} from '../../../../contracts/mail.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** The outbox and the shop's mail settings (docs/decisions/070–072); the mail module does the work. */
export const mailRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { mail } = services

  app.get(
    '/outbox',
    {
      schema: {
        operationId: 'adminListOutbox',
        tags,
        security,
        summary: 'E-mails the shop wrote, newest first, with their delivery state',
        description:
          'Without SMTP_URL every e-mail is `kept` here and none leaves the machine. `failed` ones gave up ' +
          'after repeated attempts; `lastError` says what the mail server answered. Account mails (reset, ' +
          'invitation and confirmation links) are listed to owners only, with their links hidden.',
        querystring: outboxListQuery,
        response: {
          200: ok(outboxPageSchema),
          ...adminFailures(),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Outbox',
      data: { ...(await mail.outbox.list(request.user!.staffRole, request.query)), sending: mail.sending },
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
