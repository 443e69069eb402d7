import { useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { mailAnswers, recoveryTexts as texts } from '../../contracts/mail-text.ts'
import { AuthCard, FormMessage, primaryButton } from '../features/account/auth-card.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { api } from '../lib/api.ts'
import type { Route } from './+types/newsletter-link'

const isConfirm = (pathname: string) => pathname.toLowerCase().endsWith('/confirm')

export const meta: Route.MetaFunction = ({ location, matches }) => [
  {
    title: `${metaI18n(matches).t(isConfirm(location.pathname) ? texts.confirmTitle : texts.unsubscribeTitle)} | ${shopName}`,
  },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
]

/**
 * The newsletter e-mails' links: confirm a subscription or leave it. A button does it, not the visit
 * itself, so link scanners in mail programs change nothing.
 */
export default function NewsletterLink() {
  const t = useT()
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const confirm = isConfirm(useLocation().pathname)
  const [state, setState] = useState<{ error?: string; success?: string; loading?: boolean }>({})

  const act = async (which: 'confirm' | 'unsubscribe') => {
    setState({ loading: true })
    try {
      const answer = await api<{ message: string }>(`/newsletter/${which}`, {
        method: 'POST',
        body: { token },
      })
      setState({ success: answer.message })
    } catch (err) {
      setState({ error: err instanceof Error && err.message ? err.message : t(texts.failed) })
    }
  }
  return <NewsletterCard confirm={confirm} token={token} state={state} act={act} />
}

function NewsletterCard(props: {
  confirm: boolean
  token: string
  state: { error?: string; success?: string; loading?: boolean }
  act: (which: 'confirm' | 'unsubscribe') => void
}) {
  const { confirm, token, state } = props
  const t = useT()
  return (
    <AuthCard title={t(confirm ? texts.confirmTitle : texts.unsubscribeTitle)}>
      <div className="mt-6 grid gap-4">
        {token ? null : <FormMessage error={t(mailAnswers.newsletterLinkInvalid)} />}
        <FormMessage error={state.error} success={state.success} />
        {token && !state.success ? (
          <button
            type="button"
            disabled={state.loading}
            className={primaryButton}
            onClick={() => props.act(confirm ? 'confirm' : 'unsubscribe')}
          >
            {t(confirm ? texts.confirmButton : texts.unsubscribeButton)}
          </button>
        ) : null}
      </div>
    </AuthCard>
  )
}
