import { bannerInputSchema } from '../../../contracts/admin.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'

const config: ResourceConfig = {
  title: 'Banners',
  intro: 'Promotion pictures on the home page. The first banner (smallest position) is the one shown.',
  path: 'banners',
  noun: 'banner',
  schema: bannerInputSchema,
  fields: [
    { name: 'image', label: 'Picture', kind: 'picture', folder: 'banners', wide: true },
    { name: 'title', label: 'Title (optional)', kind: 'text' },
    { name: 'link', label: 'Opens when tapped (optional)', kind: 'text' },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
  ],
  blank: { image: '', title: '', link: '', position: '0' },
  toForm: (r) => ({
    image: String(r.image ?? ''),
    title: String(r.title ?? ''),
    link: String(r.link ?? ''),
    position: String(r.position ?? 0),
  }),
  summary: (r) => ({
    title: String(r.title || 'Untitled banner'),
    picture: r.image as string,
    lines: [`Position ${r.position}`],
  }),
}

export const meta = () => [{ title: 'Banners | Shop console' }]
export default function BannersScreen() {
  return <ResourceScreen config={config} />
}
