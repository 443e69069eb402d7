import { z } from 'zod'
import { gstRates, uqcCodes } from './gst.ts'
import { parseLeadTime } from './made-to-order.ts'
import { formatRupees } from './money.ts'
import { fulfilmentStatuses, paymentStatuses } from './order-states.ts'
import { shopLinkPattern } from './sale-banner.ts'
import { packageSizeProblem, parsePackageSize } from './shipping-rules.ts'

/**
 * The admin console's forms and the admin API's bodies share these schemas: the console checks a form
 * with them before sending, the server checks the same body again and answers 400 with a message per
 * field. Prices are rupees here (the database keeps paise). Only admin route chunks import this file.
 * What the API answers is described in the contracts/admin-*.ts files, one per console domain.
 */

const text = (label: string, max = 200) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} can be at most ${max} characters.`)

/** Optional text: an empty box is saved as nothing (null). */
const optionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} can be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null))

/**
 * Staff's optional Hindi of a text (docs/decisions/097): an empty box shows the English to Hindi readers.
 * Left as it is when not sent at all.
 */
const hindiText = (label: string, max = 200) =>
  z.string().trim().max(max, `The Hindi ${label} can be at most ${max} characters.`).optional()

const webLink = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `The ${label} can be at most 500 characters.`)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), {
      message: `The ${label} must be a full web address starting with https://`,
    })

/** An uploaded image (/uploads/...) or a full web address. */
const imageRef = z
  .string()
  .trim()
  .max(500, 'The image address is too long.')
  .refine((v) => /^(\/uploads\/[\w./-]+|https?:\/\/\S+)$/.test(v), {
    message: 'Upload an image or paste a full image address.',
  })
const optionalImage = imageRef
  .nullish()
  .or(z.literal(''))
  .transform((v) => (v ? v : null))

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Choose from the list.')
const optionalId = z
  .union([id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null))

const rupees = (label: string) =>
  z
    .number({ error: `Enter the ${label} in rupees.` })
    .min(0, `The ${label} cannot be negative.`)
    .max(10_000_000, `The ${label} is too large.`)
    .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1000) / 1000, {
      message: `The ${label} can have at most 2 decimals (paise).`,
    })

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    .int(`The ${label} must be a whole number.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} must be at most ${max}.`)

const position = wholeNumber('position', 0, 100_000).optional()
const activeStatus = z.enum(['active', 'inactive'], { error: 'Choose active or inactive.' })

export const youtubePattern = /^https:\/\/(www\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com)\//i

// ----- products -----

/** Why a list price below the price is refused, naming both amounts (the same in the console and the API). */
export const listPriceBelowPrice = (price: number, cutPrice: number) =>
  `The cut price (list price) ${formatRupees(cutPrice)} is lower than the price ${formatRupees(price)}. ` +
  'Enter a cut price of at least the price; the same amount means no discount.'

/** The attributes the listings filter by (decision 130), as the form, the CSV file and the audit name them. */
export const productAttributes = {
  materials: { label: 'Materials', one: 'material', example: 'Silk, Zari' },
  techniques: { label: 'Techniques', one: 'technique', example: 'Block print, Handloom weaving' },
  colours: { label: 'Colours', one: 'colour', example: 'Indigo, Red' },
} as const
export type ProductAttribute = keyof typeof productAttributes
export const productAttributeNames = Object.keys(productAttributes) as ProductAttribute[]

/** At most this many values of one attribute per product, each at most this long. */
export const productAttributeLimits = { values: 10, length: 40 } as const

export const productAttributeText = {
  help: (field: ProductAttribute) =>
    `Separate values with commas, as shoppers will see them in the filters: ${productAttributes[field].example}`,
  inUse: (values: string[], more: number) =>
    `Already in the shop: ${values.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
  notText: (field: ProductAttribute) => `Write the ${field} as text, separated by commas.`,
  tooMany: (field: ProductAttribute, found: number) =>
    `Give at most ${productAttributeLimits.values} ${field} (found ${found}); keep the ones shoppers look for.`,
  tooLong: (field: ProductAttribute, value: string) =>
    `Each ${productAttributes[field].one} can be at most ${productAttributeLimits.length} characters: '${value.slice(0, productAttributeLimits.length)}…' has ${value.length}.`,
} as const

/**
 * Staff's words as an attribute's values: split on commas (a filter's address joins values with them),
 * spaces trimmed and collapsed, empty and repeated values dropped, a repeat in other letter case too (the
 * first spelling kept).
 */
export function attributeValues(text: string | readonly string[]): string[] {
  const seen = new Set<string>()
  const values: string[] = []
  for (const part of (typeof text === 'string' ? [text] : text).flatMap((t) => t.split(','))) {
    const value = part.normalize('NFC').replace(/\s+/g, ' ').trim()
    const key = value.toLocaleLowerCase('en-IN')
    if (!value || seen.has(key)) continue
    seen.add(key)
    values.push(value)
  }
  return values
}

/** One attribute: comma-separated text (the form, the CSV file) or a list; left as it is when not sent. */
const attributeList = (field: ProductAttribute) =>
  z
    .union([z.string().max(2000), z.array(z.string().max(2000)).max(100)], {
      error: productAttributeText.notText(field),
    })
    .transform(attributeValues)
    .superRefine((values, ctx) => {
      if (values.length > productAttributeLimits.values) {
        ctx.addIssue({ code: 'custom', message: productAttributeText.tooMany(field, values.length) })
      }
      const long = values.find((v) => v.length > productAttributeLimits.length)
      if (long) ctx.addIssue({ code: 'custom', message: productAttributeText.tooLong(field, long) })
    })
    .optional()
    .meta({
      description: `Comma-separated text ('Silk, Zari') or a list; at most ${productAttributeLimits.values} values of ${productAttributeLimits.length} characters, repeats dropped (decision 130)`,
    })

/** Made to order as staff write it ('10-14', '7', '' for ready to ship): the days, null, or left as it is. */
export const leadTimeText = z
  .string()
  .max(20, 'Write the days it takes to make, such as 10-14.')
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined
    const read = parseLeadTime(v)
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem })
      return z.NEVER
    }
    return read.lead
  })

/** A piece's packed weight in grams (decision 134): '' or null clears it; left as it is when not sent. */
const parcelGrams = z
  .union([
    z.literal(''),
    z.null(),
    z.coerce
      .number({ error: 'Enter the weight in grams.' })
      .int('The weight must be whole grams.')
      .min(1, 'The weight must be at least 1 gram.')
      .max(100_000, 'The weight must be at most 100000 grams.'),
  ])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '' || v === null ? null : v))

/** The box it ships in, '35 × 28 × 6' (cm); '' clears it; left as it is when not sent. */
const packageSizeInput = z
  .string()
  .max(40, packageSizeProblem)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined
    const read = parsePackageSize(v)
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem })
      return z.NEVER
    }
    return read.size
  })

export const productInputSchema = z
  .object({
    title: text('title', 200),
    price: rupees('price'),
    cutPrice: rupees('cut price'),
    // No discount field: the percent is computed from the two prices (decision 014); a sent one is dropped.
    categoryId: optionalId,
    subcategoryId: optionalId,
    stateId: optionalId,
    sku: z
      .string({ error: 'Enter the SKU.' })
      .trim()
      .min(1, 'Enter the SKU.')
      .max(64, 'The SKU can be at most 64 characters.')
      .regex(/^[A-Za-z0-9._/-]+$/, 'Use letters, digits and - _ . / only in the SKU.'),
    shortDescription: z
      .string()
      .trim()
      .max(1000, 'The short description can be at most 1000 characters.')
      .default(''),
    description: z.string().max(100_000, 'The description is too long.').default(''),
    // The Hindi of the texts above (docs/decisions/097): the English shows where one is empty. Left as
    // they are when none is sent (a CSV import has no Hindi columns).
    titleHi: z.string().trim().max(200, 'The Hindi title can be at most 200 characters.').optional(),
    shortDescriptionHi: z
      .string()
      .trim()
      .max(1000, 'The Hindi short description can be at most 1000 characters.')
      .optional(),
    descriptionHi: z.string().max(100_000, 'The Hindi description is too long.').optional(),
    youtubeVideoLink: webLink('YouTube link').refine((v) => v === null || youtubePattern.test(v), {
      message: 'The YouTube link must be a youtube.com or youtu.be address.',
    }),
    view360Link: webLink('View 360 link'),
    quantity: wholeNumber('stock quantity', 0, 1_000_000),
    isApproved: z.boolean().optional(),
    // Printed on GST invoices (decision 083); left as they are when not sent.
    hsnCode: z
      .string()
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'The HSN code is 4, 6 or 8 digits.')
      .optional(),
    // The temple whose prasad package this is (decision 099); left as it is when not sent (a CSV import).
    templeId: z
      .union([id, z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    gstRate: z.coerce
      .number({ error: 'Choose the GST rate.' })
      .refine((r) => (gstRates as readonly number[]).includes(r), {
        message: `The GST rate must be one of ${gstRates.join(', ')} percent.`,
      })
      .optional(),
    // The product's rate decides even where an HSN rule would (decision 128); left as it is when not sent.
    gstRateFixed: z
      .union([z.boolean(), z.enum(['true', 'false', 'on', ''])])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === true || v === 'true' || v === 'on')),
    uqc: z.enum(uqcCodes, { error: `The unit is one of ${uqcCodes.join(', ')}.` }).optional(),
    // Made to order (decision 132): '10-14', '7' or '' (ready to ship); left as it is when not sent.
    madeToOrder: leadTimeText,
    // The parcel (decision 134): packed weight and box; left as they are when not sent.
    weight: parcelGrams,
    packageSize: packageSizeInput,
    // What the listings filter by (decision 130); left as they are when not sent.
    materials: attributeList('materials'),
    techniques: attributeList('techniques'),
    colours: attributeList('colours'),
  })
  .superRefine((p, ctx) => {
    if (p.cutPrice < p.price) {
      ctx.addIssue({ code: 'custom', path: ['cutPrice'], message: listPriceBelowPrice(p.price, p.cutPrice) })
    }
    if (p.subcategoryId && !p.categoryId) {
      ctx.addIssue({
        code: 'custom',
        path: ['categoryId'],
        message: 'Choose the category of the subcategory.',
      })
    }
  })
export type ProductInput = z.input<typeof productInputSchema>

export const approvalInputSchema = z.object({ isApproved: z.boolean({ error: 'Say approve or unapprove.' }) })

/** The product list's filters (without its page): the list, the export and a bulk change over all it matches. */
export const productFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  categoryId: id.optional(),
  stateId: id.optional(),
  approval: z.enum(['all', 'approved', 'pending', 'archived']).default('all'),
  /** Low: at or below the shop's low-stock threshold (Settings), out of stock included; out: none left. */
  stock: z.enum(['low', 'out']).optional(),
})

/** At most this many ticked products change in one bulk action (a page of the list is at most 100). */
export const bulkProductLimit = 200
/** At most this many products change in one bulk action over all that the list's filters match. */
export const bulkMatchingLimit = 2000

/**
 * How a price changed by a percentage is rounded (decision 125): to the paisa, to whole rupees, or to the
 * nearest amount ending in 9 or in 99 rupees (an amount under ₹100 then ends in 9, one under ₹10 is whole).
 */
export const priceRoundings = ['paisa', 'rupee', 'nine', 'ninetyNine'] as const
export type PriceRounding = (typeof priceRoundings)[number]

/**
 * One change to many products at once (POST /admin/products/bulk, and its preview): approve or unapprove,
 * set a price or change it by a percentage, set the stock or add to it (a negative number takes away); to
 * the ticked products, or to every product the list's filters match.
 */
export const productBulkInputSchema = z
  .object({
    ids: z
      .array(id, { error: 'Tick the products to change.' })
      .min(1, 'Tick at least one product.')
      .max(bulkProductLimit, `Change at most ${bulkProductLimit} products at a time.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each product can be ticked once.')
      .optional()
      .meta({ description: 'The ticked products; or send `matching` instead' }),
    matching: productFilterSchema
      .optional()
      .meta({ description: "Every product the list's filters match, instead of ticked ids" }),
    expectedCount: z.number().int().min(1).optional().meta({
      description: 'How many products the preview covered: a different number now is refused (409)',
    }),
    action: z.discriminatedUnion(
      'kind',
      [
        z.object({ kind: z.literal('approve') }),
        z.object({ kind: z.literal('unapprove') }),
        z.object({
          kind: z.literal('setPrice'),
          price: rupees('price').min(1, 'The price must be at least ₹1.'),
        }),
        z.object({
          kind: z.literal('changePrice'),
          percent: z
            .number({ error: 'Enter the change in percent, such as 10 or -15.' })
            .min(-90, 'A price can go down by at most 90% at a time.')
            .max(500, 'A price can go up by at most 500% at a time.')
            .refine((v) => v !== 0, 'Enter a change other than 0%.')
            .refine((v) => Math.round(v * 100) === v * 100, 'Use at most 2 decimals in the percent.'),
          rounding: z.enum(priceRoundings, { error: 'Choose how to round the new prices.' }).default('paisa'),
          listPrice: z
            .enum(['keep', 'scale'], { error: 'Choose what happens to the MRP.' })
            .default('keep')
            .meta({
              description:
                'keep: the MRP stays (discounts change); scale: the MRP changes by the same percentage (discounts stay)',
            }),
        }),
        z.object({ kind: z.literal('setStock'), quantity: wholeNumber('stock quantity', 0, 1_000_000) }),
        z.object({
          kind: z.literal('changeStock'),
          change: wholeNumber('stock change', -1_000_000, 1_000_000).refine(
            (v) => v !== 0,
            'Enter how many to add (or, with a minus, to take away).',
          ),
        }),
      ],
      { error: 'Choose what to do with the ticked products.' },
    ),
  })
  .superRefine((b, ctx) => {
    if (!b.ids && !b.matching) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Tick the products to change.' })
    }
    if (b.ids && b.matching) {
      ctx.addIssue({
        code: 'custom',
        path: ['matching'],
        message: 'Change the ticked products or all that match the filters, not both.',
      })
    }
  })
export type ProductBulkInput = z.input<typeof productBulkInputSchema>

/** A product CSV file sent for checking or importing (decision 093); its limits are checked by the server. */
export const productImportInputSchema = z.object({
  csv: z.string({ error: 'Choose a CSV file.' }).meta({ description: 'The whole file as text (UTF-8)' }),
})

export const imageOrderSchema = z.object({
  imageIds: z.array(id).max(50, 'At most 50 images.'),
})

export const productListQuerySchema = productFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})

// ----- catalogue structure and content -----

export const categoryInputSchema = z.object({
  title: text('title', 100),
  image: optionalImage,
  status: activeStatus,
  isHeaderCategory: z.boolean().default(false),
  isCollectionCategory: z.boolean().default(false),
  position,
  titleHi: hindiText('title', 100),
})

export const subcategoryInputSchema = z.object({
  categoryId: z.string({ error: 'Choose a category.' }).regex(/^[0-9a-f]{24}$/, 'Choose a category.'),
  title: text('title', 100),
  position,
  titleHi: hindiText('title', 100),
})

export const stateInputSchema = z.object({
  name: text('name', 100),
  image: optionalImage,
  position,
  nameHi: hindiText('name', 100),
})

/** One search word: letters (any script, with their vowel signs) and digits, lower-case, NFC. */
const searchWord = /^[\p{L}\p{M}\p{N}]{2,40}$/u
const asSearchWord = (v: string) => v.trim().normalize('NFC').toLocaleLowerCase('en-IN')

/** A search synonym (decision 026): a word shoppers type, and the catalogue words it should also find. */
export const searchSynonymInputSchema = z.object({
  term: z
    .string({ error: 'Enter the word shoppers type.' })
    .transform(asSearchWord)
    .refine((v) => searchWord.test(v), 'Enter one word of 2 to 40 letters or digits (no spaces).'),
  // The console sends the words as one line, separated by commas or spaces; the API also takes a list.
  expansions: z
    .union([z.string().max(500, 'Too many words.'), z.array(z.string().max(40)).max(10)], {
      error: 'Enter the words it should also find.',
    })
    .transform((v) => [
      ...new Set((typeof v === 'string' ? v.split(/[\s,]+/) : v).map(asSearchWord).filter(Boolean)),
    ])
    .refine((v) => v.length >= 1, 'Enter at least one word it should also find.')
    .refine((v) => v.length <= 10, 'Enter at most 10 words.')
    .refine(
      (v) => v.every((w) => searchWord.test(w)),
      'Each word has 2 to 40 letters or digits; separate words with commas.',
    ),
})

/** Where a tap leads: an address in the shop or a full web address; empty is saved as nothing. */
const shopLink = (label: string) =>
  optionalText(label, 500).refine((v) => v === null || shopLinkPattern.test(v), {
    message: `Enter an address in the shop starting with / (for example /product/Handloom), or a full web address starting with https://`,
  })

// A slide's link is checked as a banner's is: a shop or web address, never javascript:, data: or vbscript:.
export const sliderInputSchema = z.object({
  image: imageRef,
  title: optionalText('title', 200),
  link: shopLink('link'),
  status: activeStatus,
  position,
})

export const bannerInputSchema = z.object({
  image: imageRef,
  title: optionalText('small line', 80),
  subtitle: optionalText('heading', 120),
  buttonText: optionalText('button’s words', 30),
  link: shopLink('link'),
  position,
})

export const couponInputSchema = z.object({
  code: z
    .string({ error: 'Enter the code.' })
    .trim()
    .min(3, 'The code needs at least 3 characters.')
    .max(32, 'The code can be at most 32 characters.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only in the code (no spaces).'),
  // 100% would make every order free, which the shop cannot take online (decision 044).
  discount: wholeNumber('discount percent', 1, 99),
  status: activeStatus,
  isPublic: z.boolean().default(true),
  endsAt: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), {
      message: 'Pick an end date, or leave it empty for no end.',
    }),
  usageLimit: wholeNumber('usage limit', 1, 10_000_000)
    .nullish()
    .transform((v) => v ?? null),
  perCustomerLimit: wholeNumber('limit per customer', 1, 1000)
    .nullish()
    .transform((v) => v ?? null),
})

export const faqInputSchema = z.object({
  question: text('question', 500),
  answer: text('answer', 20_000),
  position,
  questionHi: hindiText('question', 500),
  answerHi: hindiText('answer', 20_000),
})

export const policySectionInputSchema = z.object({
  kind: z.enum(['privacy', 'terms'], { error: 'Choose privacy or terms.' }),
  title: text('title', 200),
  content: text('text', 50_000),
  position,
  titleHi: hindiText('title', 200),
  contentHi: hindiText('text', 50_000),
})

export const returnPolicyInputSchema = z.object({
  content: text('return policy', 100_000),
  contentHi: hindiText('return policy', 100_000),
})

export const templeInputSchema = z.object({
  name: text('name', 200),
  slug: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9-]*$/, 'Use small letters, digits and - only in the web name.')
    .default(''),
  location: z.string().trim().max(200, 'The location can be at most 200 characters.').default(''),
  about: z.string().trim().max(50_000, 'The text is too long.').default(''),
  image: optionalImage,
  images: z.array(imageRef).max(30, 'At most 30 images.').default([]),
  // Empty while the temple offers no online services yet: its page then shows them as not yet available.
  servicesLink: z
    .string({ error: 'Enter the services link.' })
    .trim()
    .max(500)
    .refine((v) => v === '' || /^(https?:\/\/\S+|\/\S*)$/.test(v), {
      message: 'The services link must be a web address (https://...) or a shop path (/...).',
    }),
  // Each service's own link (decision 099), checked like a banner's link; empty: the services link above.
  virtualTourLink: shopLink('Virtual tour link'),
  liveAartiLink: shopLink('Live Aarti link'),
  orderParshadLink: shopLink('Order Parshad link'),
  bookGuideLink: shopLink('Book Guide link'),
  // The Hindi of the name, place and text (decision 099): the English shows where one is empty. Left as
  // they are when none is sent.
  nameHi: z.string().trim().max(200, 'The Hindi name can be at most 200 characters.').optional(),
  locationHi: z.string().trim().max(200, 'The Hindi place can be at most 200 characters.').optional(),
  aboutHi: z.string().trim().max(50_000, 'The Hindi text is too long.').optional(),
  position,
})

// ----- orders, customers, messages -----

export { type FulfilmentStatus as OrderStatus, fulfilmentStatuses as orderStatuses } from './order-states.ts'

/** The courier's tracking link of a shipped order: a full web address, or nothing. */
export const trackingLinkSchema = webLink('tracking link')

export const orderStatusInputSchema = z
  .object({
    status: z.enum(['Processing', 'Shipped', 'Delivered', 'Cancelled'], { error: 'Choose the new status.' }),
    shippingLink: trackingLinkSchema,
    note: optionalText('note', 500),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'Shipped' && !v.shippingLink) {
      ctx.addIssue({
        code: 'custom',
        path: ['shippingLink'],
        message: 'Enter the tracking link from the courier before marking the order Shipped.',
      })
    }
  })

/** The most orders one bulk action (shipping, packing slips) takes at once. */
export const ordersPerBatch = 100

/**
 * Several orders marked Shipped at once, each with its own tracking link. Each link, and how many orders
 * there are (batchRefusal), is checked by the server, so one missing link refuses that order only.
 */
export const shipOrdersInputSchema = z.object({
  orders: z
    .array(
      z.object({
        id: z.string({ error: 'Choose the order.' }).trim().min(1, 'Choose the order.').max(64),
        shippingLink: z.string().max(1000, 'The tracking link is too long.').nullish(),
      }),
      { error: 'Choose the orders to ship.' },
    )
    .max(10 * ordersPerBatch, `Ship at most ${ordersPerBatch} orders at once.`),
})
export type ShipOrdersInput = z.input<typeof shipOrdersInputSchema>

/** Packing slips of several orders: their ids, separated by commas (how many is checked by the server). */
export const packingSlipsQuerySchema = z.object({
  ids: z
    .string()
    .max(20_000, `Choose at most ${ordersPerBatch} orders at once.`)
    .default('')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .meta({ description: `Order ids separated by commas, at most ${ordersPerBatch}` }),
})

/** Why a bulk action refuses its list of orders, or null when the count is right. */
export function batchRefusal(count: number, what: string): string | null {
  if (count === 0) return `Tick the orders ${what}.`
  if (count > ordersPerBatch) {
    return `At most ${ordersPerBatch} orders at once ${what}: you chose ${count}. Untick some and try again.`
  }
  return null
}

/** YYYY-MM-DD naming a day that exists (2026-02-30 would reach the database as an invalid date). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const day = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s)
  }, 'is not a real date')

export const orderListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(fulfilmentStatuses).optional(),
  payment: z.enum(paymentStatuses).optional(),
  /** What staff have to do: orders awaiting payment, paid ones to ship, refunds waiting. */
  queue: z.enum(['awaitingPayment', 'toShip', 'codToShip', 'refundPending', 'deliveryProblems']).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})

/** One page of a console list: its rows, how many there are in all, and where this page is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
  })

export const listQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})

export const messageListQuerySchema = listQuerySchema.extend({
  kind: z.enum(['contact', 'newsletter']).optional(),
  status: z.enum(['new', 'read']).optional(),
})

export const customerDisableSchema = z.object({ disabled: z.boolean({ error: 'Say disable or enable.' }) })
export const messageStatusSchema = z.object({ status: z.enum(['new', 'read']) })

/** Turns a zod error into the same `{ field: message }` map the server sends in a 400. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form'
    out[key] ??= issue.message
  }
  return out
}
