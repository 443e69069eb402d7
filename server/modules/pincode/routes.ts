import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { failures, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const answer = z.array(
  z.object({
    Status: z.enum(['Success', 'Error']),
    Message: z.string(),
    PostOffice: z
      .array(
        z.object({
          Name: z.string(),
          District: z.string(),
          State: z.string(),
          Country: z.literal('India'),
          Pincode: z.string(),
        }),
      )
      .nullable(),
  }),
)

export const pincodeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/pincode/:pin',
    {
      schema: {
        operationId: 'lookUpPincode',
        security: publicAccess,
        tags: ['checkout'],
        summary: 'Indian PIN code lookup (state, district) from the embedded data set',
        description:
          'Answers in the shape of the public PIN lookup the checkout reads: `[{ Status, PostOffice: [{ State, Country, District }] }]`. An unknown PIN answers `Status: "Error"` and `PostOffice: null`.',
        params: z.object({ pin: z.string().regex(/^\d{6}$/, 'must be exactly 6 digits') }),
        response: { 200: answer, ...failures() },
      },
    },
    async (request, reply) => {
      // PIN data changes rarely; let phones and proxies keep answers for a day.
      reply.header('cache-control', 'public, max-age=86400')
      return services.pincode.lookup(request.params.pin)
    },
  )
}
