const attemptKey = 'checkoutAttempt'
const newAttempt = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

/** The current checkout attempt's id, kept for the tab's session; `renew` starts a new one. */
export function checkoutAttempt(renew = false): string {
  try {
    const kept = renew ? null : window.sessionStorage.getItem(attemptKey)
    if (kept) return kept
    const fresh = newAttempt()
    window.sessionStorage.setItem(attemptKey, fresh)
    return fresh
  } catch {
    return newAttempt()
  }
}
