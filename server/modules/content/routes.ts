import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { templePageSchema, templeSchema } from '../../../contracts/temple-api.ts'
import { failures, ok, publicAccess } from '../../http/route-kit.ts'
import { sendCached } from '../../http/send-cached.ts'
import type { Services } from '../../services.ts'

const link = z.string().nullable()

const sectionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string().describe('Sanitised HTML'),
})
const policySchema = z.array(
  z.object({ _id: z.string(), kind: z.enum(['privacy', 'terms']), sections: z.array(sectionSchema) }),
)

export const contentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { content, cache } = services

  app.get(
    '/slider/allslider',
    {
      schema: {
        operationId: 'listSliders',
        security: publicAccess,
        tags: ['content'],
        summary: 'Home page slider images',
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.array(z.object({ _id: z.string(), sliderImage: z.string(), title: link, link })),
          }),
          ...failures(),
        },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cache.body('api:sliders', async () => ({
          success: true,
          message: 'Sliders fetched',
          data: await content.sliders(),
        })),
      ),
  )

  app.get(
    '/Banner/allabnner',
    {
      schema: {
        operationId: 'listBanners',
        security: publicAccess,
        tags: ['content'],
        summary: 'Promotional banners (the first is used)',
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.array(
              z.object({
                _id: z.string(),
                image: z.string(),
                title: link.meta({ description: 'The small line above the heading' }),
                subtitle: link.meta({ description: 'The heading' }),
                buttonText: link.meta({ description: 'The button’s words; null: Shop now' }),
                link: link.meta({ description: 'Where the button leads; null: the Handloom page' }),
              }),
            ),
          }),
          ...failures(),
        },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cache.body('api:banners', async () => ({
          success: true,
          message: 'Banners fetched',
          data: await content.banners(),
        })),
      ),
  )

  const cachedRoute = (
    operationId: string,
    path: string,
    summary: string,
    schema: z.ZodType,
    key: string,
    message: string,
    load: () => Promise<unknown>,
  ) =>
    app.get(
      path,
      {
        schema: {
          operationId,
          security: publicAccess,
          tags: ['content'],
          summary,
          response: { 200: schema, ...failures() },
        },
      },
      async (request, reply) =>
        sendCached(
          request,
          reply,
          await cache.body(key, async () => ({ success: true, message, data: await load() })),
        ),
    )

  cachedRoute(
    'privacyPolicy',
    '/privacy',
    'Privacy policy sections (HTML)',
    ok(policySchema),
    'api:privacy',
    'Privacy policy fetched',
    () => content.privacy(),
  )
  cachedRoute(
    'termsAndConditions',
    '/terms',
    'Terms and conditions sections (HTML)',
    ok(policySchema),
    'api:terms',
    'Terms fetched',
    () => content.terms(),
  )
  cachedRoute(
    'returnPolicy',
    '/Returnpolicy',
    'Return policy (one HTML text)',
    ok(z.object({ _id: z.string(), ReturnPolicy: z.string().describe('Sanitised HTML') })),
    'api:returnpolicy',
    'Return policy fetched',
    () => content.returnPolicy(),
  )
  cachedRoute(
    'listFaqs',
    '/faq/all',
    'Frequently asked questions (answers are HTML)',
    ok(z.array(z.object({ _id: z.string(), question: z.string(), answer: z.string() }))),
    'api:faqs',
    'FAQs fetched',
    () => content.faqs(),
  )
  app.get(
    '/temple/all',
    {
      schema: {
        operationId: 'listTemples',
        security: publicAccess,
        tags: ['content'],
        summary: 'The temples of the temple pages, in order',
        description:
          'In the reader’s language: staff’s Hindi name, place and text for a Hindi reader where they wrote them.',
        response: { 200: ok(z.array(templeSchema)), ...failures() },
      },
    },
    async (request, reply) => {
      // Only the English answer is kept and shared: a shared cache keys on the address alone.
      if (request.language !== 'en') {
        return {
          success: true as const,
          message: 'Temples fetched',
          data: await content.temples(request.language),
        }
      }
      return sendCached(
        request,
        reply,
        await cache.body('api:temples', async () => ({
          success: true,
          message: 'Temples fetched',
          data: await content.temples(),
        })),
      )
    },
  )

  app.get(
    '/temples/:slug',
    {
      schema: {
        operationId: 'getTemple',
        security: publicAccess,
        tags: ['content'],
        summary: 'A temple’s own page: the temple, its four services’ links and its prasad packages',
        params: z.object({
          slug: z.string().trim().min(1).max(100).describe('The web name, as in /temple/{slug}'),
        }),
        response: { 200: ok(templePageSchema), ...failures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Temple fetched',
      data: await content.templePage(request.params.slug, request.language),
    }),
  )
}
