import { productIdSchema } from '../../../contracts/cart.ts'
import type { AppLoadContext } from '../../../contracts/load-context.ts'
import { withWishlistNotice } from '../../lib/cart-notice.ts'
import { formAnswer, pageToReturnTo, readShopForm, seeOther } from '../../lib/shop-form.server.ts'
import { signInHref } from '../../lib/sign-in-return.ts'

/**
 * The wishlist heart sent as a plain form, before the page's code has run (as Add To Cart, docs/decisions/018):
 * the same wishlist service as POST /api/v1/wishlist/add, answered with a redirect back to the page.
 */
export async function addToWishlistFromForm(request: Request, ctx: AppLoadContext): Promise<Response> {
  const { t } = ctx.i18n
  const form = await readShopForm(request, ctx, {
    crossSite: t("The wishlist works only from the shop's own pages."),
    notAForm: t('Send the wishlist form as the page does.'),
  })
  if (form instanceof Response) return form
  const productId = productIdSchema.safeParse(form.get('productId'))
  if (!productId.success) return formAnswer(400, t('Choose a product to add to the wishlist.'))
  // The product page's chosen variant (decision 129); absent for a product sold as one piece.
  const variantId = productIdSchema.safeParse(form.get('variantId'))
  const back = pageToReturnTo(form.get('back'))
  if (!ctx.viewer) return seeOther(signInHref(back))
  try {
    await ctx.services.wishlist.add(
      ctx.viewer.id,
      productId.data,
      variantId.success ? variantId.data : undefined,
    )
    return seeOther(withWishlistNotice(back, 'added'))
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode
    // A product withdrawn a moment ago is told on the page; a fault is not ours to hide.
    if (!status || status >= 500) throw err
    return seeOther(withWishlistNotice(back, 'failed'))
  }
}
