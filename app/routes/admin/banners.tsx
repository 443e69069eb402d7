import { bannerInputSchema } from '../../../contracts/admin.ts'
import type { BannerRow } from '../../../contracts/admin-content.ts'
import { saleBannerText } from '../../../contracts/sale-banner.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'

const config: ResourceConfig<BannerRow> = {
  title: 'Banners',
  intro: shownIn.banner.form,
  path: 'banners',
  noun: 'banner',
  schema: bannerInputSchema,
  fields: [
    {
      name: 'image',
      label: 'Picture',
      kind: 'picture',
      folder: 'banners',
      wide: true,
      help: shownIn.banner.image,
    },
    {
      name: 'title',
      label: `Small line (optional, e.g. ${saleBannerText.title})`,
      kind: 'text',
      help: shownIn.banner.title,
    },
    {
      name: 'subtitle',
      label: `Heading (optional, e.g. ${saleBannerText.subtitle})`,
      kind: 'text',
      help: shownIn.banner.subtitle,
    },
    {
      name: 'buttonText',
      label: `Button’s words (optional, e.g. ${saleBannerText.buttonText})`,
      kind: 'text',
      help: shownIn.banner.buttonText,
    },
    {
      name: 'link',
      label: `Button opens (optional, e.g. ${saleBannerText.link})`,
      kind: 'text',
      help: shownIn.banner.link,
    },
    {
      name: 'position',
      label: 'Position (smaller comes first)',
      kind: 'number',
      help: shownIn.banner.position,
    },
  ],
  blank: { image: '', title: '', subtitle: '', buttonText: '', link: '', position: '0' },
  toForm: (r) => ({
    image: r.image,
    title: r.title ?? '',
    subtitle: r.subtitle ?? '',
    buttonText: r.buttonText ?? '',
    link: r.link ?? '',
    position: String(r.position),
  }),
  summary: (r) => ({
    title: [r.title, r.subtitle].filter(Boolean).join(' · ') || 'Banner without words',
    picture: r.image,
    lines: [
      `Button: ${r.buttonText || saleBannerText.buttonText} → ${r.link || `${saleBannerText.link} (the Handloom page)`}`,
    ],
  }),
  ordered: { place: (i) => (i === 0 ? 'Shown on the home page' : 'Not shown (only the first banner is)') },
}

export const meta = () => [{ title: 'Banners | Shop console' }]
export default function BannersScreen() {
  return <ResourceScreen config={config} />
}
