/**
 * The courier's states in the shop's words (decision 135), without zod, so the customer's order page can
 * name them without loading the API shapes.
 */
import { msg } from './languages.ts'

/** The courier's states, in the order a parcel normally passes them. */
export const trackingStatuses = [
  'Booked',
  'Picked up',
  'In transit',
  'Out for delivery',
  'Delivery failed',
  'Delivered',
  'Returning to origin',
  'Returned to origin',
  'Cancelled',
] as const
export type TrackingStatus = (typeof trackingStatuses)[number]

/** What a customer or a member of staff reads for each courier state. */
export const trackingStatusLabels: Record<TrackingStatus, string> = {
  Booked: msg('Booked with the courier'),
  'Picked up': msg('Picked up by the courier'),
  'In transit': msg('In transit'),
  'Out for delivery': msg('Out for delivery'),
  'Delivery failed': msg('Delivery attempt failed'),
  Delivered: msg('Delivered'),
  'Returning to origin': msg('Returning to the shop'),
  'Returned to origin': msg('Returned to the shop'),
  Cancelled: msg('Shipment cancelled'),
}

/** States after which the courier has nothing more to say about the parcel. */
export const finalTrackingStatuses: ReadonlySet<TrackingStatus> = new Set([
  'Delivered',
  'Returned to origin',
  'Cancelled',
])

/**
 * How far along a parcel is, so an event that arrives late never moves it back: a delivery failure is an
 * attempt (the parcel may go out again), a return to origin follows any of them.
 */
export const trackingRank: Record<TrackingStatus, number> = {
  Booked: 0,
  'Picked up': 1,
  'In transit': 2,
  'Out for delivery': 3,
  'Delivery failed': 3,
  Delivered: 5,
  'Returning to origin': 4,
  'Returned to origin': 6,
  Cancelled: 7,
}
