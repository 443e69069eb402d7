import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminBookingPageSchema,
  adminBookingSchema,
  adminSevaRowSchema,
  bookingListQuerySchema,
  bookingStaffText,
  bookingVideoSchema,
  sevaInputSchema,
} from '../../../../contracts/admin-sevas.ts'
import { ValidationError } from '../../../http/errors.ts'
import { adminFailures, done, ok } from '../../../http/route-kit.ts'
import { uploadedFiles } from '../../../http/uploaded-files.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** The sevas each temple offers (the content part of the console, beside the temples; decision 102). */
export const sevaAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const sevas = services.admin.sevas

  app.get(
    '/sevas',
    {
      schema: {
        operationId: 'adminListSevas',
        tags,
        security,
        summary: 'Every seva, by temple and position, with its upcoming bookings',
        response: { 200: ok(z.array(adminSevaRowSchema)), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'OK', data: await sevas.list() }),
  )
  app.post(
    '/sevas',
    {
      schema: {
        operationId: 'adminAddSeva',
        tags,
        security,
        summary: 'Add a seva to a temple',
        body: sevaInputSchema,
        response: { 200: ok(adminSevaRowSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await sevas.create(actorOf(request), request.body),
    }),
  )
  app.put(
    '/sevas/:id',
    {
      schema: {
        operationId: 'adminUpdateSeva',
        tags,
        security,
        summary: 'Edit a seva (bookings made keep the price and policy they were made with)',
        params: idParams,
        body: sevaInputSchema,
        response: { 200: ok(adminSevaRowSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await sevas.update(actorOf(request), request.params.id, request.body),
    }),
  )
  app.delete(
    '/sevas/:id',
    {
      schema: {
        operationId: 'adminDeleteSeva',
        tags,
        security,
        summary: 'Delete a seva (refused with 409 once it has bookings: set it inactive instead)',
        params: idParams,
        response: { 200: done, ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      await sevas.remove(actorOf(request), request.params.id)
      return { success: true as const, message: 'Deleted' }
    },
  )
}

/** Devotees' seva bookings (the orders part of the console; decision 102). */
export const bookingAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const bookings = services.admin.sevas.bookings

  app.get(
    '/seva-bookings',
    {
      schema: {
        operationId: 'adminListBookings',
        tags,
        security,
        summary: "Seva bookings: one day's (by seva), or all, nearest day first; by state or words",
        querystring: bookingListQuerySchema,
        response: { 200: ok(adminBookingPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Bookings',
      data: await bookings.list(request.query),
    }),
  )
  app.get(
    '/seva-bookings/:id',
    {
      schema: {
        operationId: 'adminBooking',
        tags,
        security,
        summary: 'One seva booking',
        params: idParams,
        response: { 200: ok(adminBookingSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Booking',
      data: await bookings.get(request.params.id),
    }),
  )
  app.post(
    '/seva-bookings/:id/performed',
    {
      schema: {
        operationId: 'adminMarkBookingPerformed',
        tags,
        security,
        summary: 'Mark a confirmed booking performed; the devotee is e-mailed with any photo or video',
        params: idParams,
        response: { 200: ok(adminBookingSchema), ...adminFailures(404, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      message: bookingStaffText.performed,
      data: await bookings.performed(actorOf(request), request.params.id),
    }),
  )
  app.post(
    '/seva-bookings/:id/photo',
    {
      schema: {
        operationId: 'adminAddBookingPhoto',
        tags,
        security,
        summary:
          'Add (or replace) the photo of a booked seva (multipart, field "image"); seen by its devotee only',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: ok(adminBookingSchema), ...adminFailures(404, 415, 422) },
      },
    },
    async (request) => {
      const [file] = await uploadedFiles(request)
      if (!file)
        throw new ValidationError('Choose a photo to upload.', { image: 'Choose a photo to upload.' })
      const data = await bookings.photo(actorOf(request), request.params.id, file)
      const message = data.status === 'performed' ? bookingStaffText.photoAdded : bookingStaffText.photoKept
      return { success: true as const, message, data }
    },
  )
  app.put(
    '/seva-bookings/:id/video',
    {
      schema: {
        operationId: 'adminSetBookingVideo',
        tags,
        security,
        summary: 'Set (or, when empty, remove) the https link to a video of the booked seva',
        params: idParams,
        body: bookingVideoSchema,
        response: { 200: ok(adminBookingSchema), ...adminFailures(404, 422) },
      },
    },
    async (request) => {
      const data = await bookings.video(actorOf(request), request.params.id, request.body.videoUrl)
      const saved = data.status === 'performed' ? bookingStaffText.videoSaved : bookingStaffText.videoKept
      return {
        success: true as const,
        message: request.body.videoUrl ? saved : bookingStaffText.videoRemoved,
        data,
      }
    },
  )
  app.post(
    '/seva-bookings/:id/cancel',
    {
      schema: {
        operationId: 'adminCancelBooking',
        tags,
        security,
        summary: 'Cancel a booking the temple cannot perform; a paid one is refunded in full',
        params: idParams,
        response: { 200: ok(adminBookingSchema), ...adminFailures(404, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      message: bookingStaffText.cancelled,
      data: await bookings.cancel(actorOf(request), request.params.id),
    }),
  )
}
