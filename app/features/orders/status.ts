/** Canceled (old records) and Cancelled show red, Delivered green (spec section 4). */
export function statusClass(status: string): string {
  if (status === 'Cancelled' || status === 'Canceled') return 'text-red-700'
  if (status === 'Delivered') return 'text-leaf'
  return 'text-ink'
}

/** A customer may cancel only before the order ships. */
export function canCancel(status: string): boolean {
  return !['Shipped', 'Delivered', 'Cancelled', 'Canceled'].includes(status)
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
})
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
})

export const formatOrderDate = (iso: string) => dateFormat.format(new Date(iso))
export const formatOrderDateTime = (iso: string) => dateTimeFormat.format(new Date(iso))

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage))
}
