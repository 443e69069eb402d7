import { msg } from '../../../contracts/languages.ts'

/** Labels of the temple, support and foundation pages (spec section 2). */
export const contentText = {
  selectTemple: msg('Select your temple'),
  visitNow: msg('Visit Now'),
  readMore: msg('READ MORE'),
  aboutTemple: msg('About Temple'),
  services: msg('Services'),
  supportHours: msg('9:00 AM to 5:00 PM'),
  whatsappMessage: msg('Hello! I need help with my order from the Kalaa Setu shop.'),
} as const

/** The Services grid of the temple detail page: all four open the temple's configured link in a new tab. */
export const templeServices = [
  msg('Virtual tour'),
  msg('Live Aarti'),
  msg('Order Parshad'),
  msg('Book Guide'),
] as const

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
