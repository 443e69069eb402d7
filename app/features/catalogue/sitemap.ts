import { languages, pathInLanguage } from '../../../contracts/languages.ts'
import { absoluteUrl } from './seo.ts'

/** The sitemap protocol's limit of addresses in one file; each page is listed once per language. */
export const sitemapUrlLimit = 50_000
export const productsPerSitemap = Math.floor(sitemapUrlLimit / languages.length)

const xmlEscape = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

const xmlHeaders = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=3600',
}

export type SitemapEntry = { path: string; lastmod?: string }

/** A sitemap file: each page once per language, each naming all its languages (docs/decisions/097). */
export function urlSet(publicUrl: string, entries: SitemapEntry[]): Response {
  const at = (path: string) => xmlEscape(absoluteUrl(publicUrl, path))
  const body = entries
    .flatMap((e) => {
      const alternates = languages
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${at(pathInLanguage(e.path, l))}"/>`)
        .join('')
      const lastmod = e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''
      return languages.map(
        (l) => `<url><loc>${at(pathInLanguage(e.path, l))}</loc>${lastmod}${alternates}</url>`,
      )
    })
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`
  return new Response(xml, { headers: xmlHeaders })
}

/** The sitemap index: the files of at most 50,000 addresses each (decision 103). */
export function sitemapIndex(publicUrl: string, paths: string[]): Response {
  const body = paths
    .map((p) => `<sitemap><loc>${xmlEscape(absoluteUrl(publicUrl, p))}</loc></sitemap>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`
  return new Response(xml, { headers: xmlHeaders })
}
