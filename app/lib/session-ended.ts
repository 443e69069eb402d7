import { clearSession } from './session.ts'

/**
 * Why the sign-in page says the session ended (decision 028): a session that ends without the customer
 * signing out leaves a mark in sessionStorage (this tab only), and the sign-in page shows the message
 * once, if it arrives within a few minutes. A plain visit to /Login finds no mark.
 */
const key = 'sessionEnded'
const SHOW_WITHIN_MS = 10 * 60_000

/** The session is over though the customer did not sign out: clear it and remember why. */
export function endSession() {
  try {
    window.sessionStorage.setItem(key, String(Date.now()))
  } catch {
    // Storage refused (private mode): the session still ends, only the reason is not shown.
  }
  clearSession()
}

// When the session check (spec section 2) sends a lapsed session to /, an account page must not send it
// to sign-in on its way out (this tab only, for a moment).
let homeBoundAt = 0
export function markGoingHome() {
  homeBoundAt = Date.now()
}
export function goingHome(): boolean {
  return Date.now() - homeBoundAt < 5_000
}

/** Reads and removes the mark: true when the session ended moments ago. */
export function takeSessionEnded(): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(key))
    window.sessionStorage.removeItem(key)
    return at > 0 && Date.now() - at < SHOW_WITHIN_MS
  } catch {
    return false
  }
}

/** The customer signed out (or in): nothing to explain on the next sign-in page. */
export function forgetSessionEnded() {
  try {
    window.sessionStorage.removeItem(key)
  } catch {
    // Nothing stored, nothing to forget.
  }
}
