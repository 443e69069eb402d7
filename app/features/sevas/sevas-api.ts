import type { Booking, BookingInput } from '../../../contracts/sevas.ts'
import { api } from '../../lib/api.ts'

/** The devotee's seva bookings (docs/decisions/102), always with the stored token. */

export const bookingsQueryKey = ['seva-bookings'] as const

export const fetchBookings = () =>
  api<{ data: Booking[] }>('/seva-bookings', { auth: true }).then((r) => r.data)

export const fetchBooking = (id: string) =>
  api<{ data: Booking }>(`/seva-bookings/${encodeURIComponent(id)}`, { auth: true }).then((r) => r.data)

export const bookSeva = (body: BookingInput) =>
  api<{ data: Booking; message: string }>('/seva-bookings', { method: 'POST', body, auth: true })

export const cancelBooking = (id: string) =>
  api<{ data: Booking; message: string }>(`/seva-bookings/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    auth: true,
  })
