import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  orderListQuerySchema,
  orderStatusInputSchema,
  packingSlipsQuerySchema,
  shipOrdersInputSchema,
} from '../../../../contracts/admin.ts'
import {
  adminOrderPageSchema,
  adminOrderSchema,
  adminShipOrdersResultSchema,
  shipOrdersMessage,
} from '../../../../contracts/admin-orders.ts'
import { ValidationError } from '../../../http/errors.ts'
import { adminFailures, ok, pdfFile, sendPdf } from '../../../http/route-kit.ts'
import { uploadedFiles } from '../../../http/uploaded-files.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** Orders: the list with its work queues, one order, moving it forward, refunds, shipping and packing in bulk. */
export const orderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const orders = services.admin.orders

  app.post(
    '/orders/ship',
    {
      schema: {
        operationId: 'adminShipOrders',
        tags,
        security,
        summary: 'Mark several orders Shipped at once, each with its own tracking link',
        description:
          'Each order goes through the same status change as one order (e-mail to the customer, history, ' +
          'audit). An order that cannot be shipped (not paid, already shipped, no valid tracking link) is ' +
          'answered with its reason; the others are shipped all the same.',
        body: shipOrdersInputSchema,
        response: { 200: ok(adminShipOrdersResultSchema), ...adminFailures() },
      },
    },
    async (request) => {
      const data = await orders.shipMany(actorOf(request), request.body)
      return { success: true as const, message: shipOrdersMessage(data), data }
    },
  )

  app.get(
    '/orders/packing-slips',
    {
      schema: {
        operationId: 'adminDownloadPackingSlips',
        tags,
        security,
        summary: 'Download the packing slips of several orders as one PDF, a page per order',
        querystring: packingSlipsQuerySchema,
        response: { 200: pdfFile('The packing slips, application/pdf'), ...adminFailures(404) },
      },
    },
    async (request, reply) => {
      const slips = await orders.packingSlips(request.query.ids)
      return sendPdf(reply, slips.fileName, slips.pdf)
    },
  )

  app.get(
    '/orders/:id/packing-slip',
    {
      schema: {
        operationId: 'adminDownloadPackingSlip',
        tags,
        security,
        summary: 'Download the packing slip of one order (address, items and quantities, no prices) as a PDF',
        params: idParams,
        response: { 200: pdfFile('The packing slip, application/pdf'), ...adminFailures(404) },
      },
    },
    async (request, reply) => {
      const slip = await orders.packingSlips([request.params.id])
      return sendPdf(reply, slip.fileName, slip.pdf)
    },
  )

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
        response: { 200: ok(adminOrderPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Orders',
      data: await orders.list(request.query),
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
        response: { 200: ok(adminOrderSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order',
      data: await orders.get(request.params.id),
    }),
  )

  app.post(
    '/orders/:id/items/:itemId/photo',
    {
      schema: {
        operationId: 'adminAddFinishedPhoto',
        tags,
        security,
        summary:
          'Add (or replace) a photo of a line’s finished piece (multipart, field "image"); the customer sees it on the order and is e-mailed it (decision 133)',
        consumes: ['multipart/form-data'],
        params: idParams.extend({ itemId: z.string().min(1).max(64) }),
        response: { 200: ok(adminOrderSchema), ...adminFailures(404, 409, 415) },
      },
    },
    async (request) => {
      const [file] = await uploadedFiles(request)
      if (!file)
        throw new ValidationError('Choose a photo to upload.', { image: 'Choose a photo to upload.' })
      return {
        success: true as const,
        message: 'Photo added: the customer has been e-mailed it.',
        data: await orders.finishedPhoto(actorOf(request), request.params.id, request.params.itemId, file),
      }
    },
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
        response: { 200: ok(adminOrderSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const data = await orders.changeStatus(actorOf(request), request.params.id, request.body)
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
        response: { 200: ok(adminOrderSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const r = await orders.refund(actorOf(request), request.params.id)
      return { success: true as const, message: r.message, data: r.order }
    },
  )
}
