import { bannerInputSchema } from '../../../contracts/admin.ts'
import type { BannerRow } from '../../../contracts/admin-content.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'

const config: ResourceConfig<BannerRow> = {
  title: 'Banners',
  intro: shownIn.banner.form,
  path: 'banners',
  noun: 'banner',
  schema: bannerInputSchema,
  fields: [
    { name: 'image', label: 'Picture', kind: 'picture', folder: 'banners', wide: true },
    { name: 'title', label: 'Title (optional)', kind: 'text', help: shownIn.banner.title },
    { name: 'link', label: 'Opens when tapped (optional)', kind: 'text', help: shownIn.banner.link },
    {
      name: 'position',
      label: 'Position (smaller comes first)',
      kind: 'number',
      help: shownIn.banner.position,
    },
  ],
  blank: { image: '', title: '', link: '', position: '0' },
  toForm: (r) => ({
    image: r.image,
    title: r.title ?? '',
    link: r.link ?? '',
    position: String(r.position),
  }),
  summary: (r) => ({
    title: r.title || 'Untitled banner',
    picture: r.image,
    lines: [`Position ${r.position}`],
  }),
  ordered: { place: (i) => (i === 0 ? 'Shown on the home page' : 'Not shown (only the first banner is)') },
}

export const meta = () => [{ title: 'Banners | Shop console' }]
export default function BannersScreen() {
  return <ResourceScreen config={config} />
}
