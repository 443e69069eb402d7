import { registerBody } from '../../../contracts/accounts.ts'
import type { AppLoadContext } from '../../../contracts/load-context.ts'
import {
  formText,
  invalidBodyText,
  readPageForm,
  refusalStatus,
  refusedForm,
} from '../../lib/shop-form.server.ts'
import { afterSignIn } from '../../lib/sign-in-return.ts'
import { isLoginEmail, loginMessages, signupMessages } from './messages.ts'

/**
 * Sign-in and sign-up sent as plain forms, before the page's code has run (decision 126): the same
 * services and rules as POST /api/v1/user/login and /user/register. A sign-in sets the two token cookies
 * the page's code sets (the code makes them its stored session when it runs) and goes on to the page the
 * shopper came from; a refusal renders the form again with the spec's message and what was typed, the
 * password excepted.
 */

/** What the form shows after a refused post: the message, the server's reason, and what was typed. */
export type FormRefusal = {
  error: string
  reason?: string
  typed: Record<string, string>
}

type Tokens = { accessToken: string; refreshToken: string; refreshTokenExpiresIn: number }

/** The seconds until a JWT's exp claim, unverified (the service has just signed it); null when it has none. */
function secondsLeft(token: string): number | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    return typeof claims.exp === 'number' ? Math.max(0, Math.floor(claims.exp - Date.now() / 1000)) : null
  } catch {
    return null
  }
}

/** 303 to the page to go on to, with the token cookies as the page's code writes them (app/lib/session.ts). */
export function signedIn(ctx: AppLoadContext, tokens: Tokens, next: string): Response {
  const secure = ctx.publicUrl.startsWith('https:') ? '; Secure' : ''
  const cookie = (name: string, value: string, age: number | null) =>
    `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${age === null ? '' : `; Max-Age=${age}`}${secure}`
  const headers = new Headers({ location: afterSignIn(next), 'cache-control': 'no-store' })
  headers.append('set-cookie', cookie('accessToken', tokens.accessToken, secondsLeft(tokens.accessToken)))
  headers.append('set-cookie', cookie('refreshToken', tokens.refreshToken, tokens.refreshTokenExpiresIn))
  return new Response(null, { status: 303, headers })
}

const refused = (status: number, refusal: FormRefusal) => refusedForm(status, refusal)

export async function signInFromForm(request: Request, ctx: AppLoadContext) {
  const { t } = ctx.i18n
  const form = await readPageForm(request, ctx, {
    crossSite: t("Sign in works only from the shop's own pages."),
    notAForm: t('Send the sign-in form as the page does.'),
  })
  const email = formText(form, 'email').trim()
  const next = formText(form, 'next')
  if (!isLoginEmail(email)) return refused(400, { error: t(loginMessages.invalidEmail), typed: { email } })
  try {
    const answer = await ctx.services.accounts.login(
      { email, password: formText(form, 'password') },
      ctx.clientIp,
    )
    return signedIn(ctx, answer, next)
  } catch (err) {
    const status = refusalStatus(err)
    if (status === null) throw err
    // As with the page's code: one message for a wrong e-mail, a wrong password and a limit reached.
    return refused(status, { error: t(loginMessages.failure), typed: { email } })
  }
}

export async function signUpFromForm(request: Request, ctx: AppLoadContext) {
  const { t } = ctx.i18n
  const form = await readPageForm(request, ctx, {
    crossSite: t("Sign up works only from the shop's own pages."),
    notAForm: t('Send the sign-up form as the page does.'),
  })
  const typed = { fullName: formText(form, 'fullName'), email: formText(form, 'email').trim() }
  const next = formText(form, 'next')
  if (formText(form, 'password') !== formText(form, 'confirmPassword')) {
    return refused(400, { error: t(signupMessages.passwordMismatch), typed })
  }
  if (!form.get('terms')) return refused(400, { error: t(signupMessages.termsRequired), typed })
  const body = registerBody.safeParse({ ...typed, password: formText(form, 'password') })
  if (!body.success) {
    return refused(400, { error: t(signupMessages.failure), reason: invalidBodyText(body.error), typed })
  }
  try {
    const answer = await ctx.services.accounts.signUp(body.data, ctx.i18n.language)
    return signedIn(ctx, answer, next)
  } catch (err) {
    const status = refusalStatus(err)
    if (status === null) throw err
    return refused(status, { error: t(signupMessages.failure), reason: (err as Error).message, typed })
  }
}
