import { toCard } from '../../contracts/product-card.ts'
import { placeLine } from '../../contracts/provenance-place.ts'
import { NotFoundView } from '../components/not-found-view.tsx'
import { notFoundMeta, notFoundPage } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { provenanceText } from '../features/provenance/messages.ts'
import { ProfileView } from '../features/provenance/profile-view.tsx'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/cluster'

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData || 'notFound' in loaderData) return notFoundMeta
  const { cluster } = loaderData
  return seo({
    title: `${cluster.name}, ${cluster.craft}`,
    description: provenanceText.clusterDescription(cluster.name, cluster.craft, placeLine(cluster)),
    path: `/cluster/${cluster.slug}`,
    publicUrl: loaderData.publicUrl,
    image: cluster.photos[0],
    type: 'article',
  })
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = appLoadContext(context)
  try {
    const { cluster, artisans, products } = await services.provenance.cluster(params.slug)
    return { publicUrl, cluster, artisans, products: products.map(toCard) }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return notFoundPage(publicUrl)
    throw err
  }
}

export default function ClusterPage({ loaderData }: Route.ComponentProps) {
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
