import { productIdSchema } from '../../../contracts/cart.ts'
import { isSameOriginPost } from '../../../server/http/same-origin.ts'
import type { AppLoadContext } from '../../lib/context.ts'
import { signInHref } from '../account/sign-in-return.ts'
import { withNotice, withoutNotice } from './cart-notice.ts'

// A form of two short fields; anything larger is not the shop's form.
const maxFormBytes = 4096

const answer = (status: number, message: string) =>
  Response.json({ success: false, message }, { status, headers: { 'cache-control': 'no-store' } })

// 303: the browser follows with a GET, so a reload does not send the form again.
const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })

/** Only a path of this shop is returned to; anything else goes to the home page. */
function pageToReturnTo(value: FormDataEntryValue | null): string {
  if (typeof value !== 'string' || value.length > 500 || !/^\/(?![/\\])/.test(value)) return '/'
  return withoutNotice(value)
}

/**
 * Add To Cart sent as a plain form, before the page's code has run (docs/decisions/018): the same
 * cart service and rules as POST /api/v1/cart/add, answered with a redirect back to the page.
 */
export async function addToCartFromForm(request: Request, ctx: AppLoadContext): Promise<Response> {
  const { t } = ctx.i18n
  if (!isSameOriginPost(request.headers, request.url, ctx.publicUrl))
    return answer(403, t("Add To Cart works only from the shop's own pages."))
  const type = request.headers.get('content-type') ?? ''
  if (!type.startsWith('application/x-www-form-urlencoded'))
    return answer(415, t('Send the Add To Cart form as the page does.'))
  const length = Number(request.headers.get('content-length'))
  if (!length || length > maxFormBytes) return answer(413, t('That form is too large.'))
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return answer(400, t('That form cannot be read.'))
  }
  const productId = productIdSchema.safeParse(form.get('productId'))
  if (!productId.success) return answer(400, t('Choose a product to add to the cart.'))
  const back = pageToReturnTo(form.get('back'))
  if (!ctx.viewer) return seeOther(signInHref(back))
  try {
    await ctx.services.cart.add(ctx.viewer.id, productId.data)
    return seeOther(withNotice(back, 'added'))
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode
    // A refusal of the cart's rules (gone, sold out, at the limit) is told on the page; a fault is not ours to hide.
    if (!status || status >= 500) throw err
    return seeOther(withNotice(back, form.get('variant') === 'home' ? 'login-first' : 'failed'))
  }
}
