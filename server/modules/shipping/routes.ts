import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ordersPerBatch } from '../../../contracts/admin.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import {
  bookShipmentBody,
  deliveryActionBody,
  deliveryRequestBody,
  remittanceReportSchema,
  shipmentMessages,
  shipmentSchema,
  trackingStatuses,
} from '../../../contracts/shipments.ts'
import {
  shippingQuoteQuery,
  shippingQuoteSchema,
  shippingSettingsBody,
  shippingSettingsSchema,
} from '../../../contracts/shipping.ts'
import { NotFoundError } from '../../http/errors.ts'
import {
  adminFailures,
  bearer,
  customerFailures,
  failures,
  ok,
  pdfFile,
  publicAccess,
  sendPdf,
} from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const shippingPublicRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/shipping/quote',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'shippingQuote',
        security: bearer,
        tags: ['checkout'],
        summary: "What shipping the caller's cart would pay to a PIN code",
        description:
          'Judged by the shop’s rates for the PIN’s delivery zone and the parcel’s chargeable weight (the greater of its actual and volumetric weight), free at or above `freeAbove` (the goods’ value after the coupon given in `coupon`). The order charges the same when placed. `charge` is 0 when the shop sets no rates.',
        querystring: shippingQuoteQuery,
        response: { 200: ok(shippingQuoteSchema), ...customerFailures() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const { pin, state, coupon } = request.query
      const data = await services.shipping.quoteCart(
        request.user!.id,
        { postalCode: pin, state },
        coupon,
        request.language,
      )
      return { success: true as const, message: data.text, data }
    },
  )

  app.post(
    '/order/:id/delivery-attempt',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'askDeliveryAttempt',
        security: bearer,
        tags: ['orders'],
        summary: 'After a failed delivery: correct the phone or address lines and ask for another attempt',
        description:
          'Only on the caller’s own order, while the courier reports the delivery failed. The corrected details go on the order and to the courier; the city and PIN code stay as they are. The request is kept even when the courier cannot be reached (`courierTold` false): the shop passes it on.',
        params: z.object({ id: z.string().max(64) }),
        body: deliveryRequestBody,
        response: { 200: ok(shipmentSchema), ...customerFailures(404, 409) },
      },
    },
    async (request) => {
      const { told, shipment } = await services.shipments.askReattemptAsCustomer(
        request.user!.id,
        request.params.id,
        request.body,
      )
      return {
        success: true as const,
        message: translatorFor(request.language).t(
          told ? shipmentMessages.reattemptAsked : shipmentMessages.reattemptSaved,
        ),
        data: shipment,
      }
    },
  )

  app.get(
    '/shipping/quote/piece',
    {
      schema: {
        operationId: 'shippingQuotePiece',
        security: publicAccess,
        tags: ['checkout'],
        summary: 'What shipping one piece of a product (or of one of its variants) would pay to a PIN code',
        description:
          'For the product page’s delivery line: the piece’s own weight and box, at its price for the free-shipping threshold.',
        querystring: z.object({
          pin: shippingQuoteQuery.shape.pin,
          productId: z.string().trim().min(1).max(64),
          variantId: z.string().trim().min(1).max(64).optional(),
        }),
        response: { 200: ok(shippingQuoteSchema), ...failures(404) },
      },
    },
    async (request, reply) => {
      // Staff may change the rates at any time: nobody keeps this answer.
      reply.header('cache-control', 'no-store')
      const { pin, productId, variantId } = request.query
      const data = await services.shipping.quotePiece({ productId, variantId }, pin, request.language)
      if (!data) throw new NotFoundError('Product not found.')
      return { success: true as const, message: data.text, data }
    },
  )
}

const shippingAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Shop settings: owners and managers (contracts/staff.ts, decision 091).
  app.addHook('onRequest', app.requireStaff('settings'))
  const tags = ['admin']
  const security = bearer

  app.get(
    '/settings/shipping',
    {
      schema: {
        operationId: 'adminGetShippingSettings',
        tags,
        security,
        summary: 'Shipping rates by delivery zone and weight slab, the free-shipping threshold, packages',
        response: { 200: ok(shippingSettingsSchema), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'Shipping', data: await services.shipping.settings() }),
  )

  app.put(
    '/settings/shipping',
    {
      schema: {
        operationId: 'adminSaveShippingSettings',
        tags,
        security,
        summary: 'Set the shipping rates per zone, the free-shipping threshold, the minimum and the packages',
        description:
          'Money in rupees. A zone with no slabs ships free; above its last slab, `extraPerKg` is added for every kilogram or part of one.',
        body: shippingSettingsBody,
        response: { 200: ok(shippingSettingsSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await services.shipping.save(request.user!.id, request.body),
    }),
  )
}

/** The courier's tracking callbacks, in a scope that keeps the body's bytes as they came (decision 135). */
const shippingWebhookRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { shipments } = services
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    done(null, body)
  })
  app.post(
    '/shipping/webhook/:provider',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        operationId: 'receiveShippingWebhook',
        security: publicAccess,
        tags: ['checkout'],
        summary:
          'Courier tracking callbacks (a parcel picked up, out for delivery, delivered, failed, returned)',
        description: shipments.webhookTerms.description,
        params: z.object({ provider: z.string().max(40) }),
        headers: shipments.webhookTerms.headers,
        response: {
          200: ok(z.object({ applied: z.boolean(), status: z.enum(trackingStatuses).nullable() })),
          ...failures(401, 404),
        },
      },
    },
    async (request) => {
      // Shiprocket's panel refuses a callback address with its own name in it, so 'courier' names the one in use.
      const named = request.params.provider
      if (named !== shipments.providerName && named !== 'courier') {
        throw new NotFoundError('This shop does not ship with that courier.')
      }
      const data = await shipments.callback((request.body as Buffer | undefined) ?? '', request.headers)
      return { success: true as const, message: 'Callback received', data }
    },
  )
}

const orderIdsQuery = z.object({
  orders: z
    .string()
    .max(20_000, `Choose at most ${ordersPerBatch} orders at once.`)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length > 0, 'Choose the orders.')
    .refine((ids) => ids.length <= ordersPerBatch, `Choose at most ${ordersPerBatch} orders at once.`),
})

/** Booking the courier from the console: one order, several ticked ones, their labels and manifest. */
const shipmentAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', app.requireStaff('orders'))
  const { shipments } = services
  const tags = ['admin']
  const security = bearer
  const bookResult = z.object({
    orderId: z.string(),
    booked: z.boolean(),
    shipment: shipmentSchema.nullable(),
    reason: z.string().nullable(),
  })

  app.post(
    '/orders/:id/shipments',
    {
      schema: {
        operationId: 'adminBookShipment',
        tags,
        security,
        summary: 'Book the courier for a paid or cash-on-delivery order: the parcel, its AWB and the pickup',
        description:
          'The shop records the booking before it calls the courier and, on a second try, asks the courier what it already holds under that record, so a timeout never books a parcel twice. A consignment above ₹50,000 needs `ewayBill`. The order becomes Shipped with the courier’s tracking link.',
        params: z.object({ id: z.string().max(64) }),
        body: bookShipmentBody,
        response: { 200: ok(shipmentSchema), ...adminFailures(404, 409, 502) },
      },
    },
    async (request) => {
      const row = await shipments.book(request.user!.id, request.params.id, request.body)
      const [view] = (await shipments.ofOrders([row.orderId])).values()
      return { success: true as const, message: `Booked: AWB ${row.awb}`, data: view! }
    },
  )

  app.post(
    '/shipments',
    {
      schema: {
        operationId: 'adminBookShipments',
        tags,
        security,
        summary: 'Book the courier for several ticked orders at once, in the same package',
        description:
          'Each order is booked as one would be; one that cannot be is answered with its reason and the others are booked all the same.',
        body: bookShipmentBody.extend({
          orderIds: z
            .array(z.string().max(64))
            .min(1, 'Choose the orders to ship.')
            .max(ordersPerBatch, `Ship at most ${ordersPerBatch} orders at once.`),
        }),
        response: {
          200: ok(z.object({ booked: z.number().int(), results: z.array(bookResult) })),
          ...adminFailures(),
        },
      },
    },
    async (request) => {
      const { orderIds, ...input } = request.body
      const data = await shipments.bookMany(request.user!.id, [...new Set(orderIds)], input)
      return { success: true as const, message: `${data.booked} of ${data.results.length} booked`, data }
    },
  )

  app.get(
    '/shipments/labels',
    {
      schema: {
        operationId: 'adminShipmentLabels',
        tags,
        security,
        summary: 'The courier labels of booked orders, each followed by its packing slip, as one PDF',
        querystring: orderIdsQuery,
        response: {
          200: pdfFile('Labels and packing slips, application/pdf'),
          ...adminFailures(404, 409, 502),
        },
      },
    },
    async (request, reply) => sendPdf(reply, 'labels.pdf', await shipments.labels(request.query.orders)),
  )

  app.get(
    '/shipments/manifest',
    {
      schema: {
        operationId: 'adminShipmentManifest',
        tags,
        security,
        summary: 'The courier’s pickup manifest for booked orders, as a PDF',
        querystring: orderIdsQuery,
        response: { 200: pdfFile('The manifest, application/pdf'), ...adminFailures(409, 502) },
      },
    },
    async (request, reply) => sendPdf(reply, 'manifest.pdf', await shipments.manifest(request.query.orders)),
  )

  app.get(
    '/shipments/packages',
    {
      schema: {
        operationId: 'adminShippingPackages',
        tags,
        security,
        summary: 'The shop’s packages (Settings, Shipping), to choose one when booking the courier',
        response: {
          200: ok(
            z.array(
              z.object({
                name: z.string(),
                lengthCm: z.number(),
                breadthCm: z.number(),
                heightCm: z.number(),
              }),
            ),
          ),
          ...adminFailures(),
        },
      },
    },
    async () => ({
      success: true as const,
      message: 'Packages',
      data: (await services.shipping.rules()).packages,
    }),
  )

  app.get(
    '/shipments/remittances',
    {
      schema: {
        operationId: 'adminCodRemittances',
        tags,
        security,
        summary:
          'The courier’s cash-on-delivery remittances matched to the parcels, and the delivered ones unpaid',
        description:
          'Each remittance line is matched by AWB: `matched` when it pays what the parcel collected, `differs` when it pays another amount, `unknown` for a parcel the shop did not book. Money in rupees.',
        response: { 200: ok(remittanceReportSchema), ...adminFailures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'Remittances',
      data: await shipments.remittanceReport(),
    }),
  )

  app.post(
    '/shipments/remittances/fetch',
    {
      schema: {
        operationId: 'adminFetchCodRemittances',
        tags,
        security,
        summary: 'Ask the courier for its remittances now (the shop also asks every six hours)',
        body: z.object({}).optional(),
        response: { 200: ok(z.object({ added: z.number().int() })), ...adminFailures(502) },
      },
    },
    async () => {
      const added = await shipments.fetchRemittances()
      const message =
        added === 0 ? 'No new remittance' : `${added} new ${added === 1 ? 'remittance' : 'remittances'}`
      return { success: true as const, message, data: { added } }
    },
  )

  app.post(
    '/shipments/sandbox-remit',
    {
      schema: {
        operationId: 'adminSandboxRemit',
        tags,
        security,
        summary: 'Sandbox courier only: remit the cash of every delivered COD parcel not remitted yet',
        description: '404 when the shop ships with a real courier.',
        body: z.object({}).optional(),
        response: {
          200: ok(z.object({ reference: z.string(), parcels: z.number().int() }).nullable()),
          ...adminFailures(404),
        },
      },
    },
    async () => {
      const sent = await shipments.sandboxRemit()
      return {
        success: true as const,
        message: sent
          ? `Remitted ${sent.parcels} parcels`
          : 'No delivered COD parcel is waiting for its cash',
        data: sent,
      }
    },
  )

  app.post(
    '/orders/:id/shipments/reattempt',
    {
      schema: {
        operationId: 'adminAskDeliveryAttempt',
        tags,
        security,
        summary: 'Ask the courier for another delivery attempt on a parcel it could not deliver',
        params: z.object({ id: z.string().max(64) }),
        body: deliveryActionBody,
        response: { 200: ok(shipmentSchema), ...adminFailures(404, 409, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The courier will try again',
      data: await shipments.askReattemptAsShop(
        request.user!.id,
        request.params.id,
        request.body.note ?? null,
      ),
    }),
  )

  app.post(
    '/orders/:id/shipments/return',
    {
      schema: {
        operationId: 'adminAskReturn',
        tags,
        security,
        summary: 'Ask the courier to bring a parcel it could not deliver back to the shop',
        description:
          'The order stays as it is until staff receive the parcel (`shipments/received`), which puts its stock back and refunds an online payment.',
        params: z.object({ id: z.string().max(64) }),
        body: deliveryActionBody,
        response: { 200: ok(shipmentSchema), ...adminFailures(404, 409, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The courier will bring the parcel back',
      data: await shipments.askReturn(request.user!.id, request.params.id, request.body.note ?? null),
    }),
  )

  app.post(
    '/orders/:id/shipments/received',
    {
      schema: {
        operationId: 'adminReceiveReturn',
        tags,
        security,
        summary:
          'The returned parcel arrived: its pieces go back into stock and an online payment is refunded',
        description:
          'Once, after the courier says the parcel is coming back. The order becomes Returned to origin; a cash-on-delivery order collected nothing and is not refunded.',
        params: z.object({ id: z.string().max(64) }),
        body: z.object({}).optional(),
        response: {
          200: ok(z.object({ refunded: z.boolean(), shipment: shipmentSchema })),
          ...adminFailures(404, 409),
        },
      },
    },
    async (request) => {
      const data = await shipments.receiveReturn(request.user!.id, request.params.id)
      return {
        success: true as const,
        message: data.refunded
          ? 'Received: the stock is back and the payment is being refunded'
          : 'Received: the stock is back',
        data,
      }
    },
  )

  app.post(
    '/orders/:id/shipments/scan',
    {
      schema: {
        operationId: 'adminSandboxScan',
        tags,
        security,
        summary: 'Sandbox courier only: make the next scan of an order’s parcel, as the courier would',
        description:
          'The scan reaches the shop as the courier’s callback does. 404 when the shop ships with a real courier.',
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ status: z.enum(trackingStatuses) }),
        response: {
          200: ok(z.object({ applied: z.boolean(), status: z.enum(trackingStatuses).nullable() })),
          ...adminFailures(404, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Scanned',
      data: await shipments.sandboxScan(request.params.id, request.body.status),
    }),
  )
}

export const shippingModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(shippingPublicRoutes, opts)
  await app.register(shippingWebhookRoutes, opts)
  await app.register(shippingAdminRoutes, { ...opts, prefix: '/admin' })
  await app.register(shipmentAdminRoutes, { ...opts, prefix: '/admin' })
}
