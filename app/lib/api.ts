import { getAccessToken, isTokenExpired } from './session.ts'

type TokenRefresher = () => Promise<string | null>
let refresher: TokenRefresher | null = null
/** The accounts feature plugs in its refresh-token call; `api` then renews a stale access token itself. */
export function setTokenRefresher(fn: TokenRefresher | null) {
  refresher = fn
}

export class ApiError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(status: number, message: string, body: unknown) {
    super(message)
    this.status = status
    this.body = body
  }
}

type ApiOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  /** Send the stored access token as a bearer token. */
  auth?: boolean
  signal?: AbortSignal
  headers?: Record<string, string>
}

/** Calls the shop API on the same origin; a non-2xx answer throws ApiError carrying the server's message. */
export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
  let body: BodyInit | undefined
  if (opts.body instanceof FormData) body = opts.body
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  const send = (token: string | null) =>
    fetch(`/api/v1${path}`, {
      method: opts.method ?? 'GET',
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      body,
      signal: opts.signal,
    })
  let token = opts.auth ? getAccessToken() : null
  // Renew a token about to expire before the call, and once more if the server still says 401.
  if (token && refresher && isTokenExpired(token, Date.now() / 1000 + 30))
    token = (await refresher()) ?? token
  let res = await send(token)
  if (res.status === 401 && token && refresher) {
    const renewed = await refresher()
    if (renewed && renewed !== token) res = await send(renewed)
  }
  const text = await res.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  if (!res.ok) {
    const message = (json as { message?: string } | null)?.message ?? `${res.status} ${res.statusText}`
    throw new ApiError(res.status, message, json)
  }
  return json as T
}
