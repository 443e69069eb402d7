/** Browser storage keys of spec section 3, written once here. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userid: 'userid',
  user: 'user',
  cartProducts: 'cartProducts',
  cartTotal: 'cartTotal',
  couponDiscount: 'couponDiscount',
  orderId: 'orderId',
} as const

const hasWindow = () => typeof window !== 'undefined'

export function readStorage(key: string): string | null {
  if (!hasWindow()) return null
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: string, value: string) {
  if (hasWindow()) window.localStorage.setItem(key, value)
}

export function removeStorage(key: string) {
  if (hasWindow()) window.localStorage.removeItem(key)
}

export function getAccessToken(): string | null {
  return readStorage(storageKeys.accessToken)
}

export function getUserId(): string | null {
  return readStorage(storageKeys.userid)
}

function writeCookie(name: string, value: string, maxAgeSeconds?: number) {
  if (!hasWindow()) return
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`
  // biome-ignore lint/suspicious/noDocumentCookie: the spec writes the tokens as cookies for path /.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${age}${secure}`
}

export type SignedIn = {
  accessToken: string
  refreshToken: string
  /** Seconds the refresh token lives, as the server answers it. */
  refreshTokenExpiresIn?: number
  userId: string
  fullName: string
}

/** The token cookies live as long as their tokens: the access one until its exp, the refresh one its lifetime. */
function writeTokenCookies(accessToken: string, refreshToken: string, refreshTokenExpiresIn?: number) {
  const exp = tokenExpiry(accessToken)
  writeCookie(
    'accessToken',
    accessToken,
    exp === null ? undefined : Math.max(0, Math.floor(exp - Date.now() / 1000)),
  )
  writeCookie('refreshToken', refreshToken, refreshTokenExpiresIn)
}

/** After login: the storage keys and the two token cookies for path /. */
export function saveSession(s: SignedIn) {
  writeStorage(storageKeys.accessToken, s.accessToken)
  writeStorage(storageKeys.refreshToken, s.refreshToken)
  writeStorage(storageKeys.userid, s.userId)
  writeStorage(storageKeys.user, s.fullName)
  writeTokenCookies(s.accessToken, s.refreshToken, s.refreshTokenExpiresIn)
  notifySessionChange()
}

export function updateTokens(accessToken: string, refreshToken: string, refreshTokenExpiresIn?: number) {
  writeStorage(storageKeys.accessToken, accessToken)
  writeStorage(storageKeys.refreshToken, refreshToken)
  writeTokenCookies(accessToken, refreshToken, refreshTokenExpiresIn)
  notifySessionChange()
}

/**
 * A sign-in the server answered without the page's code (the sign-in or sign-up form posted before it
 * ran, decision 126) set only the token cookies: they become the stored session, with the account's id
 * from the token, before the page's code first reads it. Nothing happens while a session is stored.
 */
export function adoptCookieSession() {
  if (!hasWindow() || getAccessToken()) return
  const cookies = new Map(
    document.cookie
      .split(';')
      .map((c) => c.trim().split('='))
      .filter((kv): kv is [string, string] => kv.length === 2)
      .map(([k, v]) => [k, decodeURIComponent(v)] as const),
  )
  const accessToken = cookies.get('accessToken')
  const refreshToken = cookies.get('refreshToken')
  const userId = accessToken ? tokenClaims(accessToken)?.sub : null
  if (!accessToken || !refreshToken || typeof userId !== 'string') return
  writeStorage(storageKeys.accessToken, accessToken)
  writeStorage(storageKeys.refreshToken, refreshToken)
  writeStorage(storageKeys.userid, userId)
}

/** Sign-out: the four session keys go and the token cookies expire. */
export function clearSession() {
  for (const k of [storageKeys.accessToken, storageKeys.userid, storageKeys.user, storageKeys.refreshToken])
    removeStorage(k)
  writeCookie('accessToken', '', 0)
  writeCookie('refreshToken', '', 0)
  notifySessionChange()
}

/** The claims of a JWT, unverified (the server checks every call); null when the token is malformed. */
function tokenClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')))
    return json && typeof json === 'object' ? json : null
  } catch {
    return null
  }
}

/** Reads the exp claim of a JWT; null when the token is malformed. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp
  return typeof exp === 'number' ? exp : null
}

/**
 * Whether the stored token is a staff member's: only to show the header's way into the console. The
 * console's every call is checked by the server, so a forged claim opens nothing.
 */
export function isStaffToken(token: string | null): boolean {
  return token !== null && tokenClaims(token)?.role === 'admin'
}

export function isTokenExpired(token: string, nowSeconds = Date.now() / 1000): boolean {
  const exp = tokenExpiry(token)
  return exp === null || exp <= nowSeconds
}

const sessionEvent = 'shop:session'
export function notifySessionChange() {
  if (hasWindow()) window.dispatchEvent(new Event(sessionEvent))
}
export function onSessionChange(listener: () => void): () => void {
  if (!hasWindow()) return () => {}
  window.addEventListener(sessionEvent, listener)
  window.addEventListener('storage', listener)
  return () => {
    window.removeEventListener(sessionEvent, listener)
    window.removeEventListener('storage', listener)
  }
}
