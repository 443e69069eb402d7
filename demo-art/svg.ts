/**
 * Small SVG helpers shared by the demo shop's drawings in this folder, which the seed
 * (server/db/seed/demo.ts) renders at the first start. Everything is deterministic.
 */

export type Rand = () => number

/** mulberry32: a tiny seeded PRNG so that every seed run draws the same pictures. */
export function rng(seed: number): Rand {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Colours of the object itself: a primary, a secondary, an accent, a dark ink and a light ground. */
export type Craft = { a: string; b: string; c: string; d: string; e: string }

export const CRAFT_PALETTES: Craft[] = [
  { a: '#b23a48', b: '#f2a541', c: '#2a6f97', d: '#2b2118', e: '#fbf3e4' },
  { a: '#27476e', b: '#e9c46a', c: '#d1495b', d: '#1b1b2f', e: '#f4efe6' },
  { a: '#0f7173', b: '#f4a259', c: '#9b2226', d: '#102a2b', e: '#f7f1e3' },
  { a: '#e07a1f', b: '#7b2d26', c: '#2d6a4f', d: '#2e1a12', e: '#fff4dc' },
  { a: '#7d1d3f', b: '#d4a373', c: '#3a7d44', d: '#2a0f1a', e: '#fbeee0' },
  { a: '#d9a404', b: '#8c2f39', c: '#1f4e79', d: '#2b2b2b', e: '#fffaf0' },
  { a: '#3a7d44', b: '#f2c14e', c: '#c8553d', d: '#1f2d1c', e: '#f6f2e6' },
  { a: '#c2185b', b: '#ffb703', c: '#126782', d: '#2d0a1a', e: '#fff1f5' },
  { a: '#1d6f6a', b: '#c05a2b', c: '#f0c05a', d: '#112222', e: '#f3efe7' },
  { a: '#f18f01', b: '#2e4057', c: '#c73e1d', d: '#1a1a1a', e: '#fbf5ea' },
  { a: '#5e3a6e', b: '#e6b655', c: '#b83b5e', d: '#21142a', e: '#f8f0f6' },
  { a: '#8a5a44', b: '#d8b384', c: '#3d5a40', d: '#2f1e14', e: '#f5ecdf' },
]

/** Backdrops for the product photographs: wall gradient and floor gradient. */
export type Backdrop = { wall: [string, string]; floor: [string, string]; dark?: boolean }

export const BACKDROPS: Backdrop[] = [
  { wall: ['#f8f1e5', '#ebdcc3'], floor: ['#e4d1b0', '#d3bc95'] },
  { wall: ['#f9ebe4', '#efd5c9'], floor: ['#e8c7b7', '#d9ae9a'] },
  { wall: ['#f0f3e8', '#dce3cf'], floor: ['#d0d8c0', '#bcc6a9'] },
  { wall: ['#f7e8cf', '#eacfa6'], floor: ['#dcbc8e', '#c9a473'] },
  { wall: ['#edf2f4', '#d8e3e8'], floor: ['#cbd8de', '#b5c6cf'] },
  { wall: ['#f4eee5', '#e5dccf'], floor: ['#d7cab7', '#c4b59f'] },
]

export const DARK_BACKDROPS: Backdrop[] = [
  { wall: ['#2f4f4f', '#1c3333'], floor: ['#264242', '#172b2b'], dark: true },
  { wall: ['#5a1e2b', '#3a111b'], floor: ['#4a1823', '#2d0c14'], dark: true },
  { wall: ['#2d2a4a', '#1b1930'], floor: ['#25223f', '#151328'], dark: true },
  { wall: ['#3e2f23', '#261c14'], floor: ['#35281e', '#1e1610'], dark: true },
]

export const GOLD = ['#fff3b0', '#e9c25a', '#b8862b', '#7a5414'] as const
export const BRASS = ['#fbe6a2', '#d9a740', '#a8741f', '#5e3d0c'] as const

export const f = (n: number) => (Math.round(n * 10) / 10).toString()

export function linear(
  id: string,
  stops: [number, string, number?][],
  x2 = 0,
  y2 = 1,
  x1 = 0,
  y1 = 0,
): string {
  const s = stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('')
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`
}

export function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
  const s = stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('')
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`
}

/** Horizontal shading that makes a flat silhouette look round (light from the upper left). */
export function roundShade(id: string, base: string, light: string, dark: string): string {
  return linear(
    id,
    [
      [0, dark],
      [0.22, base],
      [0.38, light],
      [0.55, base],
      [1, dark],
    ],
    1,
    0,
  )
}

/** A flower of n petals (ellipses) around a centre. */
export function flower(
  cx: number,
  cy: number,
  r: number,
  n: number,
  petal: string,
  centre: string,
  rot = 0,
): string {
  let s = ''
  for (let i = 0; i < n; i++) {
    const a = rot + (360 / n) * i
    s += `<ellipse cx="${f(cx)}" cy="${f(cy - r * 0.55)}" rx="${f(r * 0.28)}" ry="${f(r * 0.5)}" fill="${petal}" transform="rotate(${f(a)} ${f(cx)} ${f(cy)})"/>`
  }
  return `${s}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.28)}" fill="${centre}"/>`
}

/** A marigold: layered ruffled discs. */
export function marigold(cx: number, cy: number, r: number, tone: 'orange' | 'yellow' = 'orange'): string {
  const [c1, c2, c3] =
    tone === 'orange' ? ['#d95d0f', '#f08a24', '#ffb347'] : ['#d99a06', '#f5b700', '#ffd65c']
  let s = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${c1}"/>`
  for (let i = 0; i < 14; i++) {
    const a = (Math.PI * 2 * i) / 14
    s += `<circle cx="${f(cx + Math.cos(a) * r * 0.62)}" cy="${f(cy + Math.sin(a) * r * 0.62)}" r="${f(r * 0.38)}" fill="${c2}"/>`
  }
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI * 2 * i) / 8 + 0.3
    s += `<circle cx="${f(cx + Math.cos(a) * r * 0.3)}" cy="${f(cy + Math.sin(a) * r * 0.3)}" r="${f(r * 0.3)}" fill="${c3}"/>`
  }
  return s
}

/** A leaf pointing at angle (degrees), base at (x, y). */
export function leaf(
  x: number,
  y: number,
  len: number,
  angle: number,
  fill: string,
  vein = 'rgba(255,255,255,0.35)',
): string {
  const w = len * 0.32
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0 C ${f(w)} ${f(-len * 0.3)} ${f(w)} ${f(-len * 0.75)} 0 ${f(-len)} C ${f(-w)} ${f(-len * 0.75)} ${f(-w)} ${f(-len * 0.3)} 0 0Z" fill="${fill}"/><path d="M0 0 L0 ${f(-len * 0.92)}" stroke="${vein}" stroke-width="${f(len * 0.03)}"/></g>`
}

export const flameGlowDef = radial('flameGlow', [
  [0, '#ffd27a', 0.75],
  [0.45, '#ffb347', 0.25],
  [1, '#ffb347', 0],
])

/** A ring of beads along an ellipse arc (angles in degrees, 0 = right, 90 = down). */
export function beadArc(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  from: number,
  to: number,
  n: number,
  r: number,
  fills: string[],
  stroke = 'none',
): string {
  let s = ''
  for (let i = 0; i < n; i++) {
    const t = ((from + ((to - from) * i) / Math.max(1, n - 1)) * Math.PI) / 180
    s += `<circle cx="${f(cx + Math.cos(t) * rx)}" cy="${f(cy + Math.sin(t) * ry)}" r="${f(r)}" fill="${fills[i % fills.length]}" stroke="${stroke}" stroke-width="1.5"/>`
  }
  return s
}

/** Concentric petal rings: the basis of mandalas, rosettes and wheel hubs. */
export function mandala(
  cx: number,
  cy: number,
  R: number,
  colours: string[],
  rings = 5,
  dots = true,
): string {
  let s = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="${colours[0]}"/>`
  for (let k = rings; k >= 1; k--) {
    const r = (R * k) / (rings + 0.4)
    const n = 6 + k * 4
    const col = colours[(k % (colours.length - 1)) + 1]
    const pw = (Math.PI * r) / n
    for (let i = 0; i < n; i++) {
      const a = (360 / n) * i + (k % 2) * (180 / n)
      s += `<path d="M${f(cx)} ${f(cy - r + pw * 1.6)} Q ${f(cx + pw * 0.75)} ${f(cy - r + pw * 0.7)} ${f(cx)} ${f(cy - r)} Q ${f(cx - pw * 0.75)} ${f(cy - r + pw * 0.7)} ${f(cx)} ${f(cy - r + pw * 1.6)}Z" fill="${col}" transform="rotate(${f(a)} ${f(cx)} ${f(cy)})"/>`
    }
    s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r - pw * 1.7)}" fill="${colours[(k + 1) % colours.length]}"/>`
    if (dots) {
      for (let i = 0; i < n; i++) {
        const a = ((360 / n) * i * Math.PI) / 180
        const rr = r - pw * 1.95
        s += `<circle cx="${f(cx + Math.sin(a) * rr)}" cy="${f(cy - Math.cos(a) * rr)}" r="${f(Math.max(1.5, pw * 0.16))}" fill="${colours[(k + 2) % colours.length]}"/>`
      }
    }
  }
  return `${s}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R / (rings + 0.4) / 1.8)}" fill="${colours[1]}"/>`
}

/** Escapes text for SVG <text>. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export const SERIF = `'Noto Serif Display', 'Noto Serif', 'DejaVu Serif', 'Liberation Serif', serif`
export const SANS = `'Noto Sans', 'DejaVu Sans', 'Liberation Sans', sans-serif`

/** A drawn object: its ground line is y = 0 and it is centred on x = 0, so it spans x in [-w/2, w/2], y in [-h, 0]. */
export type Drawn = { svg: string; defs?: string; w: number; h: number }

export type DrawCtx = { p: Craft; r: Rand; shape: string | undefined; title: string; index: number }

/** Smooth curve through points (Catmull-Rom as cubic Béziers), without the initial move. */
export function smooth(pts: [number, number][]): string {
  let d = ''
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]
    const p1 = pts[i]
    const p2 = pts[i + 1]
    const p3 = pts[Math.min(pts.length - 1, i + 2)]
    const c1: [number, number] = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6]
    const c2: [number, number] = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6]
    d += ` C ${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`
  }
  return d
}

/** A turned (symmetric) vessel from its right-hand profile, listed from the rim down to the foot. */
export function lathe(profile: [number, number][]): string {
  const right = profile
  const left = [...profile].reverse().map(([x, y]) => [-x, y] as [number, number])
  return `M${f(-right[0][0])} ${f(right[0][1])} L${f(right[0][0])} ${f(right[0][1])}${smooth(right)} L${f(left[0][0])} ${f(left[0][1])}${smooth(left)}Z`
}

/** Prefixes every id of a drawing so that several drawings can share one SVG document. */
export function namespaced(d: Drawn, prefix: string): Drawn {
  const fix = (s: string) =>
    s.replace(/id="([^"]+)"/g, `id="${prefix}-$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
  return { svg: fix(d.svg), defs: fix(d.defs ?? ''), w: d.w, h: d.h }
}
