/**
 * What the console's formatting editor keeps, and how stored texts go in and out of it. Everything the
 * editor writes is also kept by the server's sanitiser (server/modules/admin/html.ts), so what staff
 * see while writing is what the shop shows.
 */

/** Elements the editor writes and reads back unchanged (b and i are read as strong and em). */
const kept = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'h2', 'h3', 'ul', 'ol', 'li', 'a'])
/** Wrappers the editor drops without losing any text or formatting (attributes on them are stripped anyway). */
const harmless = new Set(['span', 'div'])

/**
 * Elements of a stored text the editor would lose (tables, pictures, other heading levels…), each once.
 * When there are any, the field opens as HTML so saving never drops them silently.
 */
export function formattingEditorWouldDrop(html: string): string[] {
  const found = new Set<string>()
  for (const m of html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)\b/g)) {
    const tag = (m[1] as string).toLowerCase()
    if (!kept.has(tag) && !harmless.has(tag)) found.add(tag)
  }
  return [...found]
}

const looksLikeHtml = (text: string) => /<\/?[a-zA-Z][a-zA-Z0-9]*\b[^>]*>/.test(text)

const escapeText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/**
 * A stored text as the editor should open it: HTML as it is; plain text (older entries typed without
 * tags) as paragraphs at its blank lines and line breaks at single ones, so no line break is lost.
 */
export function htmlForEditor(stored: string): string {
  if (stored.trim() === '' || looksLikeHtml(stored)) return stored
  return stored
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n\s*/)
    .map((para) => `<p>${escapeText(para.trim()).replaceAll('\n', '<br>')}</p>`)
    .join('')
}

/**
 * The editor's HTML as the form sends it: an empty document is an empty text, not "<p></p>", and the
 * empty paragraph the editor keeps after a closing list (so the cursor can leave it) is not sent.
 */
export function htmlFromEditor(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html.replace(/(<p><\/p>)+$/, '')
}

/** Addresses a link may lead to; the sanitiser removes any other scheme (javascript:, data:…). */
const schemes = /^(https?:|mailto:|tel:)/i

/**
 * A link address as staff type it, made into one the shop keeps: shop paths (/Support), full
 * addresses, e-mail and phone links; a bare domain gets https://. Null when it cannot be a link.
 */
export function linkAddress(typed: string): string | null {
  const text = typed.trim()
  if (text === '' || /\s/.test(text)) return null
  if (text.startsWith('/') && !text.startsWith('//')) return text
  if (schemes.test(text)) {
    try {
      const url = new URL(text)
      return /^https?:$/.test(url.protocol) && !url.hostname ? null : text
    } catch {
      return null
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return null
  if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(text)) return `mailto:${text}`
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#].*)?$/i.test(text)) return `https://${text}`
  return null
}
