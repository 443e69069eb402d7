import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
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
const templeSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  location: z.string(),
  about: z.string().describe('Sanitised HTML'),
  image: z.string().nullable(),
  images: z.array(z.string()),
  servicesLink: z.string(),
})

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
  cachedRoute(
    'listTemples',
    '/temple/all',
    'The temples of the temple pages, in order',
    ok(z.array(templeSchema)),
    'api:temples',
    'Temples fetched',
    () => content.temples(),
  )
}
