import type { Craft, DrawCtx, Drawn } from './svg.ts'
import { f, GOLD, linear } from './svg.ts'

const ZARI = linear('zari', [
  [0, GOLD[0]],
  [0.3, GOLD[1]],
  [0.7, GOLD[2]],
  [1, GOLD[1]],
])

/** Body patterns; the id is returned so callers can fill with url(#id). */
function pattern(kind: string, id: string, p: Craft): string {
  switch (kind) {
    case 'butti':
      return `<pattern id="${id}" width="46" height="40" patternUnits="userSpaceOnUse"><rect width="46" height="40" fill="${p.a}"/><path d="M12 22 C 6 14 14 6 20 12 C 24 16 20 22 16 24 C 14 25 13 24 12 22Z" fill="${GOLD[1]}"/><circle cx="35" cy="8" r="2.6" fill="${GOLD[0]}"/></pattern>`
    case 'ikat':
      return `<pattern id="${id}" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="${p.a}"/><path d="M30 8 L44 30 L30 52 L16 30Z" fill="${p.e}" opacity="0.85"/><path d="M30 20 L37 30 L30 40 L23 30Z" fill="${p.b}"/><path d="M0 0 L8 8 M52 52 L60 60 M60 0 L52 8 M0 60 L8 52" stroke="${p.e}" stroke-width="4"/></pattern>`
    case 'bandhani':
      return `<pattern id="${id}" width="18" height="18" patternUnits="userSpaceOnUse"><rect width="18" height="18" fill="${p.a}"/><circle cx="4.5" cy="4.5" r="2.4" fill="#fff6e0"/><circle cx="13.5" cy="13.5" r="2.4" fill="${p.b}"/></pattern>`
    case 'checks':
      return `<pattern id="${id}" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="${p.e}"/><path d="M0 0 H24 M0 0 V24" stroke="${p.a}" stroke-width="3"/><path d="M12 0 V24 M0 12 H24" stroke="${p.a}" stroke-width="1" opacity="0.5"/></pattern>`
    case 'stripes':
      return `<pattern id="${id}" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${p.a}"/><rect x="0" width="6" height="36" fill="${p.b}"/><rect x="10" width="2" height="36" fill="${p.e}" opacity="0.7"/><circle cx="24" cy="18" r="3" fill="${GOLD[1]}"/></pattern>`
    case 'block':
      return `<pattern id="${id}" width="56" height="56" patternUnits="userSpaceOnUse"><rect width="56" height="56" fill="${p.e}"/><g fill="${p.a}">${[0, 60, 120, 180, 240, 300].map((a) => `<ellipse cx="28" cy="19" rx="4.5" ry="8" transform="rotate(${a} 28 28)"/>`).join('')}</g><circle cx="28" cy="28" r="4" fill="${p.b}"/><path d="M0 0 L6 6 M56 0 L50 6 M0 56 L6 50 M56 56 L50 50" stroke="${p.c}" stroke-width="3"/></pattern>`
    case 'dabu':
      return `<pattern id="${id}" width="50" height="50" patternUnits="userSpaceOnUse"><rect width="50" height="50" fill="#24406b"/><circle cx="25" cy="25" r="10" fill="none" stroke="#e8eef7" stroke-width="3"/><circle cx="25" cy="25" r="3" fill="#e8eef7"/><path d="M0 25 H8 M42 25 H50 M25 0 V8 M25 42 V50" stroke="#e8eef7" stroke-width="2"/></pattern>`
    case 'kalamkari':
      return `<pattern id="${id}" width="70" height="60" patternUnits="userSpaceOnUse"><rect width="70" height="60" fill="#efe0c2"/><path d="M20 40 C 10 26 22 10 34 18 C 44 24 40 40 28 44 C 24 45 22 44 20 40Z" fill="#8c2f1b"/><path d="M24 36 C 20 30 26 22 31 26" fill="none" stroke="#1b1b1b" stroke-width="2"/><circle cx="56" cy="14" r="5" fill="#1b1b1b"/><circle cx="56" cy="46" r="3" fill="#b5651d"/></pattern>`
    case 'paisley':
      return `<pattern id="${id}" width="64" height="56" patternUnits="userSpaceOnUse"><rect width="64" height="56" fill="${p.a}"/><path d="M18 40 C 6 28 16 8 32 12 C 44 16 44 34 30 42 C 36 32 30 24 24 28 C 20 32 22 38 18 40Z" fill="${p.b}"/><path d="M50 46 C 44 40 50 32 56 36" fill="none" stroke="${p.e}" stroke-width="2"/><circle cx="48" cy="12" r="2.5" fill="${p.e}"/></pattern>`
    case 'kasavu':
      return `<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#f4ecd8"/><path d="M0 10 H40 M0 30 H40" stroke="#e9dcbc" stroke-width="1"/></pattern>`
    default:
      return `<pattern id="${id}" width="30" height="30" patternUnits="userSpaceOnUse"><rect width="30" height="30" fill="${p.a}"/><circle cx="15" cy="15" r="2" fill="${p.e}" opacity="0.6"/></pattern>`
  }
}

/** One folded garment seen from the front and slightly above. Returns svg with the bottom at y = yBase. */
function packet(
  yBase: number,
  W: number,
  D: number,
  T: number,
  body: string,
  border: string,
  edge: string,
  opts: { fringe?: string; pallu?: string; folds?: number } = {},
): string {
  const inset = W * 0.06
  const yTopFront = yBase - T
  const yTopBack = yTopFront - D
  const top = `M${f(-W / 2)} ${f(yTopFront)} L${f(W / 2)} ${f(yTopFront)} L${f(W / 2 - inset)} ${f(yTopBack)} L${f(-W / 2 + inset)} ${f(yTopBack)}Z`
  // Front face: rounded fold edges stacked.
  const folds = opts.folds ?? 4
  let front = `<path d="M${f(-W / 2)} ${f(yTopFront)} L${f(W / 2)} ${f(yTopFront)} Q ${f(W / 2 + 10)} ${f(yBase - T / 2)} ${f(W / 2)} ${f(yBase)} L${f(-W / 2)} ${f(yBase)} Q ${f(-W / 2 - 10)} ${f(yBase - T / 2)} ${f(-W / 2)} ${f(yTopFront)}Z" fill="${body}"/>`
  for (let i = 0; i < folds; i++) {
    const y = yTopFront + (T / folds) * (i + 0.5)
    front += `<rect x="${f(-W / 2)}" y="${f(y - T / folds / 4)}" width="${f(W)}" height="${f(T / folds / 2.2)}" fill="${border}"/>`
    front += `<path d="M${f(-W / 2)} ${f(yTopFront + (T / folds) * (i + 1))} L${f(W / 2)} ${f(yTopFront + (T / folds) * (i + 1))}" stroke="rgba(0,0,0,0.28)" stroke-width="2"/>`
  }
  front += `<path d="M${f(-W / 2)} ${f(yTopFront)} L${f(W / 2)} ${f(yTopFront)} Q ${f(W / 2 + 10)} ${f(yBase - T / 2)} ${f(W / 2)} ${f(yBase)} L${f(-W / 2)} ${f(yBase)} Q ${f(-W / 2 - 10)} ${f(yBase - T / 2)} ${f(-W / 2)} ${f(yTopFront)}Z" fill="url(#foldShade)"/>`
  // Border along the front and the right edge of the top face.
  const bw = D * 0.2
  let topSvg = `<path d="${top}" fill="${body}"/>`
  topSvg += `<path d="M${f(-W / 2)} ${f(yTopFront)} L${f(W / 2)} ${f(yTopFront)} L${f(W / 2 - inset * (bw / D))} ${f(yTopFront - bw)} L${f(-W / 2 + inset * (bw / D))} ${f(yTopFront - bw)}Z" fill="${border}"/>`
  topSvg += `<path d="M${f(-W / 2 + 4)} ${f(yTopFront - bw - 6)} L${f(W / 2 - 4)} ${f(yTopFront - bw - 6)}" stroke="${edge}" stroke-width="4"/>`
  topSvg += `<path d="M${f(-W / 2 + 2)} ${f(yTopFront - bw * 0.5)} L${f(W / 2 - 2)} ${f(yTopFront - bw * 0.5)}" stroke="${edge}" stroke-width="2" stroke-dasharray="10 6"/>`
  if (opts.pallu) {
    // The pallu folded diagonally over the right half of the top.
    topSvg += `<path d="M${f(W * 0.02)} ${f(yTopFront)} L${f(W / 2)} ${f(yTopFront)} L${f(W / 2 - inset)} ${f(yTopBack)} L${f(W * 0.22)} ${f(yTopBack)}Z" fill="${opts.pallu}"/>`
    topSvg += `<path d="M${f(W * 0.02)} ${f(yTopFront)} L${f(W * 0.22)} ${f(yTopBack)}" stroke="${edge}" stroke-width="10"/>`
    topSvg += `<path d="M${f(W * 0.02)} ${f(yTopFront)} L${f(W * 0.22)} ${f(yTopBack)}" stroke="rgba(0,0,0,0.25)" stroke-width="2" transform="translate(-7 0)"/>`
  }
  topSvg += `<path d="${top}" fill="url(#topSheen)"/>`
  let fringe = ''
  if (opts.fringe) {
    for (let x = -W / 2 + 6; x < W / 2; x += 9) {
      fringe += `<path d="M${f(x)} ${f(yBase - 2)} q 2 10 -1 ${f(18 + ((x * 7) % 6))}" stroke="${opts.fringe}" stroke-width="3" fill="none" stroke-linecap="round"/>`
    }
  }
  return `${fringe}${front}${topSvg}`
}

const SHADE_DEFS =
  linear('foldShade', [
    [0, '#ffffff', 0.12],
    [0.5, '#000000', 0],
    [1, '#000000', 0.22],
  ]) +
  linear(
    'topSheen',
    [
      [0, '#ffffff', 0.22],
      [0.5, '#ffffff', 0],
      [1, '#000000', 0.1],
    ],
    1,
    1,
  )

function saree(ctx: DrawCtx): Drawn {
  const { p, title } = ctx
  const t = title.toLowerCase()
  const kind = t.includes('ikat') ? 'ikat' : t.includes('kasavu') ? 'kasavu' : 'butti'
  const isKasavu = kind === 'kasavu'
  const isMuga = t.includes('muga') || t.includes('kosa')
  const bodyP: Craft = isMuga ? { ...p, a: '#c99a3c' } : p
  const defs =
    ZARI +
    SHADE_DEFS +
    pattern(kind, 'body', bodyP) +
    pattern(isKasavu ? 'kasavu' : 'stripes', 'pallu', {
      ...bodyP,
      a: isKasavu ? '#f4ecd8' : p.c,
      b: GOLD[1],
    }) +
    `<pattern id="templeBorder" width="28" height="24" patternUnits="userSpaceOnUse"><rect width="28" height="24" fill="url(#zari)"/><path d="M0 24 L14 6 L28 24Z" fill="${isKasavu ? GOLD[2] : p.b}"/><circle cx="14" cy="16" r="3" fill="${GOLD[0]}"/></pattern>`
  const border = 'url(#templeBorder)'
  // Two more sarees under the first, in contrasting colours, as they are stacked on a shop counter.
  const under2 = packet(0, 466, 110, 56, p.c, 'url(#zari)', GOLD[2], { folds: 3 })
  const under1 = `<g transform="translate(8 0)">${packet(-56, 454, 110, 56, isKasavu ? 'url(#body)' : p.b, 'url(#zari)', GOLD[2], { folds: 3 })}</g>`
  const top = packet(-112, 440, 112, 80, 'url(#body)', border, isKasavu ? '#8c2f1b' : p.b, {
    pallu: 'url(#pallu)',
    folds: 4,
  })
  // The pallu end spills over the front edge and onto the floor.
  const drapePath =
    'M-200 -192 C -190 -140 -240 -100 -236 -56 C -232 -16 -262 0 -300 4 L-240 6 C -200 4 -180 -20 -184 -60 C -188 -100 -150 -140 -140 -192Z'
  const drape = `<path d="${drapePath}" fill="url(#pallu)"/><path d="M-200 -192 C -190 -140 -240 -100 -236 -56 C -232 -16 -262 0 -300 4" stroke="${GOLD[1]}" stroke-width="9" fill="none"/><path d="M-140 -192 C -150 -140 -188 -100 -184 -60 C -180 -20 -200 4 -240 6" stroke="${GOLD[2]}" stroke-width="9" fill="none"/><path d="${drapePath}" fill="url(#foldShade)"/>`
  const under = under2 + under1
  return { svg: under + top + drape, defs, w: 560, h: 310 }
}

function hangingStand(inner: string, w: number, h: number): string {
  return `<rect x="${f(-w / 2 - 30)}" y="${f(-h - 30)}" width="12" height="${f(h + 30)}" rx="4" fill="#6b3f22"/>
  <rect x="${f(w / 2 + 18)}" y="${f(-h - 30)}" width="12" height="${f(h + 30)}" rx="4" fill="#6b3f22"/>
  <rect x="${f(-w / 2 - 60)}" y="-8" width="72" height="8" rx="3" fill="#4a2a15"/><rect x="${f(w / 2 - 12)}" y="-8" width="72" height="8" rx="3" fill="#4a2a15"/>
  ${inner}
  <rect x="${f(-w / 2 - 40)}" y="${f(-h - 26)}" width="${f(w + 80)}" height="16" rx="8" fill="url(#rod)"/>`
}

function stole(ctx: DrawCtx): Drawn {
  const { p, title } = ctx
  const t = title.toLowerCase()
  const kind = t.includes('bandhani')
    ? 'bandhani'
    : t.includes('kota')
      ? 'checks'
      : t.includes('eri')
        ? 'default'
        : 'stripes'
  const defs =
    ZARI +
    pattern(kind, 'stoleA', p) +
    pattern(kind === 'checks' ? 'checks' : 'stripes', 'stoleB', { ...p, a: p.c, b: p.b }) +
    linear('rod', [
      [0, '#a06a3d'],
      [0.5, '#6b3f22'],
      [1, '#3f2412'],
    ]) +
    linear(
      'drapeShade',
      [
        [0, '#000', 0.18],
        [0.2, '#000', 0],
        [0.5, '#fff', 0.12],
        [0.8, '#000', 0],
        [1, '#000', 0.2],
      ],
      1,
      0,
    )
  const h = 430
  const w = 300
  const panel = (x: number, width: number, len: number, fill: string, fringe: string) => {
    let s = `<path d="M${f(x)} ${f(-h - 18)} L${f(x + width)} ${f(-h - 18)} C ${f(x + width + 6)} ${f(-h + len * 0.4)} ${f(x + width - 8)} ${f(-h + len * 0.7)} ${f(x + width)} ${f(-h + len)} L${f(x)} ${f(-h + len)} C ${f(x - 8)} ${f(-h + len * 0.7)} ${f(x + 6)} ${f(-h + len * 0.4)} ${f(x)} ${f(-h - 18)}Z" fill="${fill}"/>`
    s += `<path d="M${f(x)} ${f(-h - 18)} L${f(x + width)} ${f(-h - 18)} C ${f(x + width + 6)} ${f(-h + len * 0.4)} ${f(x + width - 8)} ${f(-h + len * 0.7)} ${f(x + width)} ${f(-h + len)} L${f(x)} ${f(-h + len)} C ${f(x - 8)} ${f(-h + len * 0.7)} ${f(x + 6)} ${f(-h + len * 0.4)} ${f(x)} ${f(-h - 18)}Z" fill="url(#drapeShade)"/>`
    s += `<rect x="${f(x)}" y="${f(-h + len - 34)}" width="${f(width)}" height="22" fill="url(#zari)" opacity="0.9"/>`
    for (let xx = x + 5; xx < x + width; xx += 10) {
      s += `<path d="M${f(xx)} ${f(-h + len)} l 0 26" stroke="${fringe}" stroke-width="3.5" stroke-linecap="round"/><circle cx="${f(xx)}" cy="${f(-h + len + 28)}" r="3" fill="${fringe}"/>`
    }
    return s
  }
  const inner =
    panel(-w / 2, w * 0.62, 360, 'url(#stoleA)', p.b) +
    panel(-w / 2 + w * 0.42, w * 0.58, 320, 'url(#stoleB)', p.a)
  return { svg: hangingStand(inner, w, h), defs, w: w + 140, h: h + 30 }
}

function bedsheet(ctx: DrawCtx): Drawn {
  const { p, title } = ctx
  const t = title.toLowerCase()
  const kind = t.includes('dabu')
    ? 'dabu'
    : t.includes('kalamkari')
      ? 'kalamkari'
      : t.includes('handloom')
        ? 'stripes'
        : 'block'
  const defs =
    SHADE_DEFS +
    pattern(kind, 'sheet', p) +
    `<pattern id="sheetBorder" width="30" height="20" patternUnits="userSpaceOnUse"><rect width="30" height="20" fill="${kind === 'dabu' ? '#1a2f52' : p.a}"/><circle cx="15" cy="10" r="5" fill="${p.e}"/><circle cx="15" cy="10" r="2" fill="${p.b}"/></pattern>`
  const base = packet(0, 460, 130, 110, 'url(#sheet)', 'url(#sheetBorder)', p.c, { folds: 5 })
  const pillow1 = `<g transform="translate(-105 -150)">${packet(0, 210, 60, 44, 'url(#sheet)', 'url(#sheetBorder)', p.c, { folds: 2 })}</g>`
  const pillow2 = `<g transform="translate(100 -160)">${packet(0, 200, 56, 40, 'url(#sheet)', 'url(#sheetBorder)', p.c, { folds: 2 })}</g>`
  return { svg: base + pillow1 + pillow2, defs, w: 480, h: 270 }
}

function shawl(ctx: DrawCtx): Drawn {
  const { p, title } = ctx
  const t = title.toLowerCase()
  const wool: Craft = t.includes('bhujodi') ? { ...p, a: '#e9dfcc', b: '#3b2f2a', c: '#9c2f2f' } : p
  const defs =
    SHADE_DEFS +
    pattern('paisley', 'shawlBody', wool) +
    `<pattern id="shawlBorder" width="44" height="30" patternUnits="userSpaceOnUse"><rect width="44" height="30" fill="${wool.c}"/><path d="M10 24 C 2 16 10 4 20 8 C 28 12 26 22 18 26 C 22 20 18 14 14 18 C 12 20 12 23 10 24Z" fill="${wool.b}"/><path d="M30 6 L38 15 L30 24 L22 15Z" fill="${wool.e}" opacity="0.8"/></pattern>`
  const under = `<g transform="translate(-10 0)">${packet(0, 450, 120, 64, 'url(#shawlBody)', 'url(#shawlBorder)', wool.b, { folds: 3, fringe: wool.b })}</g>`
  const top = packet(-66, 410, 110, 70, 'url(#shawlBody)', 'url(#shawlBorder)', wool.e, {
    folds: 3,
    fringe: wool.c,
  })
  return { svg: under + top, defs, w: 470, h: 260 }
}

export const textileDrawers = { saree, stole, bedsheet, shawl }
