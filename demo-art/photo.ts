import type { Backdrop, Drawn } from './svg.ts'
import { BACKDROPS, DARK_BACKDROPS, f, flameGlowDef, leaf, linear, marigold, radial } from './svg.ts'

const S = 800

function shadowDefs(dark: boolean): string {
  const o = dark ? 0.55 : 0.32
  return (
    radial('shadowSoft', [
      [0, '#2b1d10', o],
      [0.6, '#2b1d10', o * 0.35],
      [1, '#2b1d10', 0],
    ]) +
    radial('shadowCore', [
      [0, '#1a1008', o * 1.4],
      [1, '#1a1008', 0],
    ])
  )
}

function room(b: Backdrop, horizon: number, table: boolean): { defs: string; svg: string } {
  const defs =
    linear('wall', [
      [0, b.wall[0]],
      [1, b.wall[1]],
    ]) +
    linear('floor', [
      [0, table ? '#9a6b48' : b.floor[0]],
      [1, table ? '#6f4a30' : b.floor[1]],
    ]) +
    radial(
      'vignette',
      [
        [0, '#000', 0],
        [0.7, '#000', 0],
        [1, '#000', b.dark ? 0.35 : 0.12],
      ],
      0.5,
      0.45,
      0.75,
    ) +
    radial(
      'spot',
      [
        [0, '#fff8e8', b.dark ? 0.28 : 0.5],
        [1, '#fff8e8', 0],
      ],
      0.5,
      0.4,
      0.5,
    )
  let svg = `<rect width="${S}" height="${S}" fill="url(#wall)"/>`
  svg += `<ellipse cx="400" cy="${horizon - 120}" rx="460" ry="360" fill="url(#spot)"/>`
  if (table) {
    svg += `<rect y="${horizon}" width="${S}" height="${S - horizon}" fill="url(#floor)"/>`
    for (let i = 0; i < 9; i++) {
      const y = horizon + 10 + i * ((S - horizon) / 9)
      svg += `<path d="M0 ${f(y)} C 200 ${f(y + 6)} 500 ${f(y - 6)} ${S} ${f(y + 3)}" stroke="#4a2f1c" stroke-opacity="0.25" stroke-width="2" fill="none"/>`
    }
    svg += `<rect y="${horizon}" width="${S}" height="6" fill="#b88a63"/>`
  } else {
    // A seamless paper sweep: the floor fades in from the wall.
    svg += `<rect y="${horizon - 60}" width="${S}" height="${S - horizon + 60}" fill="url(#floorFade)"/>`
  }
  const fade = linear('floorFade', [
    [0, b.floor[0], 0],
    [0.35, b.floor[0], 1],
    [1, b.floor[1], 1],
  ])
  return { defs: defs + fade, svg }
}

function propFlowers(x: number, y: number, s: number): string {
  return (
    leaf(x - 30 * s, y + 4, 60 * s, -70, '#3f7d4a') +
    leaf(x + 40 * s, y + 6, 54 * s, 65, '#4d8f57') +
    marigold(x, y - 8 * s, 26 * s) +
    marigold(x + 44 * s, y + 2, 20 * s, 'yellow') +
    marigold(x - 38 * s, y + 6, 18 * s)
  )
}

function propPlant(x: number, y: number): string {
  let s = `<path d="M${x - 34} ${y - 70} L${x + 34} ${y - 70} L${x + 26} ${y} L${x - 26} ${y}Z" fill="#b5552f"/><rect x="${x - 38}" y="${y - 80}" width="76" height="14" rx="3" fill="#c96a3f"/>`
  for (let i = 0; i < 7; i++)
    s += leaf(x, y - 78, 90 + (i % 3) * 20, -60 + i * 20, i % 2 ? '#3f7d4a' : '#2f6a3a')
  return s
}

function propCloth(p: { a: string; b: string }): { defs: string; svg: string } {
  const defs = `<pattern id="clothPrint" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(-12)"><rect width="40" height="40" fill="${p.a}"/><circle cx="20" cy="20" r="7" fill="${p.b}"/><circle cx="0" cy="0" r="4" fill="#fff" opacity="0.6"/><circle cx="40" cy="40" r="4" fill="#fff" opacity="0.6"/><circle cx="40" cy="0" r="4" fill="#fff" opacity="0.6"/><circle cx="0" cy="40" r="4" fill="#fff" opacity="0.6"/></pattern>`
  const svg = `<path d="M-40 700 L520 590 L880 640 L880 820 L-40 820Z" fill="url(#clothPrint)"/><path d="M-40 700 L520 590 L880 640" stroke="#fff" stroke-opacity="0.5" stroke-width="6" fill="none"/>`
  return { defs, svg }
}

const CLOTHS = [
  { a: '#b23a48', b: '#fbf3e4' },
  { a: '#27476e', b: '#f4efe6' },
  { a: '#0f7173', b: '#f7f1e3' },
  { a: '#e07a1f', b: '#fff4dc' },
  { a: '#5e3a6e', b: '#f8f0f6' },
  { a: '#3a7d44', b: '#f6f2e6' },
]

/**
 * One product photograph in two layers:
 * - a backdrop with the props, shared by many photographs, so that it is drawn once;
 * - `object`: the object and its shadow, drawn at a scale of a whole number of half-units and then resized, because
 *   the SVG renderer fills patterns very slowly when a pattern tile does not span a whole number of pixels.
 * Variants: 1 studio, 2 table with flowers, 3 close-up, 4 on a printed cloth, 5 dark backdrop.
 */
export type PhotoLayers = {
  key: string
  backdrop: () => string
  object: {
    svg: string
    /** Scale from the drawn SVG's pixels to the photograph's pixels (at most 1). */
    resize: number
    /** Where the object's origin (centre of its base) is in the drawn SVG, in its pixels. */
    originX: number
    originY: number
    /** Where the origin goes in the photograph. */
    x: number
    y: number
    rotate: number
  }
}

export function photoLayers(d: Drawn, variant: number, seed: number): PhotoLayers {
  const v = ((variant - 1) % 5) + 1
  const bi = v === 5 ? seed % DARK_BACKDROPS.length : (seed + variant * 2) % BACKDROPS.length
  const b = v === 5 ? DARK_BACKDROPS[bi] : BACKDROPS[bi]
  const fit = Math.min(480 / d.h, 600 / d.w)
  let props = ''
  let cx = 400
  let gy = 660
  let scale = fit
  let rot = 0
  let horizon = 600
  let table = false
  let extra: () => { defs: string; svg: string } = () => ({ defs: '', svg: '' })
  // Short objects are lifted a little so that they sit in the middle of the frame.
  const lift = (base: number, floor = 0) => Math.max(floor, Math.min(base, 440 + (d.h * scale) / 2))
  if (v === 1) {
    gy = lift(660)
  } else if (v === 2) {
    horizon = 560
    table = true
    cx = 360
    scale = fit * 0.9
    gy = lift(690, 600)
    props = propFlowers(650, 730, 1.1)
  } else if (v === 3) {
    scale = fit * 1.75
    gy = 400 + d.h * scale * 0.5
  } else if (v === 4) {
    horizon = 560
    extra = () => {
      const c = propCloth(CLOTHS[bi % CLOTHS.length])
      return { defs: c.defs, svg: c.svg + propPlant(110, 600) }
    }
    cx = 440
    scale = fit * 0.86
    gy = lift(690, 640)
    rot = -3
  } else {
    horizon = 610
    scale = fit * 0.95
    gy = lift(670)
  }
  const backdrop = () => {
    const r = room(b, horizon, table)
    const x = extra()
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><defs>${r.defs}${x.defs}</defs>${r.svg}${x.svg}${props}<rect width="${S}" height="${S}" fill="url(#vignette)"/></svg>`
  }
  // The shadow is drawn with the object, in the drawing's units.
  const hw = d.w / 2
  const shadow = `<ellipse cx="0" cy="${f(4 / scale)}" rx="${f(hw * 1.15)}" ry="${f(Math.max(18 / scale, hw * 0.16))}" fill="url(#shadowSoft)"/><ellipse cx="0" cy="${f(2 / scale)}" rx="${f(hw * 0.85)}" ry="${f(Math.max(8 / scale, hw * 0.06))}" fill="url(#shadowCore)"/>`
  // The object with a margin, since drawings may reach a little beyond their nominal box; when it is not
  // rotated, only the part inside the photograph is drawn (close-ups leave much of it outside).
  const m = Math.round(Math.max(d.w, d.h) * 0.12)
  let [x0, y0, x1, y1] = [-d.w / 2 - m, -d.h - m, d.w / 2 + m, m]
  if (!rot) {
    x0 = Math.max(x0, Math.floor((0 - cx) / scale))
    y0 = Math.max(y0, Math.floor((0 - gy) / scale))
    x1 = Math.min(x1, Math.ceil((S - cx) / scale))
    y1 = Math.min(y1, Math.ceil((S - gy) / scale))
  }
  const k = Math.max(0.5, Math.ceil(scale * 2) / 2)
  const vw = x1 - x0
  const vh = y1 - y0
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${f(vw * k)}" height="${f(vh * k)}" viewBox="${f(x0)} ${f(y0)} ${f(vw)} ${f(vh)}"><defs>${shadowDefs(!!b.dark)}${flameGlowDef}${d.defs ?? ''}</defs>${shadow}${d.svg}</svg>`
  return {
    key: `v${v}-b${bi}`,
    backdrop,
    object: { svg, resize: scale / k, originX: -x0 * k, originY: -y0 * k, x: cx, y: gy, rotate: rot },
  }
}
