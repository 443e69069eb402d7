import type { MetaDescriptor } from 'react-router'
import { defaultLanguage, type Language, languages, pathInLanguage } from '../../../contracts/languages.ts'

export const shopName = 'Kalaa Setu'

type Seo = {
  title: string
  description: string
  /** Canonical path, spelled as the shop links it (e.g. '/Support'); query strings are dropped. */
  path: string
  publicUrl?: string
  image?: string | null
  type?: 'website' | 'product' | 'article'
  noindex?: boolean
  /** The page's language: its canonical address carries it, and every language is linked as an alternate. */
  language?: Language
}

export const absoluteUrl = (publicUrl: string | undefined, path: string) =>
  `${(publicUrl ?? '').replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`

/**
 * Title, description, canonical link and Open Graph tags for a page. Routes that answer on two
 * spellings (/Login and /login) pass the same path, so both point at one canonical URL.
 */
export function seo({
  title,
  description,
  path,
  publicUrl,
  image,
  type = 'website',
  noindex,
  language = defaultLanguage,
}: Seo): MetaDescriptor[] {
  const fullTitle = title.includes(shopName) ? title : `${title} | ${shopName}`
  const url = absoluteUrl(publicUrl, pathInLanguage(path, language))
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: shopName },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: language === 'hi' ? 'hi_IN' : 'en_IN' },
    ...languages.map((l) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: l,
      href: absoluteUrl(publicUrl, pathInLanguage(path, l)),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(publicUrl, path) },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
  if (image) tags.push({ property: 'og:image', content: absoluteUrl(publicUrl, image) })
  if (noindex) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}

/** Cuts a description to what search engines show (about 155 characters) on a word boundary. */
export function metaDescription(text: string, max = 155): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (plain.length <= max) return plain
  const cut = plain.slice(0, max)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}...`
}
