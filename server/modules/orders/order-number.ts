import { indianYear } from '../../../contracts/gst.ts'

/**
 * Order numbers count per calendar year in India, the year the customer sees on the order and its invoice
 * (whose financial year is India's too): KS-2027-000001 for the first order after midnight in Kolkata.
 */
export const orderNumberPrefix = (at: Date) => `KS-${indianYear(at)}-`

/** The number after the last one issued under a prefix (none yet: the first of the year). */
export function nextInSeries(prefix: string, last: string | null): string {
  const n = last ? Number(last.slice(prefix.length)) + 1 : 1
  return `${prefix}${String(n).padStart(6, '0')}`
}
