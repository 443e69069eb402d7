import { useState } from 'react'
import { recoveryTexts as texts } from '../../../contracts/mail-text.ts'
import { useT } from '../../i18n/i18n.tsx'
import type { Account } from '../../lib/account-api.ts'
import { api } from '../../lib/api.ts'

/**
 * Says, while the account's address is unconfirmed, what waits for it, and sends the link again
 * (decision 109).
 */
export function EmailConfirmationNotice({ user }: { user: Account | undefined }) {
  const t = useT()
  const [state, setState] = useState<{ sending?: boolean; said?: string; failed?: boolean }>({})
  // An account made with a mobile number may have no address to confirm yet.
  if (!user || user.emailConfirmed || !user.email) return null
  const resend = async () => {
    setState({ sending: true })
    try {
      const answer = await api<{ message: string }>('/user/confirm-email/resend', {
        method: 'POST',
        auth: true,
      })
      setState({ said: answer.message })
    } catch (err) {
      setState({ said: err instanceof Error && err.message ? err.message : t(texts.failed), failed: true })
    }
  }
  return (
    <div className="mt-4 grid gap-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-stone-800">
      <p>{t(texts.unconfirmedNotice)}</p>
      {state.said ? (
        <p role={state.failed ? 'alert' : 'status'} className="font-medium">
          {state.said}
        </p>
      ) : (
        <button
          type="button"
          onClick={resend}
          disabled={state.sending}
          className="justify-self-start rounded border border-brand-700 px-3 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-wait disabled:opacity-70"
        >
          {t(texts.sendLinkAgain)}
        </button>
      )}
    </div>
  )
}
