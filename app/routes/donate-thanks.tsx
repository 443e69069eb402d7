import { useState } from 'react'
import { Link } from 'react-router'
import { causeNames, type Donation, type FoundationCause } from '../../contracts/donations.ts'
import { formatRupees } from '../../contracts/money.ts'
import { PageBanner } from '../features/content/page-banner.tsx'
import { downloadReceipt, fetchDonation } from '../features/giving/giving-api.ts'
import { givingTexts as g } from '../features/giving/messages.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { ApiError } from '../lib/api.ts'
import { useQuery } from '../lib/query.ts'
import { signInHref } from '../lib/sign-in-return.ts'
import { toast } from '../lib/toast.tsx'
import { useSignedIn } from '../lib/use-signed-in.ts'
import type { Route } from './+types/donate-thanks'

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches)
  return [{ title: t(g.thanksTitle) }, { name: 'robots', content: 'noindex' }]
}

/**
 * A donor's own donation once paid (the e-mail links here): its receipt number and the receipt to
 * download. Read in the browser with the donor's token: no one else's donation is shown.
 */
export default function DonateThanks({ params }: Route.ComponentProps) {
  const t = useT()
  const signedIn = useSignedIn(false)
  const donation = useQuery({
    queryKey: ['donation', params.id],
    queryFn: () => fetchDonation(params.id),
    enabled: signedIn,
    // Until the payment is confirmed (a webhook may still be on its way), look again every few seconds.
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'paid' ? 3000 : false),
  })
  const [busy, setBusy] = useState(false)
  const d = donation.data
  const cause = (x: Donation) =>
    x.cause === 'temple' ? (x.templeName ?? '') : t(causeNames[x.cause as FoundationCause])

  return (
    <>
      <PageBanner title={t(g.thanksTitle)} />
      <div className="mx-auto grid max-w-2xl gap-4 px-4 py-8">
        {!signedIn ? (
          <Link
            to={signInHref(`/donate/thanks/${params.id}`)}
            className="font-semibold text-brand-700 underline"
          >
            {t(g.signIn)}
          </Link>
        ) : null}
        {donation.isError ? (
          <p role="alert">
            {donation.error instanceof ApiError && donation.error.status === 404
              ? t(g.notFound)
              : donation.error.message}
          </p>
        ) : null}
        {d && d.status === 'paid' && !d.receiptNumber ? (
          // The foundation's details are not complete yet (decision 123): the receipt follows by e-mail.
          <p className="text-lg" data-testid="donation-thanks">
            {t(g.thanksPaidReceiptLater, { amount: formatRupees(d.amount), cause: cause(d) })}
          </p>
        ) : d && d.status === 'paid' ? (
          <>
            <p className="text-lg" data-testid="donation-thanks">
              {t(g.thanksPaid, {
                amount: formatRupees(d.amount),
                cause: cause(d),
                number: d.receiptNumber ?? '',
              })}
            </p>
            <button
              type="button"
              disabled={busy}
              onClick={async () => {
                setBusy(true)
                try {
                  await downloadReceipt(d)
                } catch (err) {
                  toast.error(err instanceof ApiError ? err.message : t(g.downloadFailed))
                } finally {
                  setBusy(false)
                }
              }}
              className="justify-self-start rounded bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {t(g.downloadReceipt)}
            </button>
          </>
        ) : d ? (
          <p role="status">{t(g.thanksWaiting)}</p>
        ) : null}
        <Link to="/donate" className="font-semibold text-brand-700 underline">
          {t(g.donateAgain)}
        </Link>
      </div>
    </>
  )
}
