import { msg } from './languages.ts'

/**
 * The home page's sale banner (spec section 2: '30% off sale', 'Latest Exclusive Summer Collection' and a
 * 'Shop now' link). These are the demo banner's words, and what the home page says while the shop has no
 * banner at all; a banner's own words replace them (decision 095).
 */
export const saleBannerText = {
  title: msg('30% off sale'),
  subtitle: msg('Latest Exclusive Summer Collection'),
  buttonText: msg('Shop now'),
  link: '/product/Handloom',
} as const

/** An address in the shop (/product/Handloom) or a full web address; never a script or another site's path trick. */
export const shopLinkPattern = /^(\/(?![/\\])[^\s]*|https?:\/\/[^\s/]+\.[^\s]+)$/i
