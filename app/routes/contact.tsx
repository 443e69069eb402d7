import { MailIcon, PhoneIcon, SocialIcon } from '../components/icons.tsx'
import { seo } from '../features/catalogue/seo.ts'
import { PageBanner } from '../features/content/page-banner.tsx'
import { ContactForm } from '../features/messages/contact-form.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import { site } from '../lib/site.ts'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('Contact Us'),
    description: t('Write to the Kalaa Setu Foundation at {email}, call {phone}, or visit us in Lucknow.', {
      email: site.email,
      phone: site.phone,
    }),
    path: '/ContactUs',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: appLoadContext(context).publicUrl }
}

export default function Contact() {
  const t = useT()
  return (
    <>
      <PageBanner
        title={t('Contact Us')}
        text={t('Questions about an order, a craft or the foundation? We are happy to help.')}
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="contact-info" className="rounded-xl bg-brand-800 p-6 text-white">
          <h2 id="contact-info" className="font-serif text-2xl font-bold">
            {t('Contact information')}
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            <li>
              <a href={`mailto:${site.email}`} className="flex items-center gap-3 hover:underline">
                <MailIcon /> {site.email}
              </a>
            </li>
            <li>
              <a href={site.phoneHref} className="flex items-center gap-3 hover:underline">
                <PhoneIcon /> {site.phone}
              </a>
            </li>
            <li>
              <address className="not-italic leading-relaxed">{site.address}</address>
            </li>
          </ul>
          <ul className="mt-6 flex gap-3" aria-label={t('The foundation on social networks')}>
            {site.social.slice(0, 3).map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('{name} (opens in a new tab)', { name: s.name })}
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-white/15 hover:bg-white/30"
                >
                  <SocialIcon name={s.name} width={18} height={18} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="send-message" className="rounded-xl bg-white p-6 ring-1 ring-brand-100">
          <h2 id="send-message" className="mb-4 font-serif text-2xl font-bold text-brand-800">
            {t('Send us a message')}
          </h2>
          <ContactForm />
        </section>
      </div>
    </>
  )
}
