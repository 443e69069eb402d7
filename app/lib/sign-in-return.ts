/**
 * A visitor asked to sign in part-way (the add-to-cart toast) comes back to the page they were on
 * afterwards (decision 028). Only a path of this shop is followed; anything else goes to / as the spec says.
 */
export function signInHref(back: string): string {
  return `/Login?next=${encodeURIComponent(back)}`
}

export function afterSignIn(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/'
}

/** The same page on the other side (sign-in ↔ sign-up), keeping where the visitor is to come back to. */
export function withNext(page: '/Login' | '/SignUp', next: string): string {
  return next === '/' ? page : `${page}?next=${encodeURIComponent(next)}`
}
