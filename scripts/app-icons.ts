import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

/**
 * `node scripts/app-icons.ts`: draws the installed shop's icons into public/icons/ from the shop's logo
 * (public/logo.svg), for the web app manifest and Safari's home screen (decision 142). The PNGs are committed;
 * run this again after a change to the logo.
 */
const out = path.resolve('public/icons')
const logo = readFileSync(path.resolve('public/logo.svg'), 'utf8')
// The shop's palette (app/app.css): the page's background and the brand's browns.
const cream = '#fdf6ee'
const brown = '#8a3417'
const rust = '#c2571a'

/** The logo's drawing alone (its inner elements), to place on a background of our own. */
const logoDrawing = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '')

/** An SVG of `size` pixels: the logo at `share` of the width, centred, on `background` (or none). */
function logoOn(size: number, share: number, background: string | null): string {
  const box = size * share
  const at = (size - box) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${
    background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : ''
  }<svg x="${at}" y="${at}" width="${box}" height="${box}" viewBox="0 0 64 64">${logoDrawing}</svg></svg>`
}

/** A shortcut's icon: the logo's ring with a glyph drawn in the logo's strokes (on a 64-unit grid). */
function shortcut(glyph: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 64 64"><circle cx="32" cy="32" r="31" fill="${cream}" stroke="${brown}" stroke-width="2"/>${glyph}</svg>`
}

// A shopping bag with its handle.
const cartGlyph = `<path d="M18 24h28l-3 22H21z" fill="none" stroke="${brown}" stroke-width="4" stroke-linejoin="round"/><path d="M25 24v-4a7 7 0 0 1 14 0v4" fill="none" stroke="${rust}" stroke-width="3.5" stroke-linecap="round"/>`
// A clipboard with the lines of a list: the orders.
const ordersGlyph = `<rect x="18" y="16" width="28" height="34" rx="3" fill="none" stroke="${brown}" stroke-width="4"/><rect x="25" y="12" width="14" height="8" rx="2" fill="${brown}"/><path d="M25 29h14M25 36h14M25 43h9" stroke="${rust}" stroke-width="3" stroke-linecap="round"/>`

const icons: Array<{ file: string; svg: string; size: number }> = [
  // 'any': the round logo on nothing, as the favicon.
  { file: 'icon-192.png', svg: logoOn(192, 1, null), size: 192 },
  { file: 'icon-512.png', svg: logoOn(512, 1, null), size: 512 },
  // 'maskable': the launcher cuts it to its own shape; what matters stays inside the middle circle of 80%
  // (the logo's ring, at 76% of the width, reaches 74%).
  { file: 'maskable-512.png', svg: logoOn(512, 0.76, cream), size: 512 },
  // Safari fills what is transparent with black: a square of the page's colour.
  { file: 'apple-touch-icon.png', svg: logoOn(180, 0.84, cream), size: 180 },
  { file: 'shortcut-cart-96.png', svg: shortcut(cartGlyph), size: 96 },
  { file: 'shortcut-orders-96.png', svg: shortcut(ordersGlyph), size: 96 },
]

export async function drawAppIcons() {
  mkdirSync(out, { recursive: true })
  for (const icon of icons) {
    await sharp(Buffer.from(icon.svg), { density: 72 * 4 })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9, palette: true, quality: 90 })
      .toFile(path.join(out, icon.file))
    console.log(`public/icons/${icon.file}`)
  }
}

if (import.meta.main) await drawAppIcons()
