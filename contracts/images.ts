/** Responsive image files are `${base}-${width}.webp`; the API's URLs point at the 800 px file. */
export const imageWidths = [200, 400, 800] as const

export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !/-800\.webp$/.test(url)) return undefined
  const base = url.replace(/-800\.webp$/, '')
  return imageWidths.map((w) => `${base}-${w}.webp ${w}w`).join(', ')
}

export function imageAt(
  url: string | null | undefined,
  width: (typeof imageWidths)[number],
): string | undefined {
  if (!url) return undefined
  return url.replace(/-800\.webp$/, `-${width}.webp`)
}
