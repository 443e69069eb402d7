import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { getAccessToken, isTokenExpired, onSessionChange, tokenExpiry } from '../../lib/session.ts'
import { endSession, markGoingHome } from '../../lib/session-ended.ts'
import { refreshSession } from './refresh.ts'

/**
 * The session check of spec section 2, on every page: a malformed stored token, or an expired one that
 * the refresh token cannot renew, is removed and the shopper goes to /, account pages included; the
 * sign-in and sign-up pages keep them where they are, and sign-in says why (decision 028). While signed
 * in, the access token is renewed a minute before it expires.
 */
export function SessionCheck() {
  const { pathname } = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    const token = getAccessToken()
    if (!token) return
    const signingIn = /^\/(login|signup)\/?$/i.test(pathname)
    const end = () => {
      if (!signingIn) markGoingHome()
      endSession()
      if (!signingIn) navigate('/', { replace: true })
    }
    if (tokenExpiry(token) === null) return end()
    if (!isTokenExpired(token)) return
    refreshSession().then(
      (renewed) => {
        if (!renewed) end()
      },
      // Offline or the server is down: keep the session and try again on the next page.
      (err) => console.error(err),
    )
  }, [pathname, navigate])

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      clearTimeout(timer)
      const token = getAccessToken()
      const exp = token ? tokenExpiry(token) : null
      if (!exp) return
      const wait = Math.min(Math.max(5_000, (exp - 60) * 1000 - Date.now()), 2 ** 31 - 1)
      timer = setTimeout(() => {
        refreshSession().catch((err) => console.error(err))
      }, wait)
    }
    schedule()
    const stop = onSessionChange(schedule)
    return () => {
      stop()
      clearTimeout(timer)
    }
  }, [])

  return null
}
