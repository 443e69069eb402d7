import { isSameOriginPost } from '../../../server/http/same-origin.ts'
import type { AppLoadContext } from '../../lib/context.ts'
import { withoutNotice } from './cart-notice.ts'

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
