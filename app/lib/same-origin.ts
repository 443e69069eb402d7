/**
 * Whether a form POST comes from one of the shop's own pages (docs/decisions/018).
 *
 * A browser sets Sec-Fetch-Site and Origin itself (a page cannot forge them), so a cross-site form
 * is told apart from the shop's own: Sec-Fetch-Site must say same-origin when sent; otherwise Origin
 * must be the shop's address (PUBLIC_URL) or the address the request came to. A POST with neither
 * is refused: every browser that can run the shop sends at least Origin on a form POST.
 */
export function isSameOriginPost(headers: Headers, requestUrl: string, publicUrl: string): boolean {
  const site = headers.get('sec-fetch-site')
  if (site) return site === 'same-origin'
  const origin = headers.get('origin')
  if (!origin || origin === 'null') return false
  return origin === originOf(publicUrl) || origin === originOf(requestUrl)
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}
