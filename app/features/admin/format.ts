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

const rupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
})
export const money = (rupees: number) => rupeeFormat.format(rupees).replace(/\.00$/, '')

/** Today's date in India as YYYY-MM-DD (for date filters). */
export const indianToday = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)
