import { Link } from 'react-router'
import { responsiveImage } from '../../contracts/images.ts'
import { templePath } from '../../contracts/temples.ts'
import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { contentText, templeOrder } from '../features/content/messages.ts'
import { PageBanner } from '../features/content/page-banner.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/temple'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('Temples'),
    description: t(
      'Visit six great temples of India online: Kashi Vishwanath, Omkareshwar, Mahakaleshwar, Somnath, Kedarnath and Baidyanath. Virtual tours, live aarti and parshad.',
    ),
    path: '/temple',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const [english, shown] = await safeLoad(
    services.log,
    'temples',
    () => Promise.all([services.content.temples(), services.content.temples(i18n.language)]),
    [[], []],
  )
  // The spec's order first, whatever order the temples were saved in (known by their English names).
  const rank = (name: string) => {
    const i = templeOrder.findIndex((known) => name.toLowerCase().includes(known.toLowerCase()))
    return i === -1 ? templeOrder.length : i
  }
  const order = new Map(english.map((t) => [t._id, rank(t.name)]))
  const at = (id: string) => order.get(id) ?? templeOrder.length
  return { publicUrl, temples: [...shown].sort((a, b) => at(a._id) - at(b._id)) }
}

export default function Temples({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <>
      <PageBanner
        title={t('Temple darshan from wherever you are')}
        text={t("Virtual tours, live aarti, parshad and trusted guides at six of India's great temples.")}
        image="/media/temple-banner.webp"
      />
      <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby="select-temple">
        <h2 id="select-temple" className="text-center font-serif text-3xl font-bold text-brand-800">
          {t(contentText.selectTemple)}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="temple-cards">
          {loaderData.temples.map((temple, i) => (
            <li
              key={temple._id}
              className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100"
            >
              {temple.image ? (
                <img
                  {...responsiveImage(temple.image, 400)}
                  sizes="(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px"
                  alt=""
                  width={400}
                  height={300}
                  loading={i < 2 ? 'eager' : 'lazy'}
                  className="aspect-[4/3] w-full object-cover"
                />
              ) : (
                <div className="aspect-[4/3] bg-gradient-to-br from-saffron to-brand-700" />
              )}
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3 className="font-serif text-xl font-bold text-brand-800">
                  <Link to={templePath(temple.slug)} className="hover:underline">
                    {temple.name}
                  </Link>
                </h3>
                {temple.location ? <p className="text-sm text-ink/80">{temple.location}</p> : null}
                <div className="mt-auto flex flex-wrap gap-3 pt-3">
                  <Link
                    to={`/templedetails?temple=${encodeURIComponent(temple.slug)}`}
                    className="rounded bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    {t(contentText.visitNow)}
                    <span className="sr-only">: {temple.name}</span>
                  </Link>
                  <button
                    type="button"
                    className="rounded border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700"
                  >
                    {t(contentText.readMore)}
                  </button>
                  {/* The temple's own page (decision 099): its pictures, services and prasad. */}
                  <Link
                    to={templePath(temple.slug)}
                    className="rounded px-1 py-2 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
                  >
                    {t(contentText.templePage)}
                    <span className="sr-only">: {temple.name}</span>
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
