import { stateInputSchema } from '../../../contracts/admin.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'

const config: ResourceConfig = {
  title: 'States',
  intro: 'Indian states for the “shop by state” pages. Products name the state they come from.',
  path: 'states',
  noun: 'state',
  schema: stateInputSchema,
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
    { name: 'image', label: 'Picture', kind: 'picture', folder: 'states', wide: true },
  ],
  blank: { name: '', image: '', position: '0' },
  toForm: (r) => ({ name: String(r.name), image: String(r.image ?? ''), position: String(r.position ?? 0) }),
  summary: (r) => ({ title: String(r.name), picture: r.image as string | null }),
}

export const meta = () => [{ title: 'States | Shop console' }]
export default function StatesScreen() {
  return <ResourceScreen config={config} />
}
