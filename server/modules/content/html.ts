import sanitizeHtml from 'sanitize-html'

/** Formatting only: no scripts, styles, event handlers or javascript: links. */
const formatting: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'u', 's'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
}

/**
 * Policy, FAQ and product HTML leaves the server with formatting only, whatever was stored; every link
 * with a target opens a new tab without access to the shop's page.
 */
export function safeHtml(html: string): string {
  return sanitizeHtml(html, {
    ...formatting,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      }),
    },
  }).trim()
}

/** Staff write descriptions and policies as HTML; it is stored with formatting only. */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    ...formatting,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      }),
    },
  }).trim()
}

/** Plain words of an HTML text, for search. */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
}
