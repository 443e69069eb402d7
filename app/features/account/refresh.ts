import { setTokenRefresher } from '../../lib/api.ts'
import { getAccessToken, readStorage, storageKeys, updateTokens } from '../../lib/session.ts'
import { endSession } from '../../lib/session-ended.ts'

let inflight: Promise<string | null> | null = null

/**
 * Swaps the stored refresh token for a new pair (it works once; the server rotates it). One refresh at a
 * time across tabs: a tab that waited finds the token already renewed and uses that. Answers the new access
 * token, or null when the session is over (then it is cleared).
 */
export function refreshSession(): Promise<string | null> {
  inflight ??= run().finally(() => {
    inflight = null
  })
  return inflight
}

async function run(): Promise<string | null> {
  const seen = readStorage(storageKeys.refreshToken)
  if (!seen) return null
  const work = async (): Promise<string | null> => {
    const current = readStorage(storageKeys.refreshToken)
    if (!current) return null
    if (current !== seen) return getAccessToken()
    const res = await fetch('/api/v1/user/refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refreshToken: current }),
    })
    if (res.status === 401) {
      endSession()
      return null
    }
    if (!res.ok) throw new Error(`refresh failed: ${res.status}`)
    const body = (await res.json()) as {
      data: { accessToken: string; refreshToken: string; refreshTokenExpiresIn?: number }
    }
    updateTokens(body.data.accessToken, body.data.refreshToken, body.data.refreshTokenExpiresIn)
    return body.data.accessToken
  }
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  return locks ? locks.request('shop-token-refresh', work) : work()
}

async function quietRefresh(): Promise<string | null> {
  try {
    return await refreshSession()
  } catch {
    return null
  }
}

if (typeof window !== 'undefined') setTokenRefresher(quietRefresh)
