import { formatRupees } from '../../../contracts/money.ts'

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
})
const date = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
})

export const whenShort = (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : '')
export const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '')

/** ₹1,499 or ₹45,447.30: the shop's one money format (contracts/money.ts). */
export const money = (rupees: number) => formatRupees(rupees)

/** Today's date in India as YYYY-MM-DD (for date filters). */
export const indianToday = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function nth(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th')
  return `${n}${suffix}`
}
