import { Link } from 'react-router'
import type { StateRow } from '../../../contracts/admin-content.ts'
import { type ClusterRow, clusterInputSchema } from '../../../contracts/admin-provenance.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { blankProfile, profileFields, profileForm } from '../../features/admin/provenance-fields.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { Loading, LoadProblem } from '../../features/admin/ui.tsx'

export const meta = () => [{ title: 'Craft clusters | Shop console' }]

export default function ClustersScreen() {
  const states = useAdmin<StateRow[]>('/states')
  if (states.isPending) return <Loading />
  if (states.isError) return <LoadProblem error={states.error} retry={() => states.refetch()} />
  const config: ResourceConfig<ClusterRow> = {
    title: 'Craft clusters',
    intro:
      'Villages and towns where a craft is made by many families. Each has a page in the shop, and its state’s page lists it under “Craft clusters in …”.',
    path: 'clusters',
    noun: 'cluster',
    schema: clusterInputSchema,
    fields: profileFields('cluster', states.data ?? []),
    blank: blankProfile,
    toForm: profileForm,
    summary: (r) => ({
      title: r.name,
      picture: r.photos[0] ?? null,
      lines: [
        [r.craft, r.village, r.stateName].filter(Boolean).join(' · '),
        r.artisanCount === 1 ? '1 artisan' : `${r.artisanCount} artisans`,
        <Link key="page" to={`/cluster/${r.slug}`} className="text-brand-700 underline">
          Its page in the shop
        </Link>,
      ],
    }),
  }
  return <ResourceScreen config={config} />
}
