import { z } from 'zod'
import { productSchema } from './catalogue.ts'

/** A temple as the shop's pages and the public API show it, in the reader's language. */
export const templeSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  location: z.string(),
  about: z.string().describe('Sanitised HTML'),
  image: z.string().nullable(),
  images: z.array(z.string()),
  servicesLink: z.string().describe('The link every service opens unless it has its own; empty: none yet'),
  serviceLinks: z
    .object({
      virtualTour: z.string(),
      liveAarti: z.string(),
      orderParshad: z.string(),
      bookGuide: z.string(),
    })
    .describe('Where each service button leads: its own link, else servicesLink; empty: not available yet'),
})
export type Temple = z.infer<typeof templeSchema>

/** A temple's own page: the temple and the prasad packages it offers (approved products, as list items). */
export const templePageSchema = z.object({
  temple: templeSchema,
  prasad: z.array(productSchema),
})
export type TemplePage = z.infer<typeof templePageSchema>
