import { msg } from './languages.ts'

// Plain values only: storefront pages import this file, so the zod schemas live in ./temple-api.ts.
export type { Temple, TemplePage } from './temple-api.ts'

/** The four services of a temple's page (spec: Virtual tour, Live Aarti, Order Parshad, Book Guide), in order. */
export const templeServiceKeys = ['virtualTour', 'liveAarti', 'orderParshad', 'bookGuide'] as const
export type TempleServiceKey = (typeof templeServiceKeys)[number]

/** Each service's button text, as the spec writes it. */
export const templeServiceLabels: Record<TempleServiceKey, string> = {
  virtualTour: msg('Virtual tour'),
  liveAarti: msg('Live Aarti'),
  orderParshad: msg('Order Parshad'),
  bookGuide: msg('Book Guide'),
}

/** The console's field (and column) holding each service's own link (decision 099). */
export const templeServiceLinkFields = {
  virtualTour: 'virtualTourLink',
  liveAarti: 'liveAartiLink',
  orderParshad: 'orderParshadLink',
  bookGuide: 'bookGuideLink',
} as const satisfies Record<TempleServiceKey, string>

export type TempleServiceLinks = Record<TempleServiceKey, string>

/**
 * Where each service leads: the link staff set for it, else the temple's services link (the spec's single
 * link); empty when neither is set, and the page then shows the service as not available yet.
 */
export function serviceLinksOf(temple: {
  servicesLink: string
  virtualTourLink?: string | null
  liveAartiLink?: string | null
  orderParshadLink?: string | null
  bookGuideLink?: string | null
}): TempleServiceLinks {
  const links = {} as TempleServiceLinks
  for (const key of templeServiceKeys)
    links[key] = temple[templeServiceLinkFields[key]] || temple.servicesLink
  return links
}

/** The web address of a temple's own page. */
export const templePath = (slug: string) => `/temple/${encodeURIComponent(slug)}`
