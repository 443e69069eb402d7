/** Wide pictures (sliders, banners, temples) come in 400, 800 and 1600 px files: `${base}-${width}.webp`. */
const wideWidths = [400, 800, 1600] as const

export function wideImage(url: string | null | undefined, width: (typeof wideWidths)[number] = 800) {
  if (!url) return { src: undefined, srcSet: undefined }
  const match = url.match(/^(.*)-(400|800|1600)\.webp$/)
  if (!match) return { src: url, srcSet: undefined }
  const base = match[1]
  return {
    src: `${base}-${width}.webp`,
    srcSet: wideWidths.map((w) => `${base}-${w}.webp ${w}w`).join(', '),
  }
}
