import { sliderInputSchema } from '../../../contracts/admin.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { Badge } from '../../features/admin/ui.tsx'

const config: ResourceConfig = {
  title: 'Sliders',
  intro: 'The large pictures that turn at the top of the home page. Wide pictures (about 3:1) look best.',
  path: 'sliders',
  noun: 'slide',
  schema: sliderInputSchema,
  fields: [
    { name: 'image', label: 'Picture', kind: 'picture', folder: 'sliders', wide: true },
    { name: 'title', label: 'Title (optional, read aloud to blind visitors)', kind: 'text' },
    { name: 'link', label: 'Opens when tapped (optional, e.g. /products)', kind: 'text' },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'active', label: 'Active (shown)' },
        { value: 'inactive', label: 'Inactive (hidden)' },
      ],
    },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
  ],
  blank: { image: '', title: '', link: '', status: 'active', position: '0' },
  toForm: (r) => ({
    image: String(r.image ?? ''),
    title: String(r.title ?? ''),
    link: String(r.link ?? ''),
    status: String(r.status),
    position: String(r.position ?? 0),
  }),
  summary: (r) => ({
    title: String(r.title || 'Untitled slide'),
    picture: r.image as string,
    lines: [
      <Badge key="s" tone={r.status === 'active' ? 'green' : 'grey'}>
        {r.status === 'active' ? 'Active' : 'Inactive'}
      </Badge>,
      r.link ? `Link: ${r.link}` : '',
    ],
  }),
}

export const meta = () => [{ title: 'Sliders | Shop console' }]
export default function SlidersScreen() {
  return <ResourceScreen config={config} />
}
