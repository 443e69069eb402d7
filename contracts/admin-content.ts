import { z } from 'zod'

/**
 * What the console's content operations answer: the rows of the simple lists it edits (each as stored,
 * times as ISO text), the return policy, and an uploaded picture.
 */

const when = z.string().meta({ format: 'date-time' })
const stamps = { createdAt: when, updatedAt: when }
const position = z.number().int().meta({ description: 'Smaller comes first' })
const activeStatus = z.string().meta({ description: 'active or inactive' })
/** Staff's Hindi of some of a row's texts (docs/decisions/097); a text left out shows in English. */
const hindi = <const F extends string>(...fields: F[]) =>
  z
    .object({
      hi: z
        .object(
          Object.fromEntries(fields.map((f) => [f, z.string().optional()])) as Record<
            F,
            z.ZodOptional<z.ZodString>
          >,
        )
        .optional(),
    })
    .meta({ description: 'Hindi texts by field; English where one is missing' })

const picture = z.string().meta({ description: 'An uploaded picture (/uploads/…-800.webp) or a web address' })

export const categoryRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  image: picture.nullable(),
  status: activeStatus,
  isHeaderCategory: z.boolean(),
  isCollectionCategory: z.boolean(),
  position,
  translations: hindi('title'),
  ...stamps,
})
export type CategoryRow = z.infer<typeof categoryRowSchema>

export const subcategoryRowSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  position,
  translations: hindi('title'),
  ...stamps,
})
export type SubcategoryRow = z.infer<typeof subcategoryRowSchema>

export const stateRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: picture.nullable(),
  position,
  translations: hindi('name'),
  ...stamps,
})
export type StateRow = z.infer<typeof stateRowSchema>

export const sliderRowSchema = z.object({
  id: z.string(),
  image: picture,
  title: z.string().nullable(),
  link: z.string().nullable(),
  status: activeStatus,
  position,
  ...stamps,
})
export type SliderRow = z.infer<typeof sliderRowSchema>

export const bannerRowSchema = z.object({
  id: z.string(),
  image: picture,
  title: z.string().nullable().meta({ description: 'The small line above the heading' }),
  subtitle: z.string().nullable().meta({ description: 'The heading' }),
  buttonText: z.string().nullable().meta({ description: 'The button’s words; null: Shop now' }),
  link: z.string().nullable().meta({ description: 'Where the button leads; null: the Handloom page' }),
  position,
  ...stamps,
})
export type BannerRow = z.infer<typeof bannerRowSchema>

export const couponRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  discount: z.number().int().meta({ description: 'Percent off' }),
  status: activeStatus,
  isPublic: z.boolean(),
  endsAt: when.nullable().meta({ description: 'The end of its last day, India time; null: no end' }),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  usedCount: z.number().int().meta({ description: 'Uses by paid orders' }),
  ...stamps,
})
export type CouponRow = z.infer<typeof couponRowSchema>

export const faqRowSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string().meta({ description: 'Sanitised HTML' }),
  position,
  translations: hindi('question', 'answer'),
  ...stamps,
})
export type FaqRow = z.infer<typeof faqRowSchema>

export const policySectionRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['privacy', 'terms', 'return']),
  title: z.string(),
  content: z.string().meta({ description: 'Sanitised HTML' }),
  position,
  translations: hindi('title', 'content'),
  ...stamps,
})
export type PolicySectionRow = z.infer<typeof policySectionRowSchema>

export const templeRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  location: z.string(),
  about: z.string(),
  image: picture.nullable(),
  images: z.array(picture),
  servicesLink: z.string(),
  virtualTourLink: z.string().nullable().meta({ description: 'Null: the services link' }),
  liveAartiLink: z.string().nullable().meta({ description: 'Null: the services link' }),
  orderParshadLink: z.string().nullable().meta({ description: 'Null: the services link' }),
  bookGuideLink: z.string().nullable().meta({ description: 'Null: the services link' }),
  translations: z
    .object({
      hi: z.object({ name: z.string(), location: z.string(), about: z.string() }).partial().optional(),
    })
    .meta({
      description: 'Staff’s Hindi of the name, place and text; the English shows where one is missing',
    }),
  position,
  ...stamps,
})
export type TempleRow = z.infer<typeof templeRowSchema>

export const searchSynonymRowSchema = z.object({
  id: z.string(),
  term: z.string().meta({ description: 'A word shoppers type' }),
  expansions: z.array(z.string()).meta({ description: 'The catalogue words it also finds' }),
  ...stamps,
})
export type SearchSynonymRow = z.infer<typeof searchSynonymRowSchema>

export const returnPolicySchema = z.object({
  content: z.string().meta({ description: 'Sanitised HTML' }),
  contentHi: z.string().meta({ description: 'Its Hindi, sanitised HTML; empty: the English shows' }),
  updatedAt: when.nullable(),
})
export type ReturnPolicy = z.infer<typeof returnPolicySchema>

export const uploadedPictureSchema = z.object({
  url: z.string().meta({ description: 'The 800 px picture, to save in the form' }),
  width: z.number(),
  height: z.number(),
})
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>
