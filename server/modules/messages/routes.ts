import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contactInputSchema, newsletterInputSchema } from '../../../contracts/messages.ts'
import { messageTexts } from '../../../contracts/messages-text.ts'
import { ValidationError } from '../../http/errors.ts'
import { done, failures, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { mailAnswers } from '../mail/messages.ts'

const tokenBody = z.object({ token: z.string().trim().min(1, 'is required').max(200) })
const tokenQuery = z.object({ token: z.string().trim().min(1, 'is required').max(200) })

/** Per visitor address: enough for real people, too few for a spam run. */
export const messageRateLimit = { max: 10, timeWindow: '15 minutes' }

export const messagesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: messageRateLimit },
      schema: {
        operationId: 'sendContactMessage',
        security: publicAccess,
        tags: ['messages'],
        summary: 'The Contact Us form: saves the message for the shop staff',
        body: contactInputSchema,
        response: { 200: done, ...failures() },
      },
    },
    async (request) => {
      await services.messages.contact(request.body, request.language)
      return { success: true as const, message: messageTexts.contactThanks }
    },
  )

  app.post(
    '/newsletter',
    {
      config: { rateLimit: messageRateLimit },
      schema: {
        operationId: 'subscribeNewsletter',
        security: publicAccess,
        tags: ['messages'],
        summary: 'The footer newsletter box: saves the e-mail address',
        body: newsletterInputSchema,
        response: { 200: done, ...failures() },
      },
    },
    async (request) => {
      await services.messages.subscribe(request.body, request.language)
      return { success: true as const, message: messageTexts.newsletterThanks }
    },
  )

  app.post(
    '/newsletter/confirm',
    {
      config: { rateLimit: messageRateLimit },
      schema: {
        operationId: 'confirmNewsletter',
        security: publicAccess,
        tags: ['messages'],
        summary: 'The link of the confirmation e-mail: the address is subscribed from now on',
        body: tokenBody,
        response: { 200: done, ...failures() },
      },
    },
    async (request) => {
      await services.messages.confirmSubscription(request.body.token)
      return { success: true as const, message: mailAnswers.newsletterConfirmed }
    },
  )

  // Mail programs send the one-click POST as a form; only this route reads form bodies.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    unsubscribeRoute(scoped, services)
  })
}

const unsubscribeRoute = (app: Parameters<FastifyPluginAsyncZod>[0], services: Services) => {
  app.post(
    '/newsletter/unsubscribe',
    {
      config: { rateLimit: messageRateLimit },
      schema: {
        operationId: 'unsubscribeNewsletter',
        security: publicAccess,
        tags: ['messages'],
        summary: 'One-click unsubscribe (RFC 8058): the token is in the newsletter’s link and header',
        description:
          'The token comes in the query (as mail programs post to the `List-Unsubscribe` address with the ' +
          'body `List-Unsubscribe=One-Click`) or in a JSON body.',
        querystring: tokenQuery.partial(),
        body: z.union([tokenBody, z.object({ 'List-Unsubscribe': z.string().max(40) })]).optional(),
        response: { 200: done, ...failures() },
      },
    },
    async (request) => {
      const body = request.body as { token?: string } | undefined
      const token = request.query.token ?? body?.token
      if (!token) throw new ValidationError(mailAnswers.newsletterLinkInvalid)
      await services.messages.unsubscribe(token)
      return { success: true as const, message: mailAnswers.newsletterUnsubscribed }
    },
  )
}
