import { msg } from '../../contracts/languages.ts'
import { seo } from '../features/catalogue/seo.ts'
import { foundation } from '../features/content/foundation.ts'
import { PageBanner } from '../features/content/page-banner.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { Rich } from '../i18n/rich.tsx'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('About Us'),
    description: t(
      "Kalaa Setu Foundation was founded in {year}. Its {programme} programme aims to cut road accidents by 50% by 2030; its shop supports India's artisans.",
      { year: foundation.founded, programme: foundation.programme },
    ),
    path: '/AboutUs',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: appLoadContext(context).publicUrl }
}

export default function About() {
  const t = useT()
  return (
    <>
      <PageBanner
        title={t('About the foundation')}
        text={t('Safer roads and living crafts: the two causes the Kalaa Setu Foundation works for.')}
      />
      <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="who-we-are">
        <h2 id="who-we-are" className="font-serif text-2xl font-bold text-brand-800">
          {t('Who we are')}
        </h2>
        <p className="mt-3 leading-relaxed">
          <Rich
            message={msg(
              'The Kalaa Setu Foundation is a non-profit founded in {year}. Its road-safety awareness programme, {programme}, trains corporate professionals, students and drivers, with one goal: to cut road accidents by 50% by 2030. Alongside it, the foundation runs cultural-awareness work for young people, bringing them close to the crafts, music and temples of India.',
            )}
            parts={{
              year: <strong>{foundation.founded}</strong>,
              programme: <strong>{foundation.programme}</strong>,
            }}
          />
        </p>
        <p className="mt-3 leading-relaxed">
          {t(
            "This shop is part of that work. It sells handicraft, handloom, art and regional products bought directly from artisan families at fair prices, and its income supports the foundation's programmes.",
          )}
        </p>
      </section>

      <section className="bg-white py-10" aria-labelledby="chairperson">
        <div className="mx-auto grid max-w-4xl items-center gap-6 px-4 sm:grid-cols-[200px_1fr]">
          <img
            src="/media/chairperson.webp"
            alt={t('Portrait of {name}', { name: foundation.chairperson.name })}
            width={200}
            height={200}
            loading="lazy"
            className="mx-auto rounded-full ring-4 ring-brand-100"
          />
          <div>
            <h2 id="chairperson" className="font-serif text-2xl font-bold text-brand-800">
              {t('Our chairperson')}
            </h2>
            <p className="mt-1 text-lg font-semibold">{foundation.chairperson.name}</p>
            <p className="text-sm text-ink/70">{t(foundation.chairperson.role)}</p>
            <p className="mt-3 leading-relaxed">{t(foundation.chairperson.bio)}</p>
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-2">
        <section
          aria-labelledby="indian-culture"
          className="overflow-hidden rounded-xl bg-white ring-1 ring-brand-100"
        >
          <img
            src="/media/indian-culture.webp"
            alt=""
            width={800}
            height={600}
            loading="lazy"
            className="aspect-[4/3] w-full object-cover"
          />
          <div className="p-5">
            <h2 id="indian-culture" className="font-serif text-2xl font-bold text-brand-800">
              {t('Indian Culture')}
            </h2>
            <p className="mt-2 leading-relaxed">
              {t(
                "From Madhubani walls to Banarasi looms, India's crafts carry stories passed down for generations. Our workshops take young people to the artisans, so that the skills are valued and the stories go on.",
              )}
            </p>
          </div>
        </section>
        <section
          aria-labelledby="our-vision"
          className="overflow-hidden rounded-xl bg-white ring-1 ring-brand-100"
        >
          <img
            src="/media/our-vision.webp"
            alt=""
            width={800}
            height={600}
            loading="lazy"
            className="aspect-[4/3] w-full object-cover"
          />
          <div className="p-5">
            <h2 id="our-vision" className="font-serif text-2xl font-bold text-brand-800">
              {t('Our Vision')}
            </h2>
            <p className="mt-2 leading-relaxed">
              {t(
                'An India where every journey ends safely home and every craft finds a buyer who knows its worth: road accidents cut by half by 2030, and artisans who earn a fair living from their art.',
              )}
            </p>
          </div>
        </section>
      </div>

      <section className="mx-auto max-w-7xl px-4 pb-12" aria-labelledby="partners">
        <h2 id="partners" className="text-center font-serif text-2xl font-bold text-brand-800">
          {t('What our partner universities say')}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3" data-testid="university-testimonials">
          {foundation.universities.map((u) => (
            <li key={u.name}>
              <figure className="flex h-full flex-col gap-3 rounded-xl bg-white p-6 ring-1 ring-brand-100">
                <img src={u.logo} alt="" width={64} height={64} loading="lazy" className="h-16 w-16" />
                <blockquote className="flex-1 leading-relaxed">“{t(u.quote)}”</blockquote>
                <figcaption>
                  <span className="block font-semibold text-brand-800">{t(u.name)}</span>
                  <span className="text-sm text-ink/80">{t(u.person)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
