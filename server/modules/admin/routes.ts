import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  approvalInputSchema,
  customerDisableSchema,
  imageOrderSchema,
  listQuerySchema,
  messageListQuerySchema,
  messageStatusSchema,
  orderListQuerySchema,
  orderStatusInputSchema,
  productInputSchema,
  productListQuerySchema,
  returnPolicyInputSchema,
} from '../../../contracts/admin.ts'
import {
  contactReplyBody,
  mailSettingsBody,
  outboxListQuery,
  outboxStatuses,
} from '../../../contracts/mail.ts'
import { ValidationError } from '../../http/errors.ts'
import { adminFailures, bearer, done, ok } from '../../http/route-kit.ts'
import { UnsupportedMediaTypeError } from '../../http/uploads.ts'
import type { Services } from '../../services.ts'
import { invoiceAdminRoutes } from '../invoices/routes.ts'
import { resources } from './resources.ts'
import type { Actor } from './service.ts'

const row = z.record(z.string(), z.unknown())
const paged = z.object({
  items: z.array(row),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
})
const idParams = z.object({ id: z.string().min(1).max(64) })
const tags = ['admin']
const security = bearer
/** Resource names as operation ids say them: adminListCategories, adminAddCategory… */
const pascal = (path: string) => path.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())
const oneOf: Record<string, string> = { sliders: 'Slide', faqs: 'Faq', 'policy-sections': 'PolicySection' }
const singular = (path: string) => oneOf[path] ?? pascal(path).replace(/ies$/, 'y').replace(/s$/, '')

const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id })

/** Reads the uploaded files of a multipart request (each at most 8 MB, checked by @fastify/multipart). */
async function uploadedFiles(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart())
    throw new UnsupportedMediaTypeError('Send the pictures as a file upload (multipart form).')
  const files: Buffer[] = []
  for await (const part of request.files()) files.push(await part.toBuffer())
  return files
}

const adminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { admin } = services
  // The one guard for the whole /api/v1/admin prefix: 401 without a valid token, 403 for a customer.
  app.addHook('onRequest', app.requireAdmin)

  app.get(
    '/overview',
    {
      schema: {
        operationId: 'adminOverview',
        tags,
        security,
        summary: 'Orders today and this month, revenue, orders by status, work waiting',
        response: { 200: ok(row), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'Overview', data: await admin.overview() }),
  )

  app.get(
    '/audit',
    {
      schema: {
        operationId: 'adminAuditLog',
        tags,
        security,
        summary: 'The audit log of admin changes, newest first',
        querystring: listQuerySchema.extend({ entity: z.string().max(40).optional() }),
        response: { 200: ok(paged), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Audit log',
      data: await admin.audit(request.query),
    }),
  )

  // ----- products -----

  app.get(
    '/products',
    {
      schema: {
        operationId: 'adminListProducts',
        tags,
        security,
        summary: 'Products (all, approved, awaiting approval or archived), searchable and paginated',
        querystring: productListQuerySchema,
        response: { 200: ok(paged), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Products',
      data: await admin.products.list(request.query),
    }),
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
        response: { 200: ok(row), ...adminFailures(409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product created',
      data: await admin.products.create(actorOf(request), request.body),
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
        response: { 200: ok(row), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product',
      data: await admin.products.get(request.params.id),
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
        response: { 200: ok(row), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product saved',
      data: await admin.products.update(actorOf(request), request.params.id, request.body),
    }),
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
        response: { 200: ok(row), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.isApproved ? 'Product approved' : 'Product unapproved',
      data: await admin.products.setApproval(actorOf(request), request.params.id, request.body),
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
        response: { 200: ok(row), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.archived ? 'Product archived' : 'Product restored',
      data: await admin.products.setArchived(actorOf(request), request.params.id, request.body.archived),
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
          200: ok(z.object({ outcome: z.enum(['deleted', 'archived']) })),
          ...adminFailures(404, 409),
        },
      },
    },
    async (request) => {
      const r = await admin.products.remove(actorOf(request), request.params.id)
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
        response: { 200: ok(row), ...adminFailures(404, 415) },
      },
    },
    async (request) => {
      const files = await uploadedFiles(request)
      return {
        success: true as const,
        message: files.length === 1 ? 'Picture added' : `${files.length} pictures added`,
        data: await admin.products.addImages(actorOf(request), request.params.id, files),
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
        response: { 200: ok(row), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Picture order saved',
      data: await admin.products.orderImages(actorOf(request), request.params.id, request.body.imageIds),
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
        response: { 200: ok(row), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Picture removed',
      data: await admin.products.removeImage(actorOf(request), request.params.id, request.params.imageId),
    }),
  )

  app.post(
    '/uploads/:folder',
    {
      schema: {
        operationId: 'adminUploadImage',
        tags,
        security,
        summary: 'Upload one picture for a category, state, slide, banner or temple; answers its URL',
        consumes: ['multipart/form-data'],
        params: z.object({ folder: z.enum(['categories', 'states', 'sliders', 'banners', 'temples']) }),
        response: {
          200: ok(z.object({ url: z.string(), width: z.number(), height: z.number() })),
          ...adminFailures(415),
        },
      },
    },
    async (request) => {
      const [file] = await uploadedFiles(request)
      if (!file)
        throw new ValidationError('Choose a picture to upload.', { image: 'Choose a picture to upload.' })
      return {
        success: true as const,
        message: 'Picture uploaded',
        data: await admin.uploadImage(actorOf(request), request.params.folder, file),
      }
    },
  )

  // ----- categories, subcategories, states, sliders, banners, coupons, FAQ, policy sections, temples -----

  for (const r of resources) {
    app.get(
      `/${r.path}`,
      {
        schema: {
          operationId: `adminList${pascal(r.path)}`,
          tags,
          security,
          summary: `Every ${r.label}`,
          response: { 200: ok(z.array(row)), ...adminFailures() },
        },
      },
      async () => ({ success: true as const, message: 'OK', data: await admin.resources.list(r.path) }),
    )
    app.post(
      `/${r.path}`,
      {
        schema: {
          operationId: `adminAdd${singular(r.path)}`,
          tags,
          security,
          summary: `Add a ${r.label}`,
          body: r.input,
          response: { 200: ok(row), ...adminFailures(409) },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Saved',
        data: await admin.resources.create(actorOf(request), r.path, request.body as Record<string, unknown>),
      }),
    )
    app.put(
      `/${r.path}/:id`,
      {
        schema: {
          operationId: `adminUpdate${singular(r.path)}`,
          tags,
          security,
          summary: `Edit a ${r.label}`,
          params: idParams,
          body: r.input,
          response: { 200: ok(row), ...adminFailures(404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Saved',
        data: await admin.resources.update(
          actorOf(request),
          r.path,
          request.params.id,
          request.body as Record<string, unknown>,
        ),
      }),
    )
    app.delete(
      `/${r.path}/:id`,
      {
        schema: {
          operationId: `adminDelete${singular(r.path)}`,
          tags,
          security,
          summary: `Delete a ${r.label}`,
          params: idParams,
          response: { 200: done, ...adminFailures(404, 409) },
        },
      },
      async (request) => {
        await admin.resources.remove(actorOf(request), r.path, request.params.id)
        return { success: true as const, message: 'Deleted' }
      },
    )
  }

  app.get(
    '/return-policy',
    {
      schema: {
        operationId: 'adminGetReturnPolicy',
        tags,
        security,
        summary: 'The return policy (HTML)',
        response: {
          200: ok(z.object({ content: z.string(), updatedAt: z.string().nullable() })),
          ...adminFailures(),
        },
      },
    },
    async () => ({ success: true as const, message: 'Return policy', data: await admin.returnPolicy.get() }),
  )

  app.put(
    '/return-policy',
    {
      schema: {
        operationId: 'adminSaveReturnPolicy',
        tags,
        security,
        summary: 'Save the return policy (HTML, sanitised)',
        body: returnPolicyInputSchema,
        response: {
          200: ok(z.object({ content: z.string(), updatedAt: z.string().nullable() })),
          ...adminFailures(),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Return policy saved',
      data: await admin.returnPolicy.save(actorOf(request), request.body),
    }),
  )

  // ----- orders -----

  app.get(
    '/orders',
    {
      schema: {
        operationId: 'adminListOrders',
        tags,
        security,
        summary:
          'Orders, searchable by order number, customer, phone, status and date (YYYY-MM-DD, India time)',
        querystring: orderListQuerySchema,
        response: { 200: ok(paged), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Orders',
      data: await admin.orders.list(request.query),
    }),
  )

  app.get(
    '/orders/:id',
    {
      schema: {
        operationId: 'adminGetOrder',
        tags,
        security,
        summary: 'One order with items, address, payment and history',
        params: idParams,
        response: { 200: ok(row), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order',
      data: await admin.orders.get(request.params.id),
    }),
  )

  app.post(
    '/orders/:id/status',
    {
      schema: {
        operationId: 'adminSetOrderStatus',
        tags,
        security,
        summary: 'Move an order forward (Processing, Shipped with a tracking link, Delivered) or cancel it',
        params: idParams,
        body: orderStatusInputSchema,
        response: { 200: ok(row), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const data = await admin.orders.changeStatus(actorOf(request), request.params.id, request.body)
      const linkChanged = data.history.at(-1)?.note === 'Tracking link changed'
      return {
        success: true as const,
        message: linkChanged ? 'Tracking link saved' : `Order marked ${request.body.status}`,
        data,
      }
    },
  )

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        operationId: 'adminRefundOrder',
        tags,
        security,
        summary: 'Send a waiting refund of a cancelled, paid order now (a failed one is retried)',
        params: idParams,
        response: { 200: ok(row), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const r = await admin.orders.refund(actorOf(request), request.params.id)
      return { success: true as const, message: r.message, data: r.order }
    },
  )

  // ----- customers, messages -----

  app.get(
    '/customers',
    {
      schema: {
        operationId: 'adminListCustomers',
        tags,
        security,
        summary: 'Accounts, searchable by name, e-mail or mobile',
        querystring: listQuerySchema,
        response: { 200: ok(paged), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Customers',
      data: await admin.customers.list(request.query),
    }),
  )

  app.get(
    '/customers/:id',
    {
      schema: {
        operationId: 'adminGetCustomer',
        tags,
        security,
        summary: 'One account with its orders and addresses',
        params: idParams,
        response: { 200: ok(row), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Customer',
      data: await admin.customers.get(request.params.id),
    }),
  )

  app.post(
    '/customers/:id/disable',
    {
      schema: {
        operationId: 'adminDisableCustomer',
        tags,
        security,
        summary: 'Disable an account (its tokens stop working at once) or enable it again',
        params: idParams,
        body: customerDisableSchema,
        response: { 200: ok(row), ...adminFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.disabled ? 'Account disabled' : 'Account enabled',
      data: await admin.customers.setDisabled(actorOf(request), request.params.id, request.body),
    }),
  )

  app.get(
    '/messages',
    {
      schema: {
        operationId: 'adminListMessages',
        tags,
        security,
        summary: 'Contact Us messages and newsletter sign-ups, newest first',
        querystring: messageListQuerySchema,
        response: { 200: ok(paged), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Messages',
      data: await admin.messages.list(request.query),
    }),
  )

  app.post(
    '/messages/:id/status',
    {
      schema: {
        operationId: 'adminSetMessageStatus',
        tags,
        security,
        summary: 'Mark a message read or new',
        params: idParams,
        body: messageStatusSchema,
        response: { 200: ok(z.object({ _id: z.string(), status: z.string() })), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await admin.messages.setStatus(actorOf(request), request.params.id, request.body.status),
    }),
  )
}

/** The outbox, the shop's mail settings and answers to Contact Us messages (docs/decisions/070–073). */
const mailRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { mail, messages } = services
  app.addHook('onRequest', app.requireAdmin)

  const outboxItem = z.object({
    _id: z.string(),
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(outboxStatuses),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
  })

  app.get(
    '/outbox',
    {
      schema: {
        operationId: 'adminListOutbox',
        tags,
        security,
        summary: 'E-mails the shop wrote, newest first, with their delivery state',
        description:
          'Without SMTP_URL every e-mail is `kept` here and none leaves the machine. `failed` ones gave up ' +
          'after repeated attempts; `lastError` says what the mail server answered.',
        querystring: outboxListQuery,
        response: {
          200: ok(
            z.object({
              items: z.array(outboxItem),
              total: z.number().int(),
              page: z.number().int(),
              pageSize: z.number().int(),
              pages: z.number().int(),
              sending: z.boolean(),
            }),
          ),
          ...adminFailures(),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Outbox',
      data: { ...(await mail.outbox.list(request.query)), sending: mail.sending },
    }),
  )

  app.get(
    '/outbox/:id',
    {
      schema: {
        operationId: 'adminGetOutboxMail',
        tags,
        security,
        summary: 'One e-mail as the recipient gets it: HTML, plain text and headers',
        params: idParams,
        response: {
          200: ok(
            outboxItem.extend({
              replyTo: z.string().nullable(),
              messageId: z.string(),
              html: z.string(),
              text: z.string(),
              headers: z.record(z.string(), z.string()),
            }),
          ),
          ...adminFailures(404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'E-mail',
      data: await mail.outbox.get(request.params.id),
    }),
  )

  app.post(
    '/outbox/:id/retry',
    {
      schema: {
        operationId: 'adminRetryOutboxMail',
        tags,
        security,
        summary: 'Try a failed or waiting e-mail again now',
        params: idParams,
        response: { 200: ok(outboxItem), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'It will be sent again shortly',
      data: await mail.outbox.retry(request.params.id),
    }),
  )

  const settings = z.object({ notificationEmail: z.string(), lowStockThreshold: z.number().int() })
  app.get(
    '/settings/mail',
    {
      schema: {
        operationId: 'adminGetMailSettings',
        tags,
        security,
        summary: "The shop's notification address and low-stock threshold",
        response: { 200: ok(settings), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'Mail settings', data: await mail.settings.get() }),
  )

  app.put(
    '/settings/mail',
    {
      schema: {
        operationId: 'adminSaveMailSettings',
        tags,
        security,
        summary: 'Set where staff e-mails go (empty: none are sent) and the shop-wide low-stock threshold',
        body: mailSettingsBody,
        response: { 200: ok(settings), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await mail.settings.save(request.user!.id, request.body),
    }),
  )

  const thread = z.object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    message: z.string(),
    createdAt: z.string(),
    replies: z.array(
      z.object({
        _id: z.string(),
        body: z.string(),
        author: z.string(),
        createdAt: z.string(),
        outboxId: z.string().nullable(),
        mailStatus: z.string().nullable(),
      }),
    ),
  })

  app.get(
    '/messages/:id/thread',
    {
      schema: {
        operationId: 'adminGetMessageThread',
        tags,
        security,
        summary: 'A Contact Us message with every reply staff sent, oldest first',
        params: idParams,
        response: { 200: ok(thread), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Thread',
      data: await messages.thread(request.params.id),
    }),
  )

  app.post(
    '/messages/:id/replies',
    {
      schema: {
        operationId: 'adminReplyToMessage',
        tags,
        security,
        summary: 'Answer a Contact Us message: e-mailed to the sender, replies come to the shop address',
        params: idParams,
        body: contactReplyBody,
        response: { 201: ok(thread), ...adminFailures(404) },
      },
    },
    async (request, reply) => {
      await messages.reply(request.user!.id, request.params.id, request.body.body)
      return reply.status(201).send({
        success: true as const,
        message: 'Reply sent',
        data: await messages.thread(request.params.id),
      })
    },
  )
}

/** Registered under /api/v1 with the other modules; everything here lives under /api/v1/admin. */
export const adminModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(adminRoutes, { ...opts, prefix: '/admin' })
  await app.register(mailRoutes, { ...opts, prefix: '/admin' })
  await app.register(invoiceAdminRoutes, { ...opts, prefix: '/admin' })
}
