import { templeInputSchema } from '../../../contracts/admin.ts'
import type { TempleRow } from '../../../contracts/admin-content.ts'
import {
  templeServiceKeys,
  templeServiceLabels,
  templeServiceLinkFields,
} from '../../../contracts/temples.ts'
import type { FieldSpec } from '../../features/admin/resource-form.tsx'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'

/** One box per service for its own link (decision 099). */
const serviceLinkFields: FieldSpec[] = templeServiceKeys.map((key) => ({
  name: templeServiceLinkFields[key],
  label: `${templeServiceLabels[key]} link (optional)`,
  kind: 'text',
  help: `${shownIn.temple.serviceLink} https://… or a shop path like /Support.`,
}))

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
      help: `${shownIn.temple.servicesLink} https://… or a shop path like /Support; empty (with no link of its own) shows a service as not yet available.`,
    },
    ...serviceLinkFields,
    { name: 'about', label: 'Text', kind: 'html', help: shownIn.temple.about },
    { name: 'nameHi', label: 'Hindi name (optional)', kind: 'text', help: shownIn.temple.hindi },
    { name: 'locationHi', label: 'Hindi place (optional)', kind: 'text', help: shownIn.temple.hindi },
    { name: 'aboutHi', label: 'Hindi text (optional)', kind: 'html', help: shownIn.temple.hindi },
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
    virtualTourLink: '',
    liveAartiLink: '',
    orderParshadLink: '',
    bookGuideLink: '',
    about: '',
    nameHi: '',
    locationHi: '',
    aboutHi: '',
    image: '',
    images: [],
    position: '0',
  },
  toForm: (r) => ({
    name: r.name,
    location: r.location,
    slug: r.slug,
    servicesLink: r.servicesLink,
    virtualTourLink: r.virtualTourLink ?? '',
    liveAartiLink: r.liveAartiLink ?? '',
    orderParshadLink: r.orderParshadLink ?? '',
    bookGuideLink: r.bookGuideLink ?? '',
    about: r.about,
    nameHi: r.translations.hi?.name ?? '',
    locationHi: r.translations.hi?.location ?? '',
    aboutHi: r.translations.hi?.about ?? '',
    image: r.image ?? '',
    images: r.images,
    position: String(r.position),
  }),
  summary: (r) => ({
    title: r.translations.hi?.name ? `${r.name} (${r.translations.hi.name})` : r.name,
    picture: r.image ?? r.images[0] ?? null,
    lines: [
      r.location,
      `Services: ${r.servicesLink || 'not available yet'}`,
      ...templeServiceKeys
        .filter((key) => r[templeServiceLinkFields[key]])
        .map((key) => `${templeServiceLabels[key]}: ${r[templeServiceLinkFields[key]]}`),
    ],
  }),
}

export const meta = () => [{ title: 'Temples | Shop console' }]
export default function TemplesScreen() {
  return <ResourceScreen config={config} />
}
