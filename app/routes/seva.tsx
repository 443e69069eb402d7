import { Link } from 'react-router'
import { NotFoundView } from '../components/not-found-view.tsx'
import { notFoundMeta, notFoundPage } from '../features/catalogue/load.ts'
import { metaDescription, seo } from '../features/catalogue/seo.ts'
import { BookingForm } from '../features/sevas/booking-form.tsx'
import { useOfferedDays } from '../features/sevas/seva-list.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import { formatRupees } from '../lib/format.ts'
import type { Route } from './+types/seva'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData || 'notFound' in loaderData) return notFoundMeta
  const { t, language } = metaI18n(matches)
  const { seva } = loaderData
  return seo({
    title: t('{seva} at {temple}', { seva: seva.name, temple: seva.templeName }),
    description: metaDescription(seva.description || seva.name),
    path: `/seva/${seva._id}`,
    publicUrl: loaderData.publicUrl,
    language,
  })
}

/** A seva's booking page (decision 102): what it is, the days with places left, and the booking form. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n, viewer } = appLoadContext(context)
  try {
    const seva = await services.sevas.withDays(params.id, i18n.language)
    return { publicUrl, seva, signedIn: Boolean(viewer) }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return notFoundPage(publicUrl)
    throw err
  }
}

// Places left change with every booking: the page is never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export default function SevaPage({ loaderData }: Route.ComponentProps) {
  const offered = useOfferedDays()
  if ('notFound' in loaderData) return <NotFoundView />
  const { seva, signedIn } = loaderData
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <section aria-labelledby="seva-name" className="min-w-0">
        <Link
          to={`/templedetails?temple=${encodeURIComponent(seva.templeSlug)}`}
          className="text-sm font-semibold text-brand-700 underline"
        >
          {seva.templeName}
        </Link>
        <h1 id="seva-name" className="mt-1 font-serif text-3xl font-bold text-brand-800">
          {seva.name}
        </h1>
        <p className="mt-2 text-2xl font-bold text-ink">{formatRupees(seva.price / 100)}</p>
        <p className="mt-1 text-ink/80">{offered(seva.weekdays)}</p>
        {seva.description ? <p className="mt-4 whitespace-pre-line text-ink">{seva.description}</p> : null}
      </section>
      <section className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-200 sm:p-6">
        <BookingForm seva={seva} signedInGuess={signedIn} />
      </section>
    </div>
  )
}
