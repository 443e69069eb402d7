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
  /** The server's own words when it sent a message, else the status's standard text ('Bad Gateway'). */
  readonly text: string
  constructor(status: number, message: string, body: unknown, text = message) {
    super(message)
    this.status = status
    this.body = body
    this.text = text
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

/** Sends a request with the stored access token, renewing it when stale or refused once with 401. */
async function send(path: string, init: RequestInit, auth: boolean | undefined): Promise<Response> {
  const call = (token: string | null) =>
    fetch(`/api/v1${path}`, {
      ...init,
      headers: token
        ? { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` }
        : init.headers,
    })
  let token = auth ? getAccessToken() : null
  // Renew a token about to expire before the call, and once more if the server still says 401.
  if (token && refresher && isTokenExpired(token, Date.now() / 1000 + 30))
    token = (await refresher()) ?? token
  let res = await call(token)
  if (res.status === 401 && token && refresher) {
    const renewed = await refresher()
    if (renewed && renewed !== token) res = await call(renewed)
  }
  return res
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  const own = (json as { message?: string } | null)?.message
  return new ApiError(res.status, own ?? `${res.status} ${res.statusText}`, json, own ?? res.statusText)
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
  const res = await send(
    path,
    { method: opts.method ?? 'GET', headers, body, signal: opts.signal },
    opts.auth,
  )
  if (!res.ok) throw await failure(res)
  const text = await res.text()
  try {
    return (text ? JSON.parse(text) : null) as T
  } catch {
    return null as T
  }
}

/**
 * Fetches a file the API answers (an invoice PDF, a CSV export) with the access token and hands it to the
 * browser as a download under `fileName`; a failure throws ApiError with the server's message.
 */
export async function downloadFile(path: string, fileName: string, type = 'application/pdf'): Promise<void> {
  const res = await send(path, { headers: { accept: `${type}, application/json` } }, true)
  if (!res.ok) throw await failure(res)
  saveFile(await res.blob(), fileName)
}

/** Hands a file made in the page (or fetched) to the browser as a download under `fileName`. */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
