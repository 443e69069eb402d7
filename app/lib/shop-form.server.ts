import { data } from 'react-router'
import type { AppLoadContext } from '../../contracts/load-context.ts'
import { withoutNotice } from './cart-notice.ts'
import { isSameOriginPost } from './same-origin.ts'

/**
 * What the plain forms a page sends before its code has run (Add To Cart, the wishlist heart) share:
 * same-origin only, a small url-encoded form, answers that are never kept (docs/decisions/018).
 */

// A form of a few short fields; anything larger is not the shop's form.
const maxFormBytes = 4096

export const formAnswer = (status: number, message: string) =>
  Response.json({ success: false, message }, { status, headers: { 'cache-control': 'no-store' } })

// 303: the browser follows with a GET, so a reload does not send the form again.
export const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })

/** Only a path of this shop is returned to, without an earlier notice; anything else goes to the home page. */
export function pageToReturnTo(value: FormDataEntryValue | null): string {
  if (typeof value !== 'string' || value.length > 500 || !/^\/(?![/\\])/.test(value)) return '/'
  return withoutNotice(value)
}

/** The refusals of a form sent from elsewhere or not as a form, in the words of the button that sends it. */
export type ShopFormTexts = { crossSite: string; notAForm: string }

/** The form's fields, or the 4xx answer to a form that is not one of the shop's. */
export async function readShopForm(
  request: Request,
  ctx: AppLoadContext,
  texts: ShopFormTexts,
): Promise<FormData | Response> {
  const { t } = ctx.i18n
  if (!isSameOriginPost(request.headers, request.url, ctx.publicUrl)) return formAnswer(403, texts.crossSite)
  const type = request.headers.get('content-type') ?? ''
  if (!type.startsWith('application/x-www-form-urlencoded')) return formAnswer(415, texts.notAForm)
  const length = Number(request.headers.get('content-length'))
  if (!length || length > maxFormBytes) return formAnswer(413, t('That form is too large.'))
  try {
    return await request.formData()
  } catch {
    return formAnswer(400, t('That form cannot be read.'))
  }
}

/**
 * A page's own form (sign-in, sign-up, an address: decision 126): its fields, or the 4xx thrown, so the page
 * answers with the shop's error page and that status.
 */
export async function readPageForm(request: Request, ctx: AppLoadContext, texts: ShopFormTexts) {
  const form = await readShopForm(request, ctx, texts)
  if (form instanceof Response) throw form
  return form
}

/** A page's form refused: the page again with this data (the message, what was typed), never kept. */
export const refusedForm = <T>(status: number, body: T) =>
  data(body, { status, headers: { 'cache-control': 'no-store' } })

/** The status of a service's refusal (a 4xx), or null for a fault, which is not the form's to answer. */
export function refusalStatus(err: unknown): number | null {
  const status = (err as { statusCode?: number }).statusCode
  return status && status < 500 ? status : null
}

/** A text field of a page's form: '' when it is missing (or a file). */
export function formText(form: FormData, name: string): string {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

/**
 * The API's words for the first field a body has wrong ('Invalid body: phoneNumber must be exactly 10
 * digits'), as the page's code shows the API's answer.
 */
export function invalidBodyText(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message?: string }> }) {
  const [issue] = error.issues
  const field = issue?.path.length ? issue.path.map(String).join('.') : 'request'
  return `Invalid body: ${field} ${issue?.message ?? 'is invalid'}`
}
