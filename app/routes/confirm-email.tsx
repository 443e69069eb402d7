import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { mailAnswers, recoveryTexts as texts } from '../../contracts/mail-text.ts'
import { AuthCard, FormMessage, primaryButton } from '../features/account/auth-card.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { currentUserKey } from '../lib/account-api.ts'
import { api } from '../lib/api.ts'
import { useQueryClient } from '../lib/query.ts'
import type { Route } from './+types/confirm-email'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t(texts.emailConfirmTitle)} | ${shopName}` },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
]

/**
 * The link of the welcome and confirmation e-mails (decision 109). A button confirms, not the visit, so a
 * mail program's link scanner confirms nothing.
 */
export default function ConfirmEmail() {
  const t = useT()
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const queryClient = useQueryClient()
  const [state, setState] = useState<{ error?: string; success?: string; loading?: boolean }>({})

  const confirm = async () => {
    setState({ loading: true })
    try {
      const answer = await api<{ message: string }>('/user/confirm-email', {
        method: 'POST',
        body: { token },
      })
      setState({ success: answer.message })
      queryClient.invalidateQueries({ queryKey: currentUserKey })
    } catch (err) {
      setState({ error: err instanceof Error && err.message ? err.message : t(texts.failed) })
    }
  }

  return (
    <AuthCard title={t(texts.emailConfirmTitle)}>
      <div className="mt-6 grid gap-4">
        {token ? <p className="text-center text-sm text-stone-700">{t(texts.emailConfirmIntro)}</p> : null}
        {token ? null : <FormMessage error={t(mailAnswers.confirmLinkInvalid)} />}
        <FormMessage error={state.error} success={state.success} />
        {token && !state.success ? (
          <button type="button" disabled={state.loading} className={primaryButton} onClick={confirm}>
            {t(texts.emailConfirmButton)}
          </button>
        ) : null}
        {state.success ? (
          <Link to="/" className={`${primaryButton} text-center`}>
            {t(texts.continueShopping)}
          </Link>
        ) : null}
      </div>
    </AuthCard>
  )
}
