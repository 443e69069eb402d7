import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contactInputSchema, newsletterInputSchema } from '../../../contracts/messages.ts'
import { messageTexts } from '../../../contracts/messages-text.ts'
import { done, failures, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

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
      await services.messages.contact(request.body)
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
      await services.messages.subscribe(request.body)
      return { success: true as const, message: messageTexts.newsletterThanks }
    },
  )
}
