import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  approvalInputSchema,
  bulkMatchingLimit,
  bulkProductLimit,
  imageOrderSchema,
  productBulkInputSchema,
  productImportInputSchema,
  productInputSchema,
  productListQuerySchema,
} from '../../../../contracts/admin.ts'
import { personalisationInputSchema } from '../../../../contracts/admin-personalisation.ts'
import {
  adminProductPageSchema,
  adminProductSchema,
  productAttributeValuesSchema,
  productBulkPreviewSchema,
  productBulkResultSchema,
  productImportPreviewSchema,
  productImportResultSchema,
  productRemovalSchema,
} from '../../../../contracts/admin-products.ts'
import {
  productStockChangeInputSchema,
  productVariantsInputSchema,
  variantText,
} from '../../../../contracts/admin-variants.ts'
import { productImportLimits } from '../../../../contracts/product-csv.ts'
import { ValidationError } from '../../../http/errors.ts'
import { adminFailures, csvFile, ok } from '../../../http/route-kit.ts'
import { uploadedFiles } from '../../../http/uploaded-files.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

const choiceParams = idParams.extend({ choiceId: z.string().min(1).max(40) })

/** Room for the largest file the import takes, sent as JSON text (quotes and line breaks escaped). */
const importBodyLimit = productImportLimits.bytes * 2 + 64 * 1024

/** Today in India, for the name of a downloaded file. */
const indianDate = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)

/** Products and their pictures (under /api/v1/admin, behind the console's guard). */
export const productRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const products = services.admin.products

  app.get(
    '/products',
    {
      schema: {
        operationId: 'adminListProducts',
        tags,
        security,
        summary:
          'Products (all, approved, awaiting approval or archived, low or out of stock), searchable and paginated',
        querystring: productListQuerySchema,
        response: { 200: ok(adminProductPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Products',
      data: await products.list(request.query),
    }),
  )

  app.post(
    '/products/bulk/preview',
    {
      schema: {
        operationId: 'adminPreviewBulkChange',
        tags,
        security,
        summary:
          'What a bulk change would do, product by product, with what happens to MRPs and discounts; nothing is written',
        body: productBulkInputSchema,
        response: { 200: ok(productBulkPreviewSchema), ...adminFailures() },
      },
    },
    async (request) => ({ success: true as const, ...(await products.bulk.preview(request.body)) }),
  )

  app.post(
    '/products/bulk',
    {
      schema: {
        operationId: 'adminBulkChangeProducts',
        tags,
        security,
        summary: `Approve, unapprove, reprice (a price, or a percentage with rounding) or restock (a number or a change) up to ${bulkProductLimit} ticked products, or up to ${bulkMatchingLimit} matching the list's filters, in one transaction; kept to be undone`,
        body: productBulkInputSchema,
        response: { 200: ok(productBulkResultSchema), ...adminFailures(409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await products.bulk.apply(actorOf(request), request.body)),
    }),
  )

  app.post(
    '/products/bulk/:id/undo',
    {
      schema: {
        operationId: 'adminUndoBulkChange',
        tags,
        security,
        summary:
          'Undoes a bulk change as a whole: each product back as it was, unless it was changed again since',
        params: idParams,
        response: { 200: ok(productBulkResultSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await products.bulk.undo(actorOf(request), request.params.id)),
    }),
  )

  app.get(
    '/products/export.csv',
    {
      schema: {
        operationId: 'adminExportProducts',
        tags,
        security,
        summary:
          'Every product matching the list’s filters as a CSV file (the import reads the same columns)',
        querystring: productListQuerySchema.omit({ page: true, pageSize: true }),
        response: { 200: csvFile('The products, text/csv'), ...adminFailures() },
      },
    },
    async (request, reply) => {
      const file = await products.exportFile(request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${indianDate()}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file, 'utf8'))
    },
  )

  app.post(
    '/products/import/preview',
    {
      bodyLimit: importBodyLimit,
      schema: {
        operationId: 'adminPreviewProductImport',
        tags,
        security,
        summary:
          'Check a product CSV file: what each row would create or change, and every row’s errors (writes nothing)',
        body: productImportInputSchema,
        response: { 200: ok(productImportPreviewSchema), ...adminFailures() },
      },
    },
    async (request) => {
      const data = await products.previewImport(request.body.csv)
      return {
        success: true as const,
        message: data.errors
          ? 'Some rows have errors: nothing can be imported yet.'
          : 'The file is ready to import.',
        data,
      }
    },
  )

  app.post(
    '/products/import',
    {
      bodyLimit: importBodyLimit,
      schema: {
        operationId: 'adminImportProducts',
        tags,
        security,
        summary:
          'Import a product CSV file in one transaction, checked again; refused whole (422) if any row has an error',
        body: productImportInputSchema,
        response: { 200: ok(productImportResultSchema), ...adminFailures(422) },
      },
    },
    async (request) => {
      const data = await products.importFile(actorOf(request), request.body.csv)
      const n = (count: number) => `${count} product${count === 1 ? '' : 's'}`
      return {
        success: true as const,
        message: `Imported: ${n(data.created)} added, ${n(data.updated)} updated, ${n(data.unchanged)} unchanged.`,
        data,
      }
    },
  )

  app.post(
    '/products',
    {
      schema: {
        operationId: 'adminCreateProduct',
        tags,
        security,
        summary: 'Create a product (awaiting approval unless isApproved is true)',
        body: productInputSchema,
        response: { 200: ok(adminProductSchema), ...adminFailures(409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product created',
      data: await products.create(actorOf(request), request.body),
    }),
  )

  app.get(
    '/products/attribute-values',
    {
      schema: {
        operationId: 'adminProductAttributeValues',
        tags,
        security,
        summary:
          'The materials, techniques and colours products already have, each with how many products have it, most used first (decision 130)',
        response: { 200: ok(productAttributeValuesSchema), ...adminFailures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'Values in use',
      data: await products.attributeValues(),
    }),
  )

  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'adminGetProduct',
        tags,
        security,
        summary: 'One product with its pictures',
        params: idParams,
        response: { 200: ok(adminProductSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product',
      data: await products.get(request.params.id),
    }),
  )

  app.put(
    '/products/:id',
    {
      schema: {
        operationId: 'adminUpdateProduct',
        tags,
        security,
        summary: 'Edit a product',
        params: idParams,
        body: productInputSchema,
        response: { 200: ok(adminProductSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product saved',
      data: await products.update(actorOf(request), request.params.id, request.body),
    }),
  )

  app.put(
    '/products/:id/variants',
    {
      schema: {
        operationId: 'adminSaveProductVariants',
        tags,
        security,
        summary:
          'Save a product’s options (up to three) and its variants, one per combination sold, in one transaction; the product’s price and stock follow them, and no options sell it as one piece again (decision 129)',
        params: idParams,
        body: productVariantsInputSchema,
        response: { 200: ok(adminProductSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const data = await products.saveVariants(actorOf(request), request.params.id, request.body)
      return {
        success: true as const,
        message: data.variants.length ? variantText.saved : variantText.removed,
        data,
      }
    },
  )

  app.put(
    '/products/:id/personalisation',
    {
      schema: {
        operationId: 'adminSaveProductPersonalisation',
        tags,
        security,
        summary:
          'Save a product’s personalisation: texts customers type (a name to weave, a message) and paid add-ons with their own price, HSN code and GST rate, in the order shown; a choice sent with its id keeps it, one left out is removed (decision 133)',
        params: idParams,
        body: personalisationInputSchema,
        response: { 200: ok(adminProductSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Personalisation saved',
      data: await products.savePersonalisation(actorOf(request), request.params.id, request.body),
    }),
  )

  app.post(
    '/products/:id/personalisation/:choiceId/picture',
    {
      schema: {
        operationId: 'adminAddChoicePicture',
        tags,
        security,
        summary:
          'Upload the help picture of a measurement form (multipart, field "image"), showing where to measure; it replaces any before (decision 133)',
        consumes: ['multipart/form-data'],
        params: choiceParams,
        response: { 200: ok(adminProductSchema), ...adminFailures(404, 415) },
      },
    },
    async (request) => {
      const [file] = await uploadedFiles(request)
      if (!file) throw new ValidationError('Choose a picture to upload.', { image: 'Choose a picture.' })
      const { id, choiceId } = request.params
      return {
        success: true as const,
        message: 'Help picture added',
        data: await products.choicePicture(actorOf(request), id, choiceId, file),
      }
    },
  )

  app.delete(
    '/products/:id/personalisation/:choiceId/picture',
    {
      schema: {
        operationId: 'adminRemoveChoicePicture',
        tags,
        security,
        summary: 'Remove the help picture of a measurement form (decision 133)',
        params: choiceParams,
        response: { 200: ok(adminProductSchema), ...adminFailures(404) },
      },
    },
    async (request) => {
      const { id, choiceId } = request.params
      return {
        success: true as const,
        message: 'Help picture removed',
        data: await products.choicePicture(actorOf(request), id, choiceId, null),
      }
    },
  )

  app.post(
    '/products/:id/stock',
    {
      schema: {
        operationId: 'adminChangeProductStock',
        tags,
        security,
        summary:
          'Add pieces to the stock or take some away: of a product sold as one piece, or of one variant (variantId) of a product with variants',
        params: idParams,
        body: productStockChangeInputSchema,
        response: { 200: ok(adminProductSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const r = await products.changeStock(actorOf(request), request.params.id, request.body)
      const n = `${r.quantity} ${r.quantity === 1 ? 'piece' : 'pieces'}`
      return {
        success: true as const,
        message: r.variant ? `Stock of ${r.variant}: now ${n}` : `Stock: now ${n}`,
        data: r.product,
      }
    },
  )

  app.post(
    '/products/:id/approval',
    {
      schema: {
        operationId: 'adminApproveProduct',
        tags,
        security,
        summary: 'Approve (show in the shop) or unapprove a product',
        params: idParams,
        body: approvalInputSchema,
        response: { 200: ok(adminProductSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.isApproved ? 'Product approved' : 'Product unapproved',
      data: await products.setApproval(actorOf(request), request.params.id, request.body),
    }),
  )

  app.post(
    '/products/:id/archive',
    {
      schema: {
        operationId: 'adminArchiveProduct',
        tags,
        security,
        summary: 'Archive (hide from the shop, keep for orders) or restore a product',
        params: idParams,
        body: z.object({ archived: z.boolean() }),
        response: { 200: ok(adminProductSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.archived ? 'Product archived' : 'Product restored',
      data: await products.setArchived(actorOf(request), request.params.id, request.body.archived),
    }),
  )

  app.delete(
    '/products/:id',
    {
      schema: {
        operationId: 'adminDeleteProduct',
        tags,
        security,
        summary: 'Delete a product (refused while an open order holds it; archived if past orders do)',
        params: idParams,
        response: {
          200: ok(productRemovalSchema),
          ...adminFailures(404, 409),
        },
      },
    },
    async (request) => {
      const r = await products.remove(actorOf(request), request.params.id)
      return { success: true as const, message: r.message, data: { outcome: r.outcome } }
    },
  )

  app.post(
    '/products/:id/images',
    {
      schema: {
        operationId: 'adminAddProductImages',
        tags,
        security,
        summary: 'Upload pictures (multipart, field "image"); re-encoded to 200, 400 and 800 px WebP',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: ok(adminProductSchema), ...adminFailures(404, 415) },
      },
    },
    async (request) => {
      const files = await uploadedFiles(request)
      return {
        success: true as const,
        message: files.length === 1 ? 'Picture added' : `${files.length} pictures added`,
        data: await products.addImages(actorOf(request), request.params.id, files),
      }
    },
  )

  app.put(
    '/products/:id/images/order',
    {
      schema: {
        operationId: 'adminOrderProductImages',
        tags,
        security,
        summary: 'Set the order of the pictures (the first is the main picture)',
        params: idParams,
        body: imageOrderSchema,
        response: { 200: ok(adminProductSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Picture order saved',
      data: await products.orderImages(actorOf(request), request.params.id, request.body.imageIds),
    }),
  )

  app.delete(
    '/products/:id/images/:imageId',
    {
      schema: {
        operationId: 'adminRemoveProductImage',
        tags,
        security,
        summary: 'Remove one picture',
        params: z.object({ id: z.string().min(1).max(64), imageId: z.string().min(1).max(64) }),
        response: { 200: ok(adminProductSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Picture removed',
      data: await products.removeImage(actorOf(request), request.params.id, request.params.imageId),
    }),
  )
}
