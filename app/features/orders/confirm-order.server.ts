import { data } from 'react-router'
import type { AppLoadContext } from '../../../contracts/load-context.ts'
import { type CodConfirmation, codConfirmAnswers } from '../../../contracts/messaging.ts'
import { formText, readPageForm, refusalStatus, refusedForm } from '../../lib/shop-form.server.ts'

export type ConfirmOrderPage = { order: CodConfirmation | null; message?: string; error?: string }

/** The order a confirmation link names, when its token is that order's (decision 143); else none. */
export async function linkedOrder(ctx: AppLoadContext, orderId: string, token: string) {
  const { orderUpdates, orders } = ctx.services
  return orderUpdates.codTokenMatches(orderId, token) ? orders.codConfirmation(orderId) : null
}

/** The link's page: the order as its message showed it, or the words for a wrong link (404). */
export async function confirmOrderLoader(ctx: AppLoadContext, orderId: string, token: string) {
  const order = await linkedOrder(ctx, orderId, token)
  const page: ConfirmOrderPage = order
    ? { order }
    : { order: null, error: ctx.i18n.t(codConfirmAnswers.badLink) }
  return data(page, { status: order ? 200 : 404, headers: { 'cache-control': 'no-store' } })
}

/** Confirm or Cancel, posted by the page (with or without its code): the same as the API's answer. */
export async function confirmOrderAction(
  request: Request,
  ctx: AppLoadContext,
  orderId: string,
  token: string,
) {
  const { t } = ctx.i18n
  const form = await readPageForm(request, ctx, {
    crossSite: t("This works only from the shop's own pages."),
    notAForm: t('Send the form as the page does.'),
  })
  const answer = formText(form, 'answer')
  const order = await linkedOrder(ctx, orderId, token)
  if (!order) return refusedForm<ConfirmOrderPage>(404, { order: null, error: t(codConfirmAnswers.badLink) })
  if (answer !== 'confirm' && answer !== 'cancel')
    return refusedForm<ConfirmOrderPage>(400, { order, error: t('Choose Confirm or Cancel.') })
  try {
    const done = await ctx.services.orders.answerCod(orderId, answer)
    const now = (await ctx.services.orders.codConfirmation(orderId)) ?? order
    return {
      order: now,
      message: t(done === 'confirmed' ? codConfirmAnswers.confirmed : codConfirmAnswers.cancelled),
    } satisfies ConfirmOrderPage
  } catch (err) {
    const status = refusalStatus(err)
    if (status === null) throw err
    return refusedForm<ConfirmOrderPage>(status, { order, error: t((err as Error).message) })
  }
}
