import { Link } from 'react-router'
import { responsiveImage } from '../../contracts/images.ts'
import { NotFoundView } from '../components/not-found-view.tsx'
import { notFoundMeta, notFoundPage } from '../features/catalogue/load.ts'
import { metaDescription, seo } from '../features/catalogue/seo.ts'
import { contentText, templeServices, templeServicesSoon } from '../features/content/messages.ts'
import { givingTexts } from '../features/giving/messages.ts'
import { SevaList } from '../features/sevas/seva-list.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/registry.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/temple-details'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData || 'notFound' in loaderData) return notFoundMeta
  const { t, language } = metaI18n(matches)
  const { name, about, slug, image } = loaderData.temple
  return seo({
    title: t('{name} Temple', { name }),
    description: metaDescription(about || t('Visit {name} online.', { name })),
    path: `/templedetails?temple=${encodeURIComponent(slug)}`,
    publicUrl: loaderData.publicUrl,
    image,
    language,
  })
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const slug = new URL(request.url).searchParams.get('temple')
  const { temple } = await services.content.temple(slug)
  if (!temple) return notFoundPage(publicUrl)
  // The temple's sevas to book (decision 102).
  const sevas = await services.sevas.ofTemple(temple.slug, i18n.language)
  return { publicUrl, temple, sevas }
}

export default function TempleDetails({ loaderData }: Route.ComponentProps) {
  const t = useT()
  if ('notFound' in loaderData) return <NotFoundView />
  const { temple, sevas } = loaderData
  return (
    <>
      <section className="relative isolate overflow-hidden bg-brand-900 text-white">
        <img
          src={temple.image ? responsiveImage(temple.image).src : '/media/temple-banner.webp'}
          srcSet={temple.image ? responsiveImage(temple.image).srcSet : undefined}
          sizes="100vw"
          alt=""
          width={1600}
          height={600}
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-50"
        />
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="font-semibold tracking-wide text-saffron uppercase">{t('Temple')}</p>
          <h1 className="font-serif text-4xl font-bold sm:text-5xl">{temple.name}</h1>
          {temple.location ? <p className="mt-2 text-brand-50">{temple.location}</p> : null}
        </div>
      </section>
      <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="about-temple">
        <h2 id="about-temple" className="font-serif text-2xl font-bold text-brand-800">
          {t(contentText.aboutTemple)}
        </h2>
        <div className="prose-shop mt-2" dangerouslySetInnerHTML={{ __html: temple.about }} />
        <Link
          to={`/donate?for=${encodeURIComponent(temple.slug)}`}
          className="mt-4 inline-block rounded bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {t(givingTexts.forTemple)}
        </Link>
      </section>
      <section className="mx-auto max-w-4xl px-4 pb-12" aria-labelledby="temple-services">
        <h2 id="temple-services" className="font-serif text-2xl font-bold text-brand-800">
          {t(contentText.services)}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="temple-services">
          {templeServices.map((service) => (
            <li key={service}>
              {temple.servicesLink ? (
                <a
                  href={temple.servicesLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-full min-h-20 items-center justify-center rounded-xl bg-white p-4 text-center font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200 hover:bg-brand-100"
                >
                  {t(service)}
                  <span className="sr-only"> {t('(opens in a new tab)')}</span>
                </a>
              ) : (
                // No link yet: the service is named but plainly not offered, rather than leading nowhere.
                <span
                  aria-disabled="true"
                  className="flex h-full min-h-20 flex-col items-center justify-center rounded-xl bg-brand-50 p-4 text-center font-semibold text-ink/70 ring-1 ring-brand-100"
                >
                  {t(service)}
                  <span className="text-xs font-normal">{t(templeServicesSoon)}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
      {sevas.length > 0 ? (
        <div className="mx-auto max-w-4xl px-4 pb-12">
          <SevaList sevas={sevas} />
        </div>
      ) : null}
    </>
  )
}
