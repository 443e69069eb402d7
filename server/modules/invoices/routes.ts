import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { gstRuleBody, gstRuleSchema } from '../../../contracts/gst-rules.ts'
import { gstr1MonthQuery, gstr1Schema, gstr1TotalsSchema } from '../../../contracts/gstr1.ts'
import { invoiceSettingsBody } from '../../../contracts/invoices.ts'
import {
  adminFailures,
  bearer,
  csvFile,
  customerFailures,
  ok,
  pdfFile,
  sendDocument,
} from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'
import { gstr1Tables } from './gstr1-csv.ts'

const params = z.object({ id: z.string().min(1).max(64) })
const query = z.object({
  document: z
    .enum(['invoice', 'credit-note'])
    .default('invoice')
    .meta({ description: '`credit-note`: the credit note issued for a refund, instead of the invoice' }),
})
const description =
  'The order’s GST tax invoice as a PDF (issued when the order is paid, or when a cash-on-delivery order ' +
  'is delivered), or with `document=credit-note` the credit note of its refund. 404 before it is issued.'

/** The customer's own invoice (not in the spec: added with GST invoices, decision 083). */
export const invoicesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/order/invoice/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'downloadMyInvoice',
        tags: ['orders'],
        summary: 'Download the GST invoice (or credit note) of one of the caller’s orders',
        description,
        security: bearer,
        params,
        querystring: query,
        response: { 200: pdfFile('The invoice, application/pdf'), ...customerFailures(404) },
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await services.invoices.pdf(
          request.params.id,
          request.query.document,
          request.user!.id,
          request.language,
        ),
      ),
  )
}

/** Staff: any order's invoice, and the supplier details invoices print. Mounted under /api/v1/admin. */
export const invoiceAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const tags = ['admin']

  app.get(
    '/orders/:id/invoice',
    {
      schema: {
        operationId: 'adminDownloadInvoice',
        tags,
        security: bearer,
        summary: 'Download the GST invoice (or credit note) of any order',
        description,
        params,
        querystring: query,
        response: { 200: pdfFile('The invoice, application/pdf'), ...adminFailures(404) },
      },
    },
    async (request, reply) =>
      sendDocument(reply, await services.invoices.pdf(request.params.id, request.query.document)),
  )

  app.get(
    '/gst/gstr1',
    {
      config: { staffArea: 'orders' },
      schema: {
        operationId: 'adminGstr1',
        tags,
        security: bearer,
        summary:
          'GSTR-1 of a month from the invoices and credit notes issued in it, as the GST portal takes it',
        description:
          '`data` is the return in the JSON of the portal’s offline tool (B2B, B2C large, B2C small, CDNR, CDNUR, ' +
          'the HSN summary split B2B and B2C, the documents issued); `totals` is the month’s invoice register, ' +
          'which the tables add up to (decision 145). The month is in India (IST).',
        querystring: gstr1MonthQuery,
        response: {
          200: ok(gstr1Schema).extend({ totals: gstr1TotalsSchema }),
          ...adminFailures(),
        },
      },
    },
    async (request) => {
      const { data, totals } = await services.invoices.gstr1(request.query.month)
      return { success: true as const, message: `GSTR-1 for ${request.query.month}`, data, totals }
    },
  )

  app.get(
    '/gst/gstr1.csv',
    {
      config: { staffArea: 'orders' },
      schema: {
        operationId: 'adminGstr1Csv',
        tags,
        security: bearer,
        summary:
          'One table of a month’s GSTR-1 as a CSV file in the columns of the GST portal’s offline tool',
        querystring: gstr1MonthQuery.extend({
          table: z.enum(gstr1Tables, `must be one of ${gstr1Tables.join(', ')}`),
        }),
        response: { 200: csvFile('The table, text/csv'), ...adminFailures() },
      },
    },
    async (request, reply) => {
      const { month, table } = request.query
      const file = await services.invoices.gstr1Csv(month, table)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gstr1-${month}-${table}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file, 'utf8'))
    },
  )

  app.get(
    '/settings/invoices',
    {
      config: { staffArea: 'settings' },
      schema: {
        operationId: 'adminGetInvoiceSettings',
        tags,
        security: bearer,
        summary: 'The supplier printed on GST invoices: legal name, address, state, GSTIN, number prefix',
        response: { 200: ok(invoiceSettingsBody), ...adminFailures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'Invoice settings',
      data: await services.invoices.settings.get(),
    }),
  )

  app.put(
    '/settings/invoices',
    {
      config: { staffArea: 'settings' },
      schema: {
        operationId: 'adminSaveInvoiceSettings',
        tags,
        security: bearer,
        summary: 'Set the supplier printed on GST invoices from now on (issued ones stay as they were)',
        body: invoiceSettingsBody,
        response: {
          200: ok(
            invoiceSettingsBody.extend({
              issued: z.number().int().min(0).meta({
                description:
                  'Orders that waited for these details (decision 123) and were invoiced by this save, each customer e-mailed',
              }),
            }),
          ),
          ...adminFailures(),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await services.invoices.settings.save(request.user!.id, request.body),
    }),
  )

  const ruleParams = z.object({ id: z.string().min(1).max(64) })
  const settingsArea = { staffArea: 'settings' as const }

  app.get(
    '/settings/gst-rules',
    {
      config: settingsArea,
      schema: {
        operationId: 'adminListGstRules',
        tags,
        security: bearer,
        summary:
          'GST rates by HSN code: each rule, its start day, its threshold per piece, and whether it is in force',
        response: { 200: ok(z.array(gstRuleSchema)), ...adminFailures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'GST rules',
      data: await services.invoices.gstRules.list(),
    }),
  )

  app.post(
    '/settings/gst-rules',
    {
      config: settingsArea,
      schema: {
        operationId: 'adminAddGstRule',
        tags,
        security: bearer,
        summary:
          'Add a GST rule for an HSN chapter or code from a day (invoices issued before keep their rate)',
        body: gstRuleBody,
        response: { 200: ok(z.array(gstRuleSchema)), ...adminFailures(409) },
      },
    },
    async (request) => {
      await services.invoices.gstRules.add(request.user!.id, request.body)
      return { success: true as const, message: 'Rule added', data: await services.invoices.gstRules.list() }
    },
  )

  app.put(
    '/settings/gst-rules/:id',
    {
      config: settingsArea,
      schema: {
        operationId: 'adminSaveGstRule',
        tags,
        security: bearer,
        summary: 'Change a GST rule',
        params: ruleParams,
        body: gstRuleBody,
        response: { 200: ok(z.array(gstRuleSchema)), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      await services.invoices.gstRules.update(request.user!.id, request.params.id, request.body)
      return { success: true as const, message: 'Rule saved', data: await services.invoices.gstRules.list() }
    },
  )

  app.delete(
    '/settings/gst-rules/:id',
    {
      config: settingsArea,
      schema: {
        operationId: 'adminRemoveGstRule',
        tags,
        security: bearer,
        summary: 'Remove a GST rule: its codes take the rule before it, or the product’s own rate',
        params: ruleParams,
        response: { 200: ok(z.array(gstRuleSchema)), ...adminFailures(404) },
      },
    },
    async (request) => {
      await services.invoices.gstRules.remove(request.user!.id, request.params.id)
      return {
        success: true as const,
        message: 'Rule removed',
        data: await services.invoices.gstRules.list(),
      }
    },
  )
}
