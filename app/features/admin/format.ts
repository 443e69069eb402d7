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
