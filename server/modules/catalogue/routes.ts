import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { categorySchema, type Product, productSchema, stateSchema } from '../../../contracts/catalogue.ts'
import {
  anyFilter,
  type ListingFilters,
  markValues,
  maxFilterValueLength,
  maxFilterValues,
} from '../../../contracts/catalogue-filters.ts'
import { isSortValue, sortOptions } from '../../../contracts/catalogue-sort.ts'
import { productDetailSchema } from '../../../contracts/provenance.ts'
import { failures, ok, publicAccess } from '../../http/route-kit.ts'
import { sendCached } from '../../http/send-cached.ts'
import type { Services } from '../../services.ts'

const nameFilter = (what: string) =>
  z.string().trim().min(1).max(100).optional().describe(`${what} name, matched case-insensitively`)

const sortDoc = sortOptions.map((o) => `${o.value} ${o.label}`).join(', ')

/** The product list is one bounded page by default (decision 103); a client that needs more asks for pages. */
export const productListDefaultLimit = 100
export const productListMaxLimit = 100

/** A filter's values: the key repeated, or the values joined by commas (decision 130). */
const manyValues = (what: string) =>
  z
    .union([
      z.string().max(maxFilterValueLength * maxFilterValues),
      z.array(z.string().max(maxFilterValueLength)),
    ])
    .optional()
    .transform((v) =>
      (v === undefined ? [] : Array.isArray(v) ? v : [v])
        .flatMap((x) => x.split(','))
        .map((x) => x.trim().replace(/\s+/g, ' '))
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).max(maxFilterValues, `at most ${maxFilterValues} values`))
    .describe(
      `${what}: any of the values given (repeat the key, or join them by commas), as \`facets\` names them`,
    )

const rupeeBound = (what: string) =>
  z.coerce
    .number({ error: 'must be a number of rupees' })
    .min(0, 'must be 0 or more')
    .max(10_000_000, 'must be at most 1,00,00,000')
    .optional()
    .describe(`${what} price in whole rupees, inclusive`)

const productListQuery = z.object({
  category: nameFilter('Category'),
  subcategory: nameFilter('Subcategory'),
  state: manyValues('State names, matched case-insensitively'),
  material: manyValues('Materials'),
  technique: manyValues('Techniques'),
  colour: manyValues('Colours'),
  mark: z
    .union([z.enum(markValues), z.array(z.enum(markValues))])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .describe(`Authenticity marks: any of ${markValues.join(', ')}`),
  artisan: manyValues("Artisans' address names (as on /artisan/{slug})"),
  minPrice: rupeeBound('Lowest'),
  maxPrice: rupeeBound('Highest'),
  inStock: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true')
    .describe('1 for products in stock only'),
  sort: z.coerce
    .number()
    .refine(isSortValue, 'must be 1 to 6')
    .optional()
    .describe(`Sort order: ${sortDoc} (1 and 2 keep the catalogue order)`),
  page: z.coerce.number().int().min(1).max(10_000).optional().describe('Page number from 1 (default 1)'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(productListMaxLimit)
    .optional()
    .describe(`Products per page (default ${productListDefaultLimit}, at most ${productListMaxLimit})`),
})

const facetValues = z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() }))

/** The counts beside the filters (decision 130): each filter's values counted with the other filters applied. */
const facetsSchema = z
  .object({
    material: facetValues,
    technique: facetValues,
    colour: facetValues,
    state: facetValues,
    mark: facetValues,
    artisan: facetValues,
    inStock: z.number().int().meta({ description: 'How many are in stock' }),
    price: z
      .object({ min: z.number().int(), max: z.number().int() })
      .nullable()
      .meta({ description: 'Lowest and highest price in whole rupees; null when nothing is found' }),
  })
  .meta({ description: 'The counts a filter shows beside its values (decision 130)' })

const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
})

export const catalogueRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { catalogue, cache } = services

  app.get(
    '/category/allcategory',
    {
      schema: {
        operationId: 'listCategories',
        security: publicAccess,
        tags: ['catalogue'],
        summary: 'Active categories with their subcategories',
        response: { 200: ok(z.array(categorySchema)), ...failures() },
      },
    },
    async (request, reply) => {
      const body = await cache.body('api:categories', async () => ({
        success: true,
        message: 'Categories fetched',
        data: await catalogue.categories(),
      }))
      return sendCached(request, reply, body)
    },
  )

  app.get(
    '/State',
    {
      schema: {
        operationId: 'listStates',
        security: publicAccess,
        tags: ['catalogue'],
        summary: 'States with products',
        response: { 200: ok(z.array(stateSchema)), ...failures() },
      },
    },
    async (request, reply) => {
      const body = await cache.body('api:states', async () => ({
        success: true,
        message: 'States fetched',
        data: await catalogue.states(),
      }))
      return sendCached(request, reply, body)
    },
  )

  app.get(
    '/Product/products',
    {
      schema: {
        operationId: 'listProducts',
        security: publicAccess,
        tags: ['catalogue'],
        summary: 'Approved products (list items carry no HTML description)',
        description:
          `One page of approved products (${productListDefaultLimit} by default, at most ${productListMaxLimit}), ` +
          'in catalogue order unless sorted, with a `pagination` object (page, limit, total, pages): a client ' +
          'that needs more asks for the next pages. Optional filters by category, subcategory and state name ' +
          '(case-insensitive) and a sort order.',
        querystring: productListQuery,
        response: {
          200: ok(z.array(productSchema)).extend({ pagination: paginationSchema, facets: facetsSchema }),
          ...failures(),
        },
      },
    },
    async (request, reply) => {
      const { category, subcategory, sort, page, limit, ...chosen } = request.query
      const filters: ListingFilters = {
        material: chosen.material,
        technique: chosen.technique,
        colour: chosen.colour,
        state: chosen.state,
        mark: chosen.mark,
        artisan: chosen.artisan,
        inStock: chosen.inStock,
        ...(chosen.minPrice === undefined ? {} : { minPrice: Math.floor(chosen.minPrice) }),
        ...(chosen.maxPrice === undefined ? {} : { maxPrice: Math.floor(chosen.maxPrice) }),
      }
      const filter = { category, subcategory, filters, sort: sort as 1 | 2 | 3 | 4 | 5 | 6 | undefined }
      // Staff's Hindi titles for a visitor who chose Hindi (docs/decisions/097); such answers are never
      // kept by a shared cache, which keys on the address alone.
      const language = request.language
      const inLanguage = <T extends Product>(list: T[]) => catalogue.inLanguage(list, language)
      const read = async () => {
        const [{ items, ...pagination }, facets] = await Promise.all([
          catalogue.productPage(filter, page ?? 1, limit ?? productListDefaultLimit),
          catalogue.facets(filter, language),
        ])
        return {
          success: true as const,
          message: 'Products fetched',
          data: await inLanguage(items),
          pagination,
          facets,
        }
      }
      // The plain first page, the one the storefront's own client asks for, is kept as bytes.
      const plain = !category && !subcategory && !anyFilter(filters) && (sort === undefined || sort <= 2)
      const first = (page ?? 1) === 1 && (limit ?? productListDefaultLimit) === productListDefaultLimit
      if (language === 'en' && plain && first)
        return sendCached(request, reply, await cache.body('api:products', read))
      return read()
    },
  )
  app.get(
    '/Product/searchproduct',
    {
      schema: {
        operationId: 'searchProducts',
        security: publicAccess,
        tags: ['catalogue'],
        summary: 'Search approved products by title, category, state and description words',
        description:
          'Full-text prefix matching plus trigram similarity, so typos and partial words still find products. ' +
          'Best matches first; at most 60.',
        querystring: z.object({ query: z.string().max(200).describe('The words to look for') }),
        response: { 200: ok(z.array(productSchema)), ...failures() },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const data = await catalogue.inLanguage(await catalogue.search(request.query.query), request.language)
      return {
        success: true as const,
        message:
          data.length > 0 ? 'Products fetched' : `No products found for "${request.query.query.trim()}".`,
        data,
      }
    },
  )

  app.get(
    '/Product/product',
    {
      schema: {
        operationId: 'getProduct',
        security: publicAccess,
        tags: ['catalogue'],
        summary: 'One approved product, with its makers and authenticity marks',
        querystring: z.object({ id: z.string().min(1).max(64) }),
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), product: productDetailSchema }),
          ...failures(404),
        },
      },
    },
    async (request) => {
      const [product] = await catalogue.inLanguage(
        [await catalogue.product(request.query.id)],
        request.language,
      )
      // Who made it and its marks (decision 098) come beside the spec's fields.
      const provenance = await services.provenance.ofProduct(product._id)
      return { success: true as const, message: 'Product fetched', product: { ...product, ...provenance } }
    },
  )
}
