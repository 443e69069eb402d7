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
  // Customers' photos on their reviews (decision 096), shown small on the product page.
  reviews: [200, 400, 800],
  // Wide pictures shown across the whole screen: a laptop needs 1600, a 3× phone about 1200.
  sliders: [200, 400, 800, 1200, 1600],
  banners: [200, 400, 800, 1200, 1600],
  temples: [200, 400, 800, 1200, 1600],
  // Artisans' and clusters' photos (decision 098): a tile on a phone, the first one wide on their page.
  artisans: [200, 400, 800, 1200],
  clusters: [200, 400, 800, 1200],
  // Staff's photo of a performed seva (decision 102), shown on the devotee's booking and in the e-mail.
  sevas: [200, 400, 800, 1200],
  // Staff's photo of a finished piece on an order line (decision 133), on the order page and in the e-mail.
  orders: [200, 400, 800, 1200],
  // Customers' photos of a return and staff's of what came back (decision 138), in the request and the console.
  returns: [200, 400, 800],
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

/** The largest console photo the shop takes (checked while it streams in) and the largest console upload. */
export const photoMaxBytes = 8 * 1024 * 1024
export const uploadMaxBytes = 25 * 1024 * 1024

/** Bytes as megabytes for people: 16.8 MB, 8 MB (one decimal, none when whole). */
export function megabytes(bytes: number): string {
  const mb = Math.round((bytes / (1024 * 1024)) * 10) / 10
  return `${mb.toFixed(mb % 1 === 0 ? 0 : 1)} MB`
}

const makeSmaller = 'Make it smaller (for example, export it at 2000 pixels wide) and try again.'

/** What a too-large photo gets: its size when known, the limit, and what to do. */
export function photoTooLargeMessage(photo: { bytes?: number; name?: string } = {}): string {
  const which = photo.name ? `The photo ${photo.name}` : 'This photo'
  const limit = megabytes(photoMaxBytes)
  if (photo.bytes !== undefined && photo.bytes > photoMaxBytes) {
    return `${which} is ${megabytes(photo.bytes)}; the largest photo the shop takes is ${limit}. ${makeSmaller}`
  }
  return `${which} is larger than ${limit}, the largest photo the shop takes. ${makeSmaller}`
}

/** What a too-large upload (all its photos together) gets, with its size when the request declared it. */
export function uploadTooLargeMessage(bytes?: number): string {
  const size = bytes !== undefined ? `This upload is ${megabytes(bytes)}; ` : ''
  const limits = `the shop takes at most ${megabytes(uploadMaxBytes)} at a time and ${megabytes(photoMaxBytes)} per photo.`
  return `${size}${size ? limits : limits.charAt(0).toUpperCase() + limits.slice(1)} Make the photos smaller (for example, export them at 2000 pixels wide) or send fewer at once, and try again.`
}
