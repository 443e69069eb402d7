import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  donationBody,
  donationCauseSchema,
  donationListQuery,
  donationPageSchema,
  donationSchema,
  donationSettingsBody,
  financialYearPattern,
} from '../../../contracts/donations.ts'
import {
  adminFailures,
  bearer,
  csvFile,
  customerFailures,
  failures,
  ok,
  pdfFile,
  publicAccess,
  sendDocument,
} from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const params = z.object({ id: z.string().min(1).max(64) })
const tags = ['donations']

/** Giving (decision 101): causes, a donor's own gifts and their receipts. Paid through /payments/payable/*. */
export const donationsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { donations } = services

  app.get(
    '/donations/causes',
    {
      schema: {
        operationId: 'listDonationCauses',
        security: publicAccess,
        tags,
        summary: 'What a donor may give to: the foundation’s road-safety and culture work, and each temple',
        response: { 200: ok(z.array(donationCauseSchema)), ...failures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Causes',
      data: await donations.causes(request.language),
    }),
  )

  app.post(
    '/donations',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'createDonation',
        tags,
        summary: 'Start a one-off donation (unpaid until paid through /payments/payable/create and verify)',
        description:
          '`for` is `road-safety`, `culture` or a temple’s web name; `amount` whole rupees. Address and PAN (AAAAA9999A) are required only with `wants80g`, and kept only then. `wants80g` needs a confirmed e-mail address (403 otherwise).',
        security: bearer,
        body: donationBody,
        response: { 200: ok(donationSchema), ...customerFailures(403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Donation created',
      data: await donations.create(request.user!.id, request.body, request.language),
    }),
  )

  app.get(
    '/donations/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'getMyDonation',
        tags,
        summary: 'One of the caller’s donations (another’s is 404)',
        security: bearer,
        params,
        response: { 200: ok(donationSchema), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Donation',
      data: await donations.mine(request.user!.id, request.params.id),
    }),
  )

  app.get(
    '/donations/:id/receipt',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'downloadMyDonationReceipt',
        tags,
        summary:
          'The receipt PDF of one of the caller’s paid donations (404 before it is paid, or for another’s)',
        security: bearer,
        params,
        response: { 200: pdfFile('The receipt, application/pdf'), ...customerFailures(404) },
      },
    },
    async (request, reply) =>
      sendDocument(reply, await donations.receipt(request.user!.id, request.params.id)),
  )
}

const adminTags = ['admin']
const yearQuery = z.object({
  year: z.string().regex(financialYearPattern, 'must be a financial year such as 2026-27'),
})

/** The console's Donations screen, its Form 10BD file and each receipt (area 'orders'). */
export const donationsAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { donations } = services

  app.get(
    '/donations',
    {
      schema: {
        operationId: 'adminListDonations',
        tags: adminTags,
        security: bearer,
        summary: 'Donations, newest first, by financial year, cause and status',
        querystring: donationListQuery,
        response: { 200: ok(donationPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Donations',
      data: await donations.staff.list(request.query),
    }),
  )

  app.get(
    '/donations/form-10bd.csv',
    {
      schema: {
        operationId: 'adminExportForm10bd',
        tags: adminTags,
        security: bearer,
        summary: 'A financial year’s receipts in the columns of Form 10BD (Part B), one row per receipt',
        querystring: yearQuery,
        response: { 200: csvFile('The donations, text/csv'), ...adminFailures() },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="form-10bd-${request.query.year}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(await donations.staff.form10bd(request.query.year), 'utf8')),
  )

  app.get(
    '/donations/:id/receipt',
    {
      schema: {
        operationId: 'adminDonationReceipt',
        tags: adminTags,
        security: bearer,
        summary: 'The receipt PDF of a paid donation',
        params,
        response: { 200: pdfFile('The receipt, application/pdf'), ...adminFailures(404) },
      },
    },
    async (request, reply) => sendDocument(reply, await donations.receipt(null, request.params.id)),
  )

  app.get(
    '/settings/donations',
    {
      config: { staffArea: 'settings' },
      schema: {
        operationId: 'adminGetDonationSettings',
        tags: adminTags,
        security: bearer,
        summary: 'The foundation as registered under 80G, printed on donation receipts',
        response: { 200: ok(donationSettingsBody), ...adminFailures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'Donation receipt settings',
      data: await donations.staff.settings.get(),
    }),
  )

  app.put(
    '/settings/donations',
    {
      config: { staffArea: 'settings' },
      schema: {
        operationId: 'adminSaveDonationSettings',
        tags: adminTags,
        security: bearer,
        summary:
          'Set the foundation’s 80G details printed on receipts from now on (issued ones stay as they were)',
        body: donationSettingsBody,
        response: {
          200: ok(
            donationSettingsBody.extend({
              issued: z.number().int().min(0).meta({
                description:
                  'Paid gifts that waited for these details (decision 123) and got their receipts by this save, each donor e-mailed',
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
      data: await donations.staff.settings.save(request.user!.id, request.body),
    }),
  )
}
