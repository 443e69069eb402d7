import { Link } from 'react-router'
import type { StateRow } from '../../../contracts/admin-content.ts'
import { type ArtisanRow, artisanInputSchema, type ClusterRow } from '../../../contracts/admin-provenance.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { blankProfile, profileFields, profileForm } from '../../features/admin/provenance-fields.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { Loading, LoadProblem } from '../../features/admin/ui.tsx'

export const meta = () => [{ title: 'Artisans | Shop console' }]

export default function ArtisansScreen() {
  const states = useAdmin<StateRow[]>('/states')
  const clusters = useAdmin<ClusterRow[]>('/clusters')
  if (states.isPending || clusters.isPending) return <Loading />
  if (states.isError) return <LoadProblem error={states.error} retry={() => states.refetch()} />
  if (clusters.isError) return <LoadProblem error={clusters.error} retry={() => clusters.refetch()} />
  const fields = profileFields('artisan', states.data ?? [])
  // The cluster comes after the state: most artisans belong to a cluster in their own state.
  fields.splice(5, 0, {
    name: 'clusterId',
    label: 'Craft cluster (optional)',
    kind: 'select',
    help: 'Their page links to the cluster’s page, and the cluster’s page lists them.',
    options: [
      { value: '', label: 'None' },
      ...(clusters.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    ],
  })
  const config: ResourceConfig<ArtisanRow> = {
    title: 'Artisans',
    intro:
      'The people who make the products: each has a page in the shop with their story, photos and products. Name them as makers on each product’s page in the console.',
    path: 'artisans',
    noun: 'artisan',
    schema: artisanInputSchema,
    fields,
    blank: { ...blankProfile, clusterId: '' },
    toForm: (r) => ({ ...profileForm(r), clusterId: r.clusterId ?? '' }),
    summary: (r) => ({
      title: r.name,
      picture: r.photos[0] ?? null,
      lines: [
        [r.craft, r.village, r.stateName].filter(Boolean).join(' · '),
        r.clusterName ? `Cluster: ${r.clusterName}` : 'No cluster',
        `Maker of ${r.productCount === 1 ? '1 product' : `${r.productCount} products`}`,
        <Link key="page" to={`/artisan/${r.slug}`} className="text-brand-700 underline">
          Their page in the shop
        </Link>,
      ],
    }),
  }
  return <ResourceScreen config={config} />
}
