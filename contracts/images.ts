/**
 * The one list of picture sizes (docs/decisions/015-picture-sizes.md). An uploaded picture is stored as
 * `/uploads/<kind>/…/<name>-<width>.webp` for every width of its kind; the upload code makes exactly these
 * files, the start-up check fills in any that are missing, and every `src`/`srcset` is built from the same
 * list, so no page asks for a file that was not made.
 */
export const pictureSizes = {
  // Square pictures shown at most about half a laptop screen wide.
  products: [200, 400, 800],
  categories: [200, 400, 800],
  states: [200, 400, 800],
  // Wide pictures shown across the whole screen: a laptop needs 1600, a 3× phone about 1200.
  sliders: [200, 400, 800, 1200, 1600],
  banners: [200, 400, 800, 1200, 1600],
  temples: [200, 400, 800, 1200, 1600],
} as const satisfies Record<string, readonly number[]>

export type PictureKind = keyof typeof pictureSizes
export const pictureKinds = Object.keys(pictureSizes) as PictureKind[]

/** Every kind has this width; the API's picture URLs point at it. */
export const referenceWidth = 800

/** The widths of every kind together (what a cleanup must remove). */
export const allPictureWidths = [...new Set(Object.values(pictureSizes).flat())].sort((a, b) => a - b)

/** Kind, base (without `-<width>.webp`) and widths of one of the shop's own pictures; null for any other URL. */
export function pictureOf(
  url: string | null | undefined,
): { kind: PictureKind; base: string; widths: readonly number[] } | null {
  const m = url?.match(/^(\/uploads\/([a-z]+)\/[\w./-]+)-(\d+)\.webp$/)
  if (!m || m[1].includes('..')) return null
  const kind = m[2] as PictureKind
  const widths: readonly number[] | undefined = pictureSizes[kind]
  if (!widths) return null
  // A URL with a width the kind does not have is not one of ours (e.g. a hand-typed address).
  if (!widths.includes(Number(m[3]))) return null
  return { kind, base: m[1], widths }
}

/**
 * The file to load for a box about `width` CSS pixels wide: the smallest made width at least that big,
 * else the largest. Other URLs (the shop's /media files, pasted web addresses) come back unchanged.
 */
export function imageAt(url: string | null | undefined, width: number): string | undefined {
  if (!url) return undefined
  const pic = pictureOf(url)
  if (!pic) return url
  const w = pic.widths.find((x) => x >= width) ?? pic.widths[pic.widths.length - 1]
  return `${pic.base}-${w}.webp`
}

/** `srcset` listing exactly the widths made for the picture's kind; undefined for other URLs. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const pic = pictureOf(url)
  if (!pic) return undefined
  return pic.widths.map((w) => `${pic.base}-${w}.webp ${w}w`).join(', ')
}

/** `src` and `srcSet` together, for spreading onto an `<img>`. */
export function responsiveImage(url: string | null | undefined, width: number = referenceWidth) {
  return { src: imageAt(url, width), srcSet: imageSrcSet(url) }
}
