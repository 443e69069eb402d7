import { z } from 'zod'
import { youtubePattern } from './admin.ts'

/**
 * The console's artisans, clusters and each product's makers and marks (decision 098): the forms' schemas
 * (checked in the console and again by the server) and what the operations answer.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} can be at most ${max} characters.`)

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} can be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, ' ') : null))

const idPattern = /^[0-9a-f]{24}$/
const chosenId = (what: string) =>
  z.string({ error: `Choose the ${what}.` }).regex(idPattern, `Choose the ${what} from the list.`)

/** At most this many photos on an artisan's or a cluster's page. */
export const maxProfilePhotos = 6

/** A picture uploaded through the console (the shop's own file store), not a pasted address. */
const storedPicture = z
  .string()
  .trim()
  .regex(
    /^\/uploads\/(artisans|clusters)\/[\w./-]+$/,
    'Upload the photos here; pasted addresses are not used.',
  )
  .refine((v) => !v.includes('..'), 'Upload the photos here; pasted addresses are not used.')

const profileFields = {
  name: text('name', 120),
  slug: z
    .string()
    .trim()
    .max(80, 'The web name can be at most 80 characters.')
    .regex(/^[a-z0-9-]*$/, 'Use small letters, digits and - only in the web name.')
    .default(''),
  craft: text('craft', 120),
  village: text('village or town', 120),
  district: text('district', 120),
  stateId: chosenId('state'),
  story: z.string().trim().max(50_000, 'The story is too long.').default(''),
  photos: z.array(storedPicture).max(maxProfilePhotos, `At most ${maxProfilePhotos} photos.`).default([]),
  videoLink: z
    .string()
    .trim()
    .max(500, 'The YouTube link can be at most 500 characters.')
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (youtubePattern.test(v) && !/\s/.test(v)), {
      message: 'The YouTube link must be a youtube.com or youtu.be address.',
    }),
}

export const clusterInputSchema = z.object(profileFields)
export type ClusterInput = z.input<typeof clusterInputSchema>

export const artisanInputSchema = z.object({
  ...profileFields,
  clusterId: z
    .union([z.string().regex(idPattern, 'Choose the cluster from the list.'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
})
export type ArtisanInput = z.input<typeof artisanInputSchema>

/**
 * A product's makers (artisan ids, in order) and marks. Plain and forgiving: trimmed text within a length;
 * the official numbers have no format the shop could check. A GI tag needs both its name and the number.
 */
export const productProvenanceInputSchema = z
  .object({
    makerIds: z
      .array(z.string().regex(idPattern, 'Choose the makers from the list.'))
      .max(10, 'Name at most 10 makers.')
      .default([])
      .transform((ids) => [...new Set(ids)]),
    giName: optionalText('GI name', 120),
    giAuthorisedUser: optionalText('GI authorised-user number', 60),
    handloomMark: optionalText('Handloom Mark number', 60),
    silkMark: optionalText('Silk Mark number', 60),
  })
  .superRefine((v, ctx) => {
    if (v.giName && !v.giAuthorisedUser)
      ctx.addIssue({
        code: 'custom',
        path: ['giAuthorisedUser'],
        message: 'Enter the authorised-user number of the GI tag, or leave the GI name empty too.',
      })
    if (v.giAuthorisedUser && !v.giName)
      ctx.addIssue({
        code: 'custom',
        path: ['giName'],
        message:
          'Enter the registered name of the GI (for example the craft and place), or leave the number empty too.',
      })
  })
export type ProductProvenanceInput = z.input<typeof productProvenanceInputSchema>

const when = z.string().meta({ format: 'date-time' })
const rowFields = {
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  craft: z.string(),
  village: z.string(),
  district: z.string(),
  stateId: z.string().nullable(),
  stateName: z.string().nullable(),
  story: z.string().meta({ description: 'Sanitised HTML' }),
  photos: z.array(z.string()),
  videoLink: z.string().nullable(),
  createdAt: when,
  updatedAt: when,
}

export const clusterRowSchema = z.object({
  ...rowFields,
  artisanCount: z.number().int().meta({ description: 'Artisans who belong to it' }),
})
export type ClusterRow = z.infer<typeof clusterRowSchema>

export const artisanRowSchema = z.object({
  ...rowFields,
  clusterId: z.string().nullable(),
  clusterName: z.string().nullable(),
  productCount: z.number().int().meta({ description: 'Products that name them as a maker' }),
})
export type ArtisanRow = z.infer<typeof artisanRowSchema>

export const productProvenanceRowSchema = z.object({
  makers: z.array(z.object({ id: z.string(), name: z.string() })),
  giName: z.string().nullable(),
  giAuthorisedUser: z.string().nullable(),
  handloomMark: z.string().nullable(),
  silkMark: z.string().nullable(),
})
export type ProductProvenanceRow = z.infer<typeof productProvenanceRowSchema>
