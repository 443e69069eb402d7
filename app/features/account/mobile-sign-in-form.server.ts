import type { AppLoadContext } from '../../../contracts/load-context.ts'
import { type MessageChannel, otpRequestBody, otpVerifyBody } from '../../../contracts/messaging.ts'
import {
  formText,
  invalidBodyText,
  readPageForm,
  refusalStatus,
  refusedForm,
} from '../../lib/shop-form.server.ts'
import { signedIn } from './sign-in-form.server.ts'

/**
 * Sign-in with a mobile number sent as plain forms, before the page's code has run (decisions 126 and
 * 141): the same services as POST /api/v1/user/otp/request and /otp/verify. Each post answers the step to
 * show next; a right code sets the token cookies and goes on to the page the shopper came from.
 */
export type MobileStep = {
  step: 'number' | 'code' | 'name'
  phone: string
  channel: MessageChannel
  /** The code typed, kept while the name is asked for (it stays valid). */
  code?: string
  sent?: string
  error?: string
  typed?: { fullName?: string; email?: string }
}

/** The next step to show: every answer of the action has this one shape. */
const step = (next: MobileStep): MobileStep => next

export async function mobileSignInFromForm(request: Request, ctx: AppLoadContext) {
  const { t } = ctx.i18n
  const form = await readPageForm(request, ctx, {
    crossSite: t("Sign in works only from the shop's own pages."),
    notAForm: t('Send the sign-in form as the page does.'),
  })
  const intent = formText(form, 'intent')
  // 'Send by SMS instead' is its own button: a form's button carries one value, so it names the channel too.
  const channel: MessageChannel =
    formText(form, 'channel') === 'sms' || intent === 'send-sms' ? 'sms' : 'whatsapp'
  const phoneTyped = formText(form, 'phone')
  const next = formText(form, 'next')
  const accounts = ctx.services.accounts

  if (intent === 'send' || intent === 'send-sms') {
    const body = otpRequestBody.safeParse({ phone: phoneTyped, channel })
    if (!body.success)
      return refusedForm<MobileStep>(400, {
        step: 'number',
        phone: phoneTyped,
        channel,
        error: invalidBodyText(body.error),
      })
    try {
      const sent = await accounts.requestSignInCode(body.data, ctx.clientIp, ctx.i18n.language)
      return step({ step: 'code', phone: body.data.phone, channel, sent: sent.to })
    } catch (err) {
      const status = refusalStatus(err)
      if (status === null) throw err
      return refusedForm<MobileStep>(status, {
        step: 'number',
        phone: phoneTyped,
        channel,
        error: (err as Error).message,
      })
    }
  }

  const typed = { fullName: formText(form, 'fullName'), email: formText(form, 'email') }
  const asking = intent === 'create'
  const body = otpVerifyBody.safeParse({
    phone: phoneTyped,
    code: formText(form, 'code'),
    ...(asking ? typed : {}),
  })
  const at: MobileStep['step'] = asking ? 'name' : 'code'
  const code = formText(form, 'code')
  if (!body.success)
    return refusedForm<MobileStep>(400, {
      step: at,
      phone: phoneTyped,
      channel,
      code,
      typed,
      error: invalidBodyText(body.error),
    })
  if (asking && !form.get('terms'))
    return refusedForm<MobileStep>(400, {
      step: at,
      phone: body.data.phone,
      channel,
      code,
      typed,
      error: t('You must accept the terms and conditions.'),
    })
  try {
    const answer = await accounts.verifySignIn(body.data, ctx.i18n.language)
    return signedIn(ctx, answer, next)
  } catch (err) {
    const status = refusalStatus(err)
    if (status === null) throw err
    // A right code for a new number: the name is asked for, and the same code sent again with it.
    if (status === 422) return step({ step: 'name', phone: body.data.phone, channel, code })
    return refusedForm<MobileStep>(status, {
      step: at,
      phone: body.data.phone,
      channel,
      code,
      typed,
      error: (err as Error).message,
    })
  }
}
