import { msg } from '../../contracts/languages.ts'

/** The foundation's public contact details, shown in the header, footer, Support and Contact Us pages. */
export const site = {
  name: 'Kalaa Setu Foundation Store',
  shortName: 'Kalaa Setu',
  tagline: msg('Handicraft, handloom and art from the hands that craft our heritage'),
  phone: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  tollFree: '1800 120 4567',
  tollFreeHref: 'tel:18001204567',
  whatsapp: '+91 98765 43210',
  whatsappNumber: '919876543210',
  email: 'support@kalaasetu.org',
  address: 'Kalaa Setu Foundation, 14 Ashok Marg, Hazratganj, Lucknow, Uttar Pradesh 226001',
  founded: 2020,
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/kalaasetu' },
    { name: 'Instagram', href: 'https://www.instagram.com/kalaasetu' },
    { name: 'YouTube', href: 'https://www.youtube.com/@kalaasetu' },
    { name: 'X', href: 'https://x.com/kalaasetu' },
  ],
} as const

export function whatsappLink(message: string): string {
  return `https://wa.me/${site.whatsappNumber}?text=${encodeURIComponent(message)}`
}
