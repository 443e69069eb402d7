import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageListQuerySchema, messageStatusSchema } from '../../../../contracts/admin.ts'
import {
  adminMessagePageSchema,
  messageStatusAnswerSchema,
  messageThreadSchema,
} from '../../../../contracts/admin-messages.ts'
import { contactReplyBody } from '../../../../contracts/mail.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** Contact Us messages and newsletter sign-ups, and staff answers to messages (docs/decisions/053, 073). */
export const messageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { messages } = services
  const list = services.admin.messages

  app.get(
    '/messages',
    {
      schema: {
        operationId: 'adminListMessages',
        tags,
        security,
        summary: 'Contact Us messages and newsletter sign-ups, newest first',
        querystring: messageListQuerySchema,
        response: { 200: ok(adminMessagePageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Messages',
      data: await list.list(request.query),
    }),
  )

  app.post(
    '/messages/:id/status',
    {
      schema: {
        operationId: 'adminSetMessageStatus',
        tags,
        security,
        summary: 'Mark a message read or new',
        params: idParams,
        body: messageStatusSchema,
        response: { 200: ok(messageStatusAnswerSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await list.setStatus(actorOf(request), request.params.id, request.body.status),
    }),
  )

  app.get(
    '/messages/:id/thread',
    {
      schema: {
        operationId: 'adminGetMessageThread',
        tags,
        security,
        summary: 'A Contact Us message with every reply staff sent, oldest first',
        params: idParams,
        response: { 200: ok(messageThreadSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Thread',
      data: await messages.thread(request.params.id),
    }),
  )

  app.post(
    '/messages/:id/replies',
    {
      schema: {
        operationId: 'adminReplyToMessage',
        tags,
        security,
        summary: 'Answer a Contact Us message: e-mailed to the sender, replies come to the shop address',
        params: idParams,
        body: contactReplyBody,
        response: { 201: ok(messageThreadSchema), ...adminFailures(404) },
      },
    },
    async (request, reply) => {
      await messages.reply(actorOf(request).id, request.params.id, request.body.body)
      return reply.status(201).send({
        success: true as const,
        message: 'Reply sent',
        data: await messages.thread(request.params.id),
      })
    },
  )
}
