import { stateInputSchema } from '../../../contracts/admin.ts'
import type { StateRow } from '../../../contracts/admin-content.ts'
import { nth } from '../../features/admin/format.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'

const config: ResourceConfig<StateRow> = {
  title: 'States',
  intro: shownIn.state.form,
  path: 'states',
  noun: 'state',
  schema: stateInputSchema,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', help: shownIn.state.name },
    { name: 'nameHi', label: 'Hindi name (optional)', kind: 'text', help: shownIn.hindi.name },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
    {
      name: 'image',
      label: 'Picture',
      kind: 'picture',
      folder: 'states',
      wide: true,
      help: shownIn.state.image,
    },
  ],
  blank: { name: '', nameHi: '', image: '', position: '0' },
  toForm: (r) => ({
    name: r.name,
    nameHi: r.translations.hi?.name ?? '',
    image: r.image ?? '',
    position: String(r.position),
  }),
  summary: (r) => ({
    title: r.name,
    picture: r.image,
    lines: r.image ? [] : ['No picture: its tile in the shop is plain, with the state’s name'],
  }),
  ordered: {
    place: (i) =>
      i < 3
        ? `${nth(i + 1)} on the home page and the State Wise page`
        : `${nth(i + 1)} (not on the home page)`,
  },
}

export const meta = () => [{ title: 'States | Shop console' }]
export default function StatesScreen() {
  return <ResourceScreen config={config} />
}
