import { z } from 'zod'
import { productSchema } from './catalogue.ts'

/**
 * Provenance as the public API sends it (decision 098): who made a product and where, the clusters of
 * a state, and the authenticity marks a product carries. Pages import the inferred types only.
 */

const html = z.string().meta({ description: 'Sanitised HTML' })
const photos = z
  .array(z.string())
  .meta({ description: 'Up to 6 uploaded pictures (/uploads/…-800.webp; -200, -400 and -1200 beside each)' })
const youtube = z.string().nullable().meta({ description: 'A YouTube link, or null' })

/** An artisan named on a product page, a cluster page or a list. */
export const makerSchema = z.object({
  name: z.string(),
  slug: z.string().meta({ description: 'Their page: /artisan/{slug}' }),
  craft: z.string(),
  place: z.string().meta({ description: 'Village or town, district and state, as one line' }),
})
export type Maker = z.infer<typeof makerSchema>

export const artisanCardSchema = makerSchema.extend({
  photo: z.string().nullable().meta({ description: 'Their first photo, or null' }),
})
export type ArtisanCard = z.infer<typeof artisanCardSchema>

export const clusterCardSchema = z.object({
  name: z.string(),
  slug: z.string().meta({ description: 'Its page: /cluster/{slug}' }),
  craft: z.string(),
  place: z.string().meta({ description: 'Village or town, district and state, as one line' }),
  photo: z.string().nullable().meta({ description: 'Its first photo, or null' }),
})
export type ClusterCard = z.infer<typeof clusterCardSchema>

export const marksSchema = z
  .object({
    gi: z
      .object({
        name: z.string().meta({ description: 'The registered name of the Geographical Indication' }),
        authorisedUser: z.string().meta({ description: 'The maker’s authorised-user number for that GI' }),
      })
      .nullable(),
    handloomMark: z.string().nullable().meta({ description: 'The Handloom Mark number' }),
    silkMark: z.string().nullable().meta({ description: 'The Silk Mark number' }),
  })
  .meta({ description: 'Authenticity marks; each null where the product has none' })
export type Marks = z.infer<typeof marksSchema>

/** What the product detail answer adds to the spec's product. */
export const productProvenanceSchema = z.object({
  makers: z.array(makerSchema).meta({ description: 'Who made it, in the order the shop names them' }),
  marks: marksSchema,
})
export type ProductProvenance = z.infer<typeof productProvenanceSchema>

export const productDetailSchema = productSchema.extend(productProvenanceSchema.shape)

const profile = {
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  craft: z.string(),
  village: z.string().meta({ description: 'Village or town' }),
  district: z.string(),
  state: z.string().nullable(),
  story: html,
  photos,
  videoLink: youtube,
}

export const artisanProfileSchema = z.object({
  ...profile,
  cluster: z.object({ name: z.string(), slug: z.string() }).nullable(),
})
export type ArtisanProfile = z.infer<typeof artisanProfileSchema>

export const clusterProfileSchema = z.object(profile)
export type ClusterProfile = z.infer<typeof clusterProfileSchema>

export const artisanPageSchema = z.object({
  artisan: artisanProfileSchema,
  products: z.array(productSchema).meta({ description: 'Their approved products, list items' }),
})
export type ArtisanPage = z.infer<typeof artisanPageSchema>

export const clusterPageSchema = z.object({
  cluster: clusterProfileSchema,
  artisans: z.array(artisanCardSchema),
  products: z.array(productSchema).meta({ description: 'Approved products of its artisans, list items' }),
})
export type ClusterPage = z.infer<typeof clusterPageSchema>

// The place as one line, in a module without zod, so pages that show it do not ship zod.
export { placeLine } from './provenance-place.ts'
