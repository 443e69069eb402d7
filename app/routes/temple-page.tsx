import { Link } from 'react-router'
import { toCard } from '../../contracts/product-card.ts'
import { templePath } from '../../contracts/temples.ts'
import { NotFoundView } from '../components/not-found-view.tsx'
import { notFoundMeta, notFoundPage } from '../features/catalogue/load.ts'
import { metaDescription, seo } from '../features/catalogue/seo.ts'
import {
  TempleAbout,
  TempleGallery,
  TempleHero,
  TemplePrasad,
  TempleServices,
} from '../features/content/temple-view.tsx'
import { DonateToTemple } from '../features/giving/donate-to-temple.tsx'
import { TempleSevas } from '../features/sevas/seva-list.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/temple-page'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData || 'notFound' in loaderData) return notFoundMeta
  const { t, language } = metaI18n(matches)
  const { name, about, slug, image } = loaderData.temple
  return seo({
    title: t('{name} Temple', { name }),
    description: metaDescription(about || t('Visit {name} online.', { name })),
    path: templePath(slug),
    publicUrl: loaderData.publicUrl,
    image,
    type: 'article',
    language,
  })
}

/** A temple's own page (decision 099): its text, pictures, services and prasad packages. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  try {
    const { temple, prasad } = await services.content.templePage(params.slug, i18n.language)
    // The temple's sevas to book (decision 102).
    const sevas = await services.sevas.ofTemple(temple.slug, i18n.language)
    return { publicUrl, temple, prasad: prasad.map(toCard), sevas }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return notFoundPage(publicUrl)
    throw err
  }
}

export default function TemplePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  if ('notFound' in loaderData) return <NotFoundView />
  const { temple, prasad, sevas } = loaderData
  return (
    <>
      <nav aria-label={t('Breadcrumb')} className="mx-auto max-w-7xl px-4 pt-4 text-sm text-ink/80">
        <Link to="/" className="hover:underline">
          {t('Home')}
        </Link>
        {' / '}
        <Link to="/temple" className="hover:underline">
          {t('Temples')}
        </Link>
      </nav>
      <TempleHero temple={temple} />
      <TempleAbout temple={temple}>
        <DonateToTemple temple={temple} />
      </TempleAbout>
      <TempleGallery temple={temple} />
      <TempleServices
        temple={temple}
        onPage={prasad.length > 0 ? { orderParshad: '#temple-prasad' } : undefined}
      />
      <TempleSevas sevas={sevas} />
      <TemplePrasad temple={temple} products={prasad} />
    </>
  )
}
