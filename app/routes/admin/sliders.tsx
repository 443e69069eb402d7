import { sliderInputSchema } from '../../../contracts/admin.ts'
import type { SliderRow } from '../../../contracts/admin-content.ts'
import { nth } from '../../features/admin/format.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'
import { Badge } from '../../features/admin/ui.tsx'

/** Hidden slides are skipped on the home page, so a slide's turn counts only the shown ones before it. */
function slidePlace(index: number, row: SliderRow, rows: SliderRow[]): string {
  if (row.status !== 'active') return `No. ${index + 1} · hidden (inactive)`
  const turn = rows.slice(0, index + 1).filter((r) => r.status === 'active').length
  return `No. ${index + 1} · turns ${nth(turn)} on the home page`
}

const config: ResourceConfig<SliderRow> = {
  title: 'Sliders',
  intro: shownIn.slide.form,
  path: 'sliders',
  noun: 'slide',
  schema: sliderInputSchema,
  fields: [
    { name: 'image', label: 'Picture', kind: 'picture', folder: 'sliders', wide: true },
    { name: 'title', label: 'Title (optional)', kind: 'text', help: shownIn.slide.title },
    {
      name: 'link',
      label: 'Opens when tapped (optional, e.g. /product/Handicraft)',
      kind: 'text',
      help: shownIn.slide.link,
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'active', label: 'Active (shown)' },
        { value: 'inactive', label: 'Inactive (hidden)' },
      ],
      help: shownIn.slide.status,
    },
    {
      name: 'position',
      label: 'Position (smaller comes first)',
      kind: 'number',
      help: shownIn.slide.position,
    },
  ],
  blank: { image: '', title: '', link: '', status: 'active', position: '0' },
  toForm: (r) => ({
    image: r.image,
    title: r.title ?? '',
    link: r.link ?? '',
    status: r.status,
    position: String(r.position),
  }),
  summary: (r) => ({
    title: r.title || 'Untitled slide',
    picture: r.image,
    lines: [
      <Badge key="s" tone={r.status === 'active' ? 'green' : 'grey'}>
        {r.status === 'active' ? 'Active' : 'Inactive'}
      </Badge>,
      r.link ? `Link: ${r.link}` : 'Link: the Handloom page',
    ],
  }),
  ordered: { place: slidePlace },
}

export const meta = () => [{ title: 'Sliders | Shop console' }]
export default function SlidersScreen() {
  return <ResourceScreen config={config} />
}
