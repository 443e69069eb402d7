import { msg } from '../../../contracts/languages.ts'
import { templeServiceKeys, templeServiceLabels } from '../../../contracts/temples.ts'

/** Labels of the temple, support and foundation pages (spec section 2). */
export const contentText = {
  selectTemple: msg('Select your temple'),
  visitNow: msg('Visit Now'),
  readMore: msg('READ MORE'),
  aboutTemple: msg('About Temple'),
  services: msg('Services'),
  templePage: msg('Temple page'),
  pictures: msg('Pictures'),
  prasad: msg('Prasad by post'),
  supportHours: msg('9:00 AM to 5:00 PM'),
  whatsappMessage: msg('Hello! I need help with my order from the Kalaa Setu shop.'),
} as const

/** The Services grid of a temple's pages: each opens the link staff set for it, else the temple's one link. */
export const templeServices = templeServiceKeys.map((key) => templeServiceLabels[key])

/** Shown under each service while the temple has no services link yet. */
export const templeServicesSoon = msg('Not available yet')

/** The temple cards, in the spec's order; the names are matched to the temples the server sends. */
export const templeOrder = [
  'Kashi Vishwanath',
  'Omkareshwar',
  'Mahakaleshwar',
  'Somnath',
  'Kedarnath',
  'Baidyanath',
] as const
