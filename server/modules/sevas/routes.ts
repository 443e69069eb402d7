import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sevaText } from '../../../contracts/seva-text.ts'
import {
  bookingInputSchema,
  bookingSchema,
  publicSevaSchema,
  sevaListQuerySchema,
  sevaWithDaysSchema,
} from '../../../contracts/sevas.ts'
import {
  bearer,
  customerFailures,
  failures,
  ok,
  placingRateLimit,
  publicAccess,
} from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const tags = ['sevas']
const idParams = z.object({ id: z.string().min(1).max(64) })

/** Sevas a temple offers and devotees' bookings of them (docs/decisions/102). */
export const sevasRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { sevas } = services

  app.get(
    '/sevas',
    {
      schema: {
        operationId: 'listSevas',
        tags,
        security: publicAccess,
        summary: "A temple's sevas open for booking, in the staff's order",
        querystring: sevaListQuerySchema,
        response: { 200: ok(z.array(publicSevaSchema)), ...failures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Sevas',
      data: request.query.temple ? await sevas.ofTemple(request.query.temple, request.language) : [],
    }),
  )

  app.get(
    '/sevas/:id',
    {
      schema: {
        operationId: 'sevaWithDays',
        tags,
        security: publicAccess,
        summary: 'One seva with the days it is offered from tomorrow up to 90 days ahead and the places left',
        params: idParams,
        response: { 200: ok(sevaWithDaysSchema), ...failures(404) },
      },
    },
    async (request, reply) => {
      // Places left change with every booking: never kept by a shared cache.
      reply.header('cache-control', 'no-store')
      return {
        success: true as const,
        message: 'Seva',
        data: await sevas.withDays(request.params.id, request.language),
      }
    },
  )

  // Everything below is one devotee's own: never kept by a shared cache.
  const signedIn = [
    async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'private, no-store')
    },
    app.requireUser,
  ]

  app.post(
    '/seva-bookings',
    {
      onRequest: signedIn,
      // As placing an order: each booking holds a place, so one client cannot book a temple's days away.
      config: { rateLimit: placingRateLimit(services.config) },
      schema: {
        operationId: 'bookSeva',
        tags,
        security: bearer,
        summary: 'Book a seva for a day; the place is held while the booking awaits payment',
        description:
          '409 when the day is fully booked or the devotee already has as many unpaid bookings as one account may hold; 422 when the day is not offered, outside tomorrow to 90 days ahead, or the policy is not accepted; 429 past the route limit.',
        body: bookingInputSchema,
        response: { 201: ok(bookingSchema), ...customerFailures(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const data = await sevas.book(request.user!.id, request.body, request.language)
      return reply.status(201).send({ success: true as const, message: sevaText.booked, data })
    },
  )

  app.get(
    '/seva-bookings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'myBookings',
        tags,
        security: bearer,
        summary: "The caller's seva bookings, latest day first",
        response: { 200: ok(z.array(bookingSchema)), ...customerFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Bookings',
      data: await sevas.mine(request.user!.id),
    }),
  )

  app.get(
    '/seva-bookings/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'myBooking',
        tags,
        security: bearer,
        summary: "One of the caller's bookings, with the photo and video once staff add them",
        params: idParams,
        response: { 200: ok(bookingSchema), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Booking',
      data: await sevas.mineOne(request.user!.id, request.params.id),
    }),
  )

  app.post(
    '/seva-bookings/:id/cancel',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'cancelBooking',
        tags,
        security: bearer,
        summary:
          "Cancel one of the caller's bookings: unpaid, or paid before the day; refunded in full within the policy",
        params: idParams,
        response: { 200: ok(bookingSchema), ...customerFailures(404, 422) },
      },
    },
    async (request) => {
      const { booking, message } = await sevas.cancelByDevotee(request.user!.id, request.params.id)
      return { success: true as const, message, data: booking }
    },
  )
}
