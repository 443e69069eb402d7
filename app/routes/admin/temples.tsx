import { templeInputSchema } from '../../../contracts/admin.ts'
import type { TempleRow } from '../../../contracts/admin-content.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'

const config: ResourceConfig<TempleRow> = {
  title: 'Temples',
  intro: shownIn.temple.form,
  path: 'temples',
  noun: 'temple',
  schema: templeInputSchema,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', help: shownIn.temple.name },
    { name: 'location', label: 'Place', kind: 'text', help: shownIn.temple.location },
    {
      name: 'slug',
      label: 'Web name (optional)',
      kind: 'text',
      help: `Small letters and -, made from the name when empty. ${shownIn.temple.slug}`,
    },
    {
      name: 'servicesLink',
      label: 'Services link',
      kind: 'text',
      help: `${shownIn.temple.servicesLink} https://… or a shop path like /Support; empty shows them as not yet available.`,
    },
    { name: 'about', label: 'Text', kind: 'html', help: shownIn.temple.about },
    {
      name: 'image',
      label: 'Main picture',
      kind: 'picture',
      folder: 'temples',
      wide: true,
      help: shownIn.temple.image,
    },
    {
      name: 'images',
      label: 'More pictures (in order)',
      kind: 'pictures',
      folder: 'temples',
      help: shownIn.temple.images,
    },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
  ],
  blank: {
    name: '',
    location: '',
    slug: '',
    servicesLink: '',
    about: '',
    image: '',
    images: [],
    position: '0',
  },
  toForm: (r) => ({
    name: r.name,
    location: r.location,
    slug: r.slug,
    servicesLink: r.servicesLink,
    about: r.about,
    image: r.image ?? '',
    images: r.images,
    position: String(r.position),
  }),
  summary: (r) => ({
    title: r.name,
    picture: r.image ?? r.images[0] ?? null,
    lines: [r.location, `Services: ${r.servicesLink}`],
  }),
}

export const meta = () => [{ title: 'Temples | Shop console' }]
export default function TemplesScreen() {
  return <ResourceScreen config={config} />
}
