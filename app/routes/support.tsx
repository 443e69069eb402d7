import { ChatIcon, MailIcon, PhoneIcon, SearchIcon } from '../components/icons.tsx'
import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { FaqAccordion } from '../features/content/faq-accordion.tsx'
import { contentText } from '../features/content/messages.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import { site, whatsappLink } from '../lib/site.ts'
import type { Route } from './+types/support'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('Support'),
    description: t(
      'Help with orders, delivery, returns and payments. Call {tollFree} (toll-free) from {hours}, chat on WhatsApp or e-mail {email}.',
      { tollFree: site.tollFree, hours: t(contentText.supportHours), email: site.email },
    ),
    path: '/Support',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const faqs = await safeLoad(services.log, 'faqs', () => services.content.faqs(i18n.language), [])
  return { publicUrl, faqs }
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <>
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center">
          <h1 className="font-serif text-3xl font-bold sm:text-4xl">{t('How can we help you?')}</h1>
          <p className="mt-2 text-brand-100">
            {t('Welcome to the help centre. Search our answers or reach us directly.')}
          </p>
          <form role="search" className="mx-auto mt-6 flex max-w-xl" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="help-keyword" className="sr-only">
              {t('Keyword')}
            </label>
            <input
              id="help-keyword"
              type="search"
              placeholder={t('Enter a keyword, e.g. returns')}
              className="min-w-0 flex-1 rounded-l bg-white px-4 py-3 text-ink"
            />
            <button
              type="submit"
              aria-label={t('Search help')}
              className="rounded-r bg-saffron px-4 text-ink"
            >
              <SearchIcon />
            </button>
          </form>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="mb-4 font-serif text-2xl font-bold text-brand-800">
            {t('Frequently asked questions')}
          </h2>
          {loaderData.faqs.length > 0 ? (
            <FaqAccordion faqs={loaderData.faqs} />
          ) : (
            <p>{t('Our answers are being updated. Please call or write to us.')}</p>
          )}
        </section>
        <aside aria-labelledby="contact-support" className="flex flex-col gap-4">
          <h2 id="contact-support" className="font-serif text-2xl font-bold text-brand-800">
            {t('Talk to us')}
          </h2>
          <div className="rounded-xl bg-white p-5 ring-1 ring-brand-100">
            <p className="font-semibold">{t('Support hours')}</p>
            <p data-testid="support-hours">
              {t('{hours}, Monday to Saturday', { hours: t(contentText.supportHours) })}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a
                href={site.tollFreeHref}
                className="flex items-center gap-2 rounded bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
              >
                <PhoneIcon width={18} height={18} /> {t('Call us')}
              </a>
              <a
                href={whatsappLink(t(contentText.whatsappMessage))}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-2 rounded bg-leaf px-4 py-2.5 font-semibold text-white hover:opacity-90"
                data-testid="whatsapp-chat"
                aria-label={t('Chat with us on WhatsApp (opens in a new tab)')}
              >
                <ChatIcon width={18} height={18} /> {t('Chat with us')}
              </a>
            </div>
          </div>
          <div className="rounded-xl bg-white p-5 ring-1 ring-brand-100">
            <p className="font-semibold">{t('Toll-free number')}</p>
            <a href={site.tollFreeHref} className="text-lg text-brand-700 underline">
              {site.tollFree}
            </a>
            <p className="mt-3 font-semibold">{t('Support e-mail')}</p>
            <a href={`mailto:${site.email}`} className="flex items-center gap-2 text-brand-700 underline">
              <MailIcon width={18} height={18} /> {site.email}
            </a>
          </div>
        </aside>
      </div>
    </>
  )
}
