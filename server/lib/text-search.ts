/** An ILIKE pattern finding the text anywhere, its own % _ and \ taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The digits of a search that looks like a phone number (at least 4), without India's 91 or a leading 0. */
export function phoneDigits(q: string): string | null {
  if (!/^[\d\s()+-]+$/.test(q.trim())) return null
  let d = q.replace(/\D/g, '')
  if (d.length > 10 && d.startsWith('91')) d = d.slice(2)
  if (d.length > 10 && d.startsWith('0')) d = d.slice(1)
  return d.length >= 4 ? d : null
}
