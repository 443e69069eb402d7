import { toCard } from '../../contracts/product-card.ts'
import { placeLine } from '../../contracts/provenance-place.ts'
import { NotFoundView } from '../components/not-found-view.tsx'
import { notFoundMeta, notFoundPage } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { provenanceTexts } from '../features/provenance/messages.ts'
import { ProfileView } from '../features/provenance/profile-view.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/cluster'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData || 'notFound' in loaderData) return notFoundMeta
  const { t, language } = metaI18n(matches)
  const provenanceText = provenanceTexts(t)
  const { cluster } = loaderData
  return seo({
    title: `${cluster.name}, ${cluster.craft}`,
    description: provenanceText.clusterDescription(cluster.name, cluster.craft, placeLine(cluster)),
    path: `/cluster/${cluster.slug}`,
    publicUrl: loaderData.publicUrl,
    image: cluster.photos[0],
    type: 'article',
    language,
  })
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  try {
    const { cluster, artisans, products } = await services.provenance.cluster(params.slug)
    const [cards, stateLabel] = await Promise.all([
      services.catalogue.inLanguage(products, i18n.language),
      services.catalogue.nameIn('state', cluster.state ?? '', i18n.language),
    ])
    return { publicUrl, cluster: { ...cluster, stateLabel }, artisans, products: cards.map(toCard) }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return notFoundPage(publicUrl)
    throw err
  }
}

export default function ClusterPage({ loaderData }: Route.ComponentProps) {
  const provenanceText = provenanceTexts(useT())
  if ('notFound' in loaderData) return <NotFoundView />
  const { cluster, artisans, products } = loaderData
  return (
    <ProfileView
      profile={{ kind: 'cluster', ...cluster }}
      products={products}
      artisans={artisans}
      productsHeading={provenanceText.productsOfCluster(cluster.name)}
    />
  )
}
