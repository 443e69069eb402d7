import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import {
  adminReturnSchema,
  adminReturnsPageSchema,
  adminReturnsQuery,
  returnOptionsSchema,
  returnSchema,
  returnText,
} from '../../../contracts/return-requests.ts'
import { adminFailures, bearer, customerFailures, ok, pdfFile, sendDocument } from '../../http/route-kit.ts'
import { uploadedForm } from '../../http/uploaded-files.ts'
import type { Services } from '../../services.ts'

const orderQuery = z.object({ orderId: z.string().trim().min(1).max(64) })
const params = z.object({ id: z.string().min(1).max(64) })

const formDescription =
  'JSON (the fields below), or a multipart form with those fields as JSON in a `request` field and up to ' +
  'three pictures in `photo` fields (JPEG, PNG or WebP, each at most 8 MB; re-encoded as WebP). Photos are ' +
  'required for a damaged or wrong item; a cash-on-delivery order needs `refundTo`.'

/** A customer's return requests (decision 138): the caller's own delivered orders only. */
export const returnRequestRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const tags = ['returns']
  const { returnRequests } = services

  app.get(
    '/returns/options',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'returnOptions',
        tags,
        security: bearer,
        summary:
          'What of one of the caller’s orders can still be returned: each line’s rule, pieces and window',
        querystring: orderQuery,
        response: { 200: ok(returnOptionsSchema), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Return options',
      data: await returnRequests.options(request.user!.id, request.query.orderId),
    }),
  )

  app.get(
    '/returns',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listReturns',
        tags,
        security: bearer,
        summary: 'The caller’s return requests for one of their orders, newest first',
        querystring: orderQuery,
        response: { 200: ok(z.array(returnSchema)), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Returns',
      data: await returnRequests.forOrder(request.user!.id, request.query.orderId),
    }),
  )

  app.get(
    '/returns/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'getReturn',
        tags,
        security: bearer,
        summary: 'One of the caller’s return requests, with its timeline and refund',
        params,
        response: { 200: ok(returnSchema), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Return',
      data: await returnRequests.get(request.user!.id, request.params.id),
    }),
  )

  app.get(
    '/returns/:id/credit-note',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'downloadReturnCreditNote',
        tags,
        security: bearer,
        summary: 'The GST credit note of one of the caller’s refunded returns, as a PDF',
        params,
        response: { 200: pdfFile('The credit note, application/pdf'), ...customerFailures(404) },
      },
    },
    async (request, reply) => {
      const found = await returnRequests.get(request.user!.id, request.params.id)
      if (!found.creditNote) return reply.status(404).send({ success: false, message: 'No credit note yet.' })
      return sendDocument(
        reply,
        await services.invoices.returnDocumentPdf(found.creditNote, request.user!.id, request.language),
      )
    },
  )

  app.get(
    '/returns/:id/invoice',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'downloadReturnInvoice',
        tags,
        security: bearer,
        summary: 'The GST invoice of the replacement one of the caller’s exchanges sent, as a PDF',
        params,
        response: { 200: pdfFile('The invoice, application/pdf'), ...customerFailures(404) },
      },
    },
    async (request, reply) => {
      const found = await returnRequests.get(request.user!.id, request.params.id)
      const number = found.exchange?.invoice
      if (!number) return reply.status(404).send({ success: false, message: 'No invoice yet.' })
      return sendDocument(
        reply,
        await services.invoices.returnDocumentPdf(number, request.user!.id, request.language),
      )
    },
  )

  app.post(
    '/returns',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'requestReturn',
        tags,
        security: bearer,
        summary: 'Ask to return pieces of one of the caller’s delivered orders, within their window',
        description: formDescription,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: ok(returnSchema), ...customerFailures(404, 415, 422) },
      },
    },
    async (request) => {
      const { body, files } = await uploadedForm(request)
      const { t } = translatorFor(request.language)
      const data = await returnRequests.create(request.user!.id, body, files, t)
      return { success: true as const, message: t(returnText.requested, { number: data.number }), data }
    },
  )
}

/** Staff's queue of return requests: the orders permission (decision 091). Mounted under /api/v1/admin. */
export const returnAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', app.requireStaff('orders'))
  const tags = ['admin']
  const { returnRequests } = services
  const answer = (message: string, data: z.infer<typeof adminReturnSchema>) => ({
    success: true as const,
    message,
    data,
  })

  app.get(
    '/returns',
    {
      schema: {
        operationId: 'adminListReturns',
        tags,
        security: bearer,
        summary:
          'Return requests: the open queue (requested, approved, received), oldest first, or one status',
        querystring: adminReturnsQuery,
        response: { 200: ok(adminReturnsPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Returns',
      data: await returnRequests.page(request.query),
    }),
  )

  app.get(
    '/returns/:id',
    {
      schema: {
        operationId: 'adminGetReturn',
        tags,
        security: bearer,
        summary: 'One return request, with the refund destination in full and the inspection',
        params,
        response: { 200: ok(adminReturnSchema), ...adminFailures(404) },
      },
    },
    async (request) => answer('Return', await returnRequests.adminGet(request.params.id)),
  )

  app.post(
    '/returns/:id/approve',
    {
      schema: {
        operationId: 'adminApproveReturn',
        tags,
        security: bearer,
        summary: 'Approve a request: book a courier to collect it (`pickup`) or ask the customer to send it',
        params,
        body: z.object({ method: z.enum(['pickup', 'send']), note: z.string().max(500).optional() }),
        response: { 200: ok(adminReturnSchema), ...adminFailures(404, 409, 502) },
      },
    },
    async (request) =>
      answer(
        'Return approved',
        await returnRequests.approve(request.user!.id, request.params.id, request.body),
      ),
  )

  app.post(
    '/returns/:id/reject',
    {
      schema: {
        operationId: 'adminRejectReturn',
        tags,
        security: bearer,
        summary: 'Reject a request with a reason the customer reads',
        params,
        body: z.object({ reason: z.string().max(500) }),
        response: { 200: ok(adminReturnSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) =>
      answer(
        'Return rejected',
        await returnRequests.reject(request.user!.id, request.params.id, request.body),
      ),
  )

  app.post(
    '/returns/:id/receive',
    {
      schema: {
        operationId: 'adminReceiveReturnRequest',
        tags,
        security: bearer,
        summary: 'Mark the parcel received and inspected; resaleable pieces go back into stock',
        description:
          'JSON `{resaleable, note}`, or a multipart form with it as JSON in a `request` field and up to three ' +
          '`photo` fields: photos of what came back.',
        consumes: ['application/json', 'multipart/form-data'],
        params,
        response: { 200: ok(adminReturnSchema), ...adminFailures(404, 409, 415) },
      },
    },
    async (request) => {
      const { body, files } = await uploadedForm(request)
      return answer(
        'Return received',
        await returnRequests.receive(request.user!.id, request.params.id, body, files),
      )
    },
  )

  app.post(
    '/returns/:id/refund',
    {
      schema: {
        operationId: 'adminRefundReturn',
        tags,
        security: bearer,
        summary: 'Refund a received return: online to the payment; for cash on delivery, record the transfer',
        description:
          'An online payment is refunded through the payment provider for this return’s amount; when the ' +
          'provider fails, the refund stays pending and is retried. A cash-on-delivery order’s refund is paid ' +
          'by staff to the customer’s UPI ID or bank account: send `{reference}`, the transfer’s UTR. A return ' +
          'the customer asked to have as store credit adds to their balance (decision 139); so does the part of ' +
          'a refund beyond what an order partly paid with store credit took in money.',
        params,
        body: z.object({ reference: z.string().max(60).optional() }).optional(),
        response: { 200: ok(adminReturnSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const result = await returnRequests.refund(request.user!.id, request.params.id, request.body ?? {})
      return answer(
        result.refunded
          ? 'Refunded'
          : `The refund could not be sent (${result.reason}); it will be tried again.`,
        result.view,
      )
    },
  )

  app.post(
    '/returns/:id/send-replacement',
    {
      schema: {
        operationId: 'adminSendReplacement',
        tags,
        security: bearer,
        summary:
          'Send an exchange’s replacement: book it with the courier as a new shipment of the same order',
        description:
          'Allowed once the request is approved (at once, before the parcel is back) or received, and once any ' +
          'difference the customer owes is paid (decision 140). Issues the replacement’s tax invoice.',
        params,
        response: { 200: ok(adminReturnSchema), ...adminFailures(404, 409, 502) },
      },
    },
    async (request) =>
      answer('Replacement sent', await returnRequests.sendReplacement(request.user!.id, request.params.id)),
  )

  app.get(
    '/returns/:id/label',
    {
      schema: {
        operationId: 'adminReplacementLabel',
        tags,
        security: bearer,
        summary: 'The courier’s label of an exchange’s replacement parcel, as a PDF',
        params,
        response: { 200: pdfFile('The label, application/pdf'), ...adminFailures(404, 409) },
      },
    },
    async (request, reply) => {
      const found = await returnRequests.adminGet(request.params.id)
      const pdf = await services.shipments.replacementLabel(found._id)
      return sendDocument(reply, { number: `${found.number}-label`, pdf })
    },
  )

  app.post(
    '/returns/:id/refund-instead',
    {
      schema: {
        operationId: 'adminRefundInsteadOfExchange',
        tags,
        security: bearer,
        summary:
          'Call an exchange off before its replacement goes: the pieces set aside go back to stock, and the request is refunded instead',
        description:
          'For an approved or received exchange whose replacement has not been sent and whose difference is not ' +
          'paid (decision 140). `reason` is e-mailed to the customer. The refund itself is the usual refund step.',
        params,
        body: z.object({ reason: z.string().max(500) }),
        response: { 200: ok(adminReturnSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) =>
      answer(
        'The exchange is called off: refund the pieces instead',
        await returnRequests.refundInstead(request.user!.id, request.params.id, request.body),
      ),
  )
}
