import { msg } from './languages.ts'

/**
 * Made to order (issue 32, decision 132): a piece made after it is ordered ships after its lead time, in
 * days from the order, 'from–to' as makers give it. Shared by the console's field, the CSV column, the
 * product page and the delivery promise; no zod, so the product page does not ship it.
 */
export type LeadTime = { minDays: number; maxDays: number }

/** The longest lead time the shop takes: half a year. */
export const maxLeadDays = 180

export const madeToOrderText = {
  line: msg('Made to order: ships in {days} days'),
  fieldHelp:
    'Days from the order until it ships, such as 10-14 or 7; empty for a piece ready to ship. The delivery promise adds them, and the stock is how many more orders the makers can take on.',
  invalid: `Write the days it takes to make, such as 10-14 or 7 (1 to ${maxLeadDays}), or leave it empty.`,
  order: 'The first number of days must not be more than the second, as in 10-14.',
} as const

/** '10–14' or '7': the days as the shop writes them. */
export const leadDaysText = (lead: LeadTime): string =>
  lead.minDays === lead.maxDays ? String(lead.minDays) : `${lead.minDays}–${lead.maxDays}`

/** '10-14', '10 – 14', '7' or '' (none) as a lead time; a message when it is not one. */
export function parseLeadTime(text: string): { lead: LeadTime | null } | { problem: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { lead: null }
  const m = /^(\d{1,3})(?:\s*(?:-|–|to)\s*(\d{1,3}))?(?:\s*days?)?$/i.exec(trimmed)
  if (!m) return { problem: madeToOrderText.invalid }
  const minDays = Number(m[1])
  const maxDays = m[2] === undefined ? minDays : Number(m[2])
  if (minDays < 1 || maxDays > maxLeadDays) return { problem: madeToOrderText.invalid }
  if (minDays > maxDays) return { problem: madeToOrderText.order }
  return { lead: { minDays, maxDays } }
}

/** The longest of several lead times (a cart's lines), or null when none is made to order. */
export function longestLead(leads: ReadonlyArray<LeadTime | null | undefined>): LeadTime | null {
  let best: LeadTime | null = null
  for (const l of leads) {
    if (!l) continue
    best = best
      ? { minDays: Math.max(best.minDays, l.minDays), maxDays: Math.max(best.maxDays, l.maxDays) }
      : l
  }
  return best
}

/** Stored days as staff type them: '10-14', '7', or '' for a piece ready to ship. */
export const leadInputText = (r: { leadMinDays: number | null; leadMaxDays: number | null }): string =>
  r.leadMinDays === null || r.leadMaxDays === null
    ? ''
    : r.leadMinDays === r.leadMaxDays
      ? String(r.leadMinDays)
      : `${r.leadMinDays}-${r.leadMaxDays}`
