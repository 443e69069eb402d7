import { indianYear } from '../../../contracts/gst.ts'

/**
 * Order numbers count per calendar year in India, the year the customer sees on the order and its invoice
 * (whose financial year is India's too): KS-2027-000001 for the first order after midnight in Kolkata.
 */
export const orderNumberPrefix = (at: Date) => `KS-${indianYear(at)}-`

/** The order number of a serial under a prefix: KS-2027-000001 for the first. */
export const orderNumberOf = (prefix: string, serial: number): string =>
  `${prefix}${String(serial).padStart(6, '0')}`
