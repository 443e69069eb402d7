import { searchSynonymInputSchema } from '../../../contracts/admin.ts'
import type { SearchSynonymRow } from '../../../contracts/admin-content.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'

const config: ResourceConfig<SearchSynonymRow> = {
  title: 'Search synonyms',
  intro:
    'Words shoppers type that the catalogue does not use, such as Hindi (साड़ी) or spellings in Latin letters (saadi), and the catalogue words they should also find (saree). A change works with the next search.',
  path: 'search-synonyms',
  noun: 'synonym',
  schema: searchSynonymInputSchema,
  fields: [
    { name: 'term', label: 'Word shoppers type', kind: 'text' },
    {
      name: 'expansions',
      label: 'Also finds (catalogue words)',
      kind: 'text',
      help: 'One or more words as they appear in product names, separated by commas, e.g. saree, sari.',
      wide: true,
    },
  ],
  blank: { term: '', expansions: '' },
  toForm: (r) => ({ term: r.term, expansions: r.expansions.join(', ') }),
  summary: (r) => ({ title: r.term, lines: [`Also finds: ${r.expansions.join(', ')}`] }),
}

export const meta = () => [{ title: 'Search synonyms | Shop console' }]
export default function SearchSynonymsScreen() {
  return <ResourceScreen config={config} />
}
