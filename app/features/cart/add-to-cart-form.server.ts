import { personalisationAnswerSchema, productIdSchema } from '../../../contracts/cart.ts'
import type { AppLoadContext } from '../../../contracts/load-context.ts'
import type { PersonalisationAnswer } from '../../../contracts/personalisation.ts'
import { withNotice } from '../../lib/cart-notice.ts'
import { formAnswer, pageToReturnTo, readShopForm, seeOther } from '../../lib/shop-form.server.ts'
import { signInHref } from '../../lib/sign-in-return.ts'

/**
 * Add To Cart sent as a plain form, before the page's code has run (docs/decisions/018): the same
 * cart service and rules as POST /api/v1/cart/add, answered with a redirect back to the page.
 */
export async function addToCartFromForm(request: Request, ctx: AppLoadContext): Promise<Response> {
  const { t } = ctx.i18n
  const form = await readShopForm(request, ctx, {
    crossSite: t("Add To Cart works only from the shop's own pages."),
    notAForm: t('Send the Add To Cart form as the page does.'),
  })
  if (form instanceof Response) return form
  const productId = productIdSchema.safeParse(form.get('productId'))
  if (!productId.success) return formAnswer(400, t('Choose a product to add to the cart.'))
  // The product page's chosen variant (decision 129); absent for a product sold as one piece.
  const variantId = productIdSchema.safeParse(form.get('variantId'))
  // 'Make it yours' (decision 133): its fields belong to this form; the cart service checks them.
  const personalisation = personalisationOf(form)
  const back = pageToReturnTo(form.get('back'))
  if (!ctx.viewer) return seeOther(signInHref(back))
  try {
    await ctx.services.cart.add(
      ctx.viewer.id,
      productId.data,
      variantId.success ? variantId.data : undefined,
      personalisation,
      t,
    )
    return seeOther(withNotice(back, 'added'))
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode
    // A refusal of the cart's rules (gone, sold out, at the limit) is told on the page; a fault is not ours to hide.
    if (!status || status >= 500) throw err
    return seeOther(withNotice(back, form.get('variant') === 'home' ? 'login-first' : 'failed'))
  }
}

/**
 * The texts (`pz-text-<id>`) and add-ons (`pz-addon`) a product page's form sent, with its `pz` mark; none
 * from a form without 'Make it yours'.
 */
function personalisationOf(form: FormData): PersonalisationAnswer | undefined {
  const text: Record<string, string> = {}
  for (const [name, value] of form.entries())
    if (name.startsWith('pz-text-') && typeof value === 'string' && value.trim() !== '')
      // Cut to the API's bound: a longer text is then refused by the product's own length, in words.
      text[name.slice('pz-text-'.length, 'pz-text-'.length + 40)] = value.slice(0, 1000)
  const addons = form
    .getAll('pz-addon')
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.slice(0, 40))
    .slice(0, 20)
  // Measurements: `pz-m.<form>.<field>`, the numbers typed (an empty field left out; a word is taken as 0,
  // which the shop refuses in words).
  const measurements: Record<string, Record<string, number>> = {}
  for (const [name, value] of form.entries()) {
    const [mark, formId, fieldId] = name.split('.')
    if (mark !== 'pz-m' || !formId || !fieldId || typeof value !== 'string' || value.trim() === '') continue
    const n = Number(value)
    const one = measurements[formId.slice(0, 40)] ?? {}
    one[fieldId.slice(0, 40)] = Number.isFinite(n) ? n : 0
    measurements[formId.slice(0, 40)] = one
  }
  if (form.get('pz') === null) return undefined
  return personalisationAnswerSchema.parse({ text, addons, measurements })
}
