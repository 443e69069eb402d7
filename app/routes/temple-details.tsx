import { NotFoundView } from '../components/not-found-view.tsx'
import { notFoundMeta, notFoundPage } from '../features/catalogue/load.ts'
import { metaDescription, seo } from '../features/catalogue/seo.ts'
import { TempleAbout, TempleHero, TempleServices } from '../features/content/temple-view.tsx'
import { DonateToTemple } from '../features/giving/donate-to-temple.tsx'
import { TempleSevas } from '../features/sevas/seva-list.tsx'
import { metaI18n } from '../i18n/meta.ts'
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

/** The spec's temple detail page: hero, About Temple and the four services (decision 099: each its own link). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const slug = new URL(request.url).searchParams.get('temple')
  const { temple } = await services.content.temple(slug, i18n.language)
  if (!temple) return notFoundPage(publicUrl)
  // The temple's sevas to book (decision 102).
  const sevas = await services.sevas.ofTemple(temple.slug, i18n.language)
  return { publicUrl, temple, sevas }
}

export default function TempleDetails({ loaderData }: Route.ComponentProps) {
  if ('notFound' in loaderData) return <NotFoundView />
  const { temple, sevas } = loaderData
  return (
    <>
      <TempleHero temple={temple} />
      <TempleAbout temple={temple}>
        <DonateToTemple temple={temple} />
      </TempleAbout>
      <TempleServices temple={temple} />
      <TempleSevas sevas={sevas} />
    </>
  )
}
