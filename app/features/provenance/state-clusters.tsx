import type { ClusterCard } from '../../../contracts/provenance.ts'
import { useT } from '../../i18n/i18n.tsx'
import { provenanceTexts } from './messages.ts'
import { PersonCard } from './profile-view.tsx'

/** On a state's page: a row of its craft clusters, each linking to its page (nothing when it has none). */
export function StateClusters({ state, clusters }: { state: string; clusters: ClusterCard[] }) {
  const provenanceText = provenanceTexts(useT())
  if (clusters.length === 0) return null
  return (
    <section
      className="mx-auto max-w-7xl px-4 pt-6"
      aria-labelledby="state-clusters"
      data-testid="state-clusters"
    >
      <h2 id="state-clusters" className="font-serif text-2xl font-bold text-brand-800">
        {provenanceText.clustersIn(state)}
      </h2>
      <p className="mb-3 text-sm text-ink/80">{provenanceText.clustersIntro}</p>
      <ul className="flex snap-x gap-3 overflow-x-auto pb-2">
        {clusters.map((c) => (
          <li key={c.slug} className="w-56 shrink-0 snap-start">
            <PersonCard card={c} href={`/cluster/${c.slug}`} />
          </li>
        ))}
      </ul>
    </section>
  )
}
