import { useEffect } from 'react'
import { Outlet, redirect, useNavigate } from 'react-router'
import { AccountSidebar } from '../features/account/account-sidebar.tsx'
import { useCurrentUser } from '../lib/account-api.ts'
import { appLoadContext } from '../lib/context.ts'
import { getAccessToken } from '../lib/session.ts'
import { goingHome } from '../lib/session-ended.ts'
import { useSignedIn } from '../lib/use-signed-in.ts'
import type { Route } from './+types/account-layout'

const hasTokenCookie = (cookie: string | null) =>
  /(?:^|;\s*)(?:accessToken|refreshToken)=[^;\s]/.test(cookie ?? '')

/**
 * Guard of the account routes (spec section 2): without a token they go to /login. On the server the
 * token cookies decide (an expired access token with a refresh token is renewed in the browser); in the
 * browser the stored access token does.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  if (!viewer) {
    if (!hasTokenCookie(request.headers.get('cookie'))) throw redirect('/login')
    return { user: null }
  }
  try {
    return { user: await services.accounts.profile(viewer.id) }
  } catch {
    return { user: null }
  }
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  if (!getAccessToken()) throw redirect('/login')
  return serverLoader()
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const signedIn = useSignedIn(true)
  const navigate = useNavigate()
  const { data: user } = useCurrentUser(loaderData.user)

  useEffect(() => {
    // A lapsed session the session check sends to / (spec section 2) goes there; otherwise (refused by the
    // server, signed out in another tab) the page needs a token and goes to sign-in.
    if (!signedIn && !goingHome()) navigate('/login', { replace: true })
  }, [signedIn, navigate])

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 px-3 py-4 sm:px-4 lg:grid-cols-[260px_minmax(0,1fr)] lg:gap-6 lg:py-8">
      <AccountSidebar user={user} />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  )
}
