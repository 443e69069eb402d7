/**
 * The customer's visits, counted on this phone for the install offer (decision 142): a visit is a new session
 * of the browser tab (sessionStorage), counted once however many pages it opens. Storage refused (a private
 * window) counts nothing, and the offer then never shows.
 */
const visitsKey = 'shop.visits'
const countedKey = 'shop.visit-counted'
/** 'installed' or 'dismissed' for good; `shown:<visit>` while the visit that showed it lasts. */
export const offerKey = 'shop.install-offer'

/** Counts this visit if it is new and answers how many there have been, this one included. */
export function countVisit(): number {
  try {
    const visits = Number(localStorage.getItem(visitsKey)) || 0
    if (sessionStorage.getItem(countedKey)) return visits
    sessionStorage.setItem(countedKey, '1')
    localStorage.setItem(visitsKey, String(visits + 1))
    return visits + 1
  } catch {
    return 0
  }
}

/** Remembers that the shop was installed, or the offer declined: it never shows again. */
export function settleOffer(outcome: 'installed' | 'dismissed') {
  try {
    localStorage.setItem(offerKey, outcome)
  } catch {}
}

/**
 * Whether the offer may show in this visit, and marks it shown: from the second visit on, once. A page of the
 * visit that showed it shows it again until it is answered; a later visit does not.
 */
export function mayOffer(): boolean {
  const visit = countVisit()
  if (visit < 2) return false
  try {
    const state = localStorage.getItem(offerKey)
    if (state && state !== `shown:${visit}`) return false
    localStorage.setItem(offerKey, `shown:${visit}`)
    return true
  } catch {
    return false
  }
}
