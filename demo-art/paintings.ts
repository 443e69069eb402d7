import type { DrawCtx, Drawn } from './svg.ts'
import { f, flower, leaf, linear } from './svg.ts'

const FRAMES = [
  ['#6b3f22', '#8f5a32', '#4a2a15'],
  ['#2f2a26', '#4b433c', '#1c1815'],
  ['#a67c3d', '#d4ad62', '#7a5724'],
  ['#7a2e1f', '#9c4330', '#52190f'],
]

/** A painting in a wooden frame leaning on the floor; `inner` is drawn in 0..w, 0..h. */
function framed(inner: string, w: number, h: number, frameIdx: number, defs = '', mat = 0): Drawn {
  const F = 26
  const [c1, c2, c3] = FRAMES[frameIdx % FRAMES.length]
  const W = w + 2 * F + 2 * mat
  const H = h + 2 * F + 2 * mat
  const x0 = -W / 2
  const y0 = -H
  const frameDefs = linear(
    'frameWood',
    [
      [0, c2],
      [0.5, c1],
      [1, c3],
    ],
    1,
    1,
  )
  const svg = `
  <rect x="${f(x0)}" y="${f(y0)}" width="${f(W)}" height="${f(H)}" fill="url(#frameWood)"/>
  <rect x="${f(x0 + 5)}" y="${f(y0 + 5)}" width="${f(W - 10)}" height="${f(H - 10)}" fill="none" stroke="rgba(255,255,255,0.18)" stroke-width="2"/>
  <rect x="${f(x0 + F - 4)}" y="${f(y0 + F - 4)}" width="${f(W - 2 * F + 8)}" height="${f(H - 2 * F + 8)}" fill="${c3}"/>
  ${mat ? `<rect x="${f(x0 + F)}" y="${f(y0 + F)}" width="${f(W - 2 * F)}" height="${f(H - 2 * F)}" fill="#f7f2e8"/>` : ''}
  <g transform="translate(${f(x0 + F + mat)} ${f(y0 + F + mat)})">${inner}</g>
  <rect x="${f(x0 + F + mat)}" y="${f(y0 + F + mat)}" width="${f(w)}" height="${f(h)}" fill="url(#frameGlass)"/>`
  const glass = linear(
    'frameGlass',
    [
      [0, '#ffffff', 0.16],
      [0.35, '#ffffff', 0],
      [1, '#000000', 0.06],
    ],
    1,
    1,
  )
  return { svg, defs: frameDefs + glass + defs, w: W, h: H }
}

/** Madhubani double border with a band of triangles. */
function mithilaBorder(w: number, h: number, ink: string, c1: string, c2: string): string {
  const b = 26
  let tri = ''
  const n = Math.round(w / 22)
  const m = Math.round(h / 22)
  const sx = w / n
  const sy = h / m
  for (let i = 0; i < n; i++) {
    const x = i * sx
    tri += `<path d="M${f(x)} ${b} L${f(x + sx / 2)} 6 L${f(x + sx)} ${b}Z" fill="${i % 2 ? c1 : c2}"/>`
    tri += `<path d="M${f(x)} ${f(h - b)} L${f(x + sx / 2)} ${f(h - 6)} L${f(x + sx)} ${f(h - b)}Z" fill="${i % 2 ? c2 : c1}"/>`
  }
  for (let j = 0; j < m; j++) {
    const y = j * sy
    tri += `<path d="M${b} ${f(y)} L6 ${f(y + sy / 2)} L${b} ${f(y + sy)}Z" fill="${j % 2 ? c1 : c2}"/>`
    tri += `<path d="M${f(w - b)} ${f(y)} L${f(w - 6)} ${f(y + sy / 2)} L${f(w - b)} ${f(y + sy)}Z" fill="${j % 2 ? c2 : c1}"/>`
  }
  return `${tri}<rect x="4" y="4" width="${w - 8}" height="${h - 8}" fill="none" stroke="${ink}" stroke-width="3"/>
  <rect x="${b}" y="${b}" width="${w - 2 * b}" height="${h - 2 * b}" fill="none" stroke="${ink}" stroke-width="3"/>
  <rect x="${b + 6}" y="${b + 6}" width="${w - 2 * b - 12}" height="${h - 2 * b - 12}" fill="none" stroke="${ink}" stroke-width="1.5"/>`
}

/** A Mithila fish: almond body with coloured bands, hatching, scales and a fan tail. */
export function fish(
  cx: number,
  cy: number,
  L: number,
  angle: number,
  c: string[],
  ink: string,
  id: string,
): string {
  const H = L * 0.42
  const body = `M${f(-L)} 0 C ${f(-L * 0.4)} ${f(-H * 1.25)} ${f(L * 0.45)} ${f(-H * 1.1)} ${f(L)} 0 C ${f(L * 0.45)} ${f(H * 1.1)} ${f(-L * 0.4)} ${f(H * 1.25)} ${f(-L)} 0Z`
  let bands = ''
  const nb = 6
  for (let i = 0; i < nb; i++) {
    const x = -L + ((2 * L) / nb) * i
    bands += `<rect x="${f(x)}" y="${f(-H * 1.3)}" width="${f((2 * L) / nb)}" height="${f(H * 2.6)}" fill="${c[i % c.length]}"/>`
    for (let k = 1; k < 5; k++) {
      const xx = x + ((2 * L) / nb / 5) * k
      bands += `<path d="M${f(xx)} ${f(-H * 1.3)} L${f(xx)} ${f(H * 1.3)}" stroke="${ink}" stroke-width="1.2" opacity="0.55"/>`
    }
    bands += `<path d="M${f(x)} ${f(-H * 1.3)} L${f(x)} ${f(H * 1.3)}" stroke="${ink}" stroke-width="2.5"/>`
  }
  let scales = ''
  for (let i = 0; i < 3; i++) {
    for (let j = -1; j <= 1; j++) {
      const sx = -L * 0.25 + i * L * 0.22
      const sy = j * H * 0.42
      scales += `<path d="M${f(sx - 10)} ${f(sy)} Q ${f(sx)} ${f(sy - 14)} ${f(sx + 10)} ${f(sy)}" fill="none" stroke="${ink}" stroke-width="2"/>`
    }
  }
  const tail = `M${f(-L * 0.92)} 0 L${f(-L * 1.45)} ${f(-H * 0.95)} Q ${f(-L * 1.25)} 0 ${f(-L * 1.45)} ${f(H * 0.95)}Z`
  const fin = `M${f(-L * 0.1)} ${f(-H * 0.95)} Q ${f(L * 0.05)} ${f(-H * 1.7)} ${f(L * 0.35)} ${f(-H * 0.85)}Z`
  const fin2 = `M${f(-L * 0.1)} ${f(H * 0.95)} Q ${f(L * 0.05)} ${f(H * 1.7)} ${f(L * 0.35)} ${f(H * 0.85)}Z`
  return `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})">
  <clipPath id="${id}"><path d="${body}"/></clipPath>
  <path d="${tail}" fill="${c[1]}" stroke="${ink}" stroke-width="3"/>
  <path d="${fin}" fill="${c[2]}" stroke="${ink}" stroke-width="3"/><path d="${fin2}" fill="${c[2]}" stroke="${ink}" stroke-width="3"/>
  <g clip-path="url(#${id})">${bands}${scales}</g>
  <path d="${body}" fill="none" stroke="${ink}" stroke-width="4"/>
  <path d="${body}" fill="none" stroke="${ink}" stroke-width="1.5" transform="scale(0.9)"/>
  <circle cx="${f(L * 0.62)}" cy="${f(-H * 0.18)}" r="${f(L * 0.11)}" fill="#fffaf0" stroke="${ink}" stroke-width="3"/>
  <circle cx="${f(L * 0.65)}" cy="${f(-H * 0.18)}" r="${f(L * 0.05)}" fill="${ink}"/>
  </g>`
}

function bird(
  x: number,
  y: number,
  s: number,
  body: string,
  wing: string,
  ink: string,
  flip = false,
): string {
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${flip ? -s : s} ${s})">
  <path d="M-30 4 L-52 -10 L-48 10Z" fill="${wing}" stroke="${ink}" stroke-width="2"/>
  <ellipse cx="0" cy="0" rx="32" ry="18" fill="${body}" stroke="${ink}" stroke-width="2.5"/>
  <path d="M-14 -4 Q 4 -22 18 -2 Q 2 6 -14 -4Z" fill="${wing}" stroke="${ink}" stroke-width="2"/>
  <circle cx="28" cy="-14" r="11" fill="${body}" stroke="${ink}" stroke-width="2.5"/>
  <path d="M37 -16 L50 -12 L37 -9Z" fill="#e8a317" stroke="${ink}" stroke-width="1.5"/>
  <circle cx="31" cy="-16" r="2.5" fill="${ink}"/>
  </g>`
}

function treeOfLife(
  w: number,
  h: number,
  c: string[],
  ink: string,
  r: () => number,
  style: 'mithila' | 'gond' | 'patta',
): string {
  const cx = w / 2
  const base = h * 0.88
  const trunkTop = h * 0.3
  let s = ''
  // Branches: a few curves from the trunk, ending in leaf clusters.
  const branches: [number, number, number, number][] = []
  for (let i = 0; i < 7; i++) {
    const y = trunkTop + (base - trunkTop) * (0.05 + i * 0.1)
    const side = i % 2 ? 1 : -1
    const len = w * (0.34 - i * 0.025)
    branches.push([cx, y, cx + side * len, y - h * 0.12])
  }
  branches.push([cx, trunkTop + 10, cx, h * 0.12])
  const trunkFill = style === 'gond' ? 'url(#gondDash)' : c[3]
  s += `<path d="M${f(cx - 36)} ${f(base)} C ${f(cx - 18)} ${f(h * 0.6)} ${f(cx - 14)} ${f(h * 0.4)} ${f(cx - 8)} ${f(trunkTop)} L${f(cx + 8)} ${f(trunkTop)} C ${f(cx + 14)} ${f(h * 0.4)} ${f(cx + 18)} ${f(h * 0.6)} ${f(cx + 36)} ${f(base)}Z" fill="${trunkFill}" stroke="${ink}" stroke-width="3"/>`
  for (const [x1, y1, x2, y2] of branches) {
    s += `<path d="M${f(x1)} ${f(y1)} Q ${f((x1 + x2) / 2)} ${f(y1 - 10)} ${f(x2)} ${f(y2)}" fill="none" stroke="${ink}" stroke-width="5"/>`
    for (let k = 0; k < 5; k++) {
      const t = 0.35 + k * 0.16
      const lx = x1 + (x2 - x1) * t
      const ly = y1 + (y2 - y1) * t - 6
      const col = c[(k + Math.floor(r() * 3)) % c.length]
      s += leaf(lx, ly, 34 + r() * 10, (k % 2 ? 35 : -35) + (x2 > x1 ? 15 : -15), col, 'rgba(0,0,0,0.35)')
    }
    s += flower(x2, y2, 22, 8, c[0], c[1])
  }
  // Roots and ground
  s += `<path d="M${f(w * 0.12)} ${f(base)} Q ${f(cx)} ${f(base - 16)} ${f(w * 0.88)} ${f(base)}" fill="none" stroke="${ink}" stroke-width="3"/>`
  s += bird(cx - w * 0.22, h * 0.42, 0.9, c[2], c[0], ink)
  s += bird(cx + w * 0.24, h * 0.58, 0.8, c[0], c[2], ink, true)
  if (style !== 'gond') s += bird(cx + w * 0.05, h * 0.18, 0.7, c[1], c[2], ink)
  return s
}

function peacock(w: number, h: number, c: string[], ink: string, fill: string): string {
  const cx = w * 0.5
  const cy = h * 0.6
  let tail = ''
  for (let i = 0; i < 11; i++) {
    const a = -160 + i * 14
    const rad = (a * Math.PI) / 180
    const x = cx - 40 + Math.cos(rad) * w * 0.3
    const y = cy + Math.sin(rad) * h * 0.32
    tail += `<path d="M${f(cx - 40)} ${f(cy)} L${f(x)} ${f(y)}" stroke="${ink}" stroke-width="2.5"/>`
    tail += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="24" ry="34" fill="${c[2]}" stroke="${ink}" stroke-width="2.5" transform="rotate(${f(a + 90)} ${f(x)} ${f(y)})"/>`
    tail += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="13" ry="20" fill="${c[1]}" transform="rotate(${f(a + 90)} ${f(x)} ${f(y)})"/>`
    tail += `<circle cx="${f(x)}" cy="${f(y)}" r="7" fill="${c[0]}"/>`
  }
  const body = `M${f(cx - 90)} ${f(cy + 20)} C ${f(cx - 80)} ${f(cy - 60)} ${f(cx + 10)} ${f(cy - 70)} ${f(cx + 30)} ${f(cy - 30)} C ${f(cx + 40)} ${f(cy - 80)} ${f(cx + 40)} ${f(cy - 150)} ${f(cx + 60)} ${f(cy - 175)} C ${f(cx + 80)} ${f(cy - 195)} ${f(cx + 105)} ${f(cy - 180)} ${f(cx + 100)} ${f(cy - 160)} C ${f(cx + 80)} ${f(cy - 140)} ${f(cx + 70)} ${f(cy - 90)} ${f(cx + 75)} ${f(cy - 20)} C ${f(cx + 70)} ${f(cy + 40)} ${f(cx)} ${f(cy + 70)} ${f(cx - 90)} ${f(cy + 20)}Z`
  return `${tail}
  <path d="${body}" fill="${fill}" stroke="${ink}" stroke-width="4"/>
  <path d="M${f(cx - 60)} ${f(cy + 10)} C ${f(cx - 40)} ${f(cy - 40)} ${f(cx + 10)} ${f(cy - 30)} ${f(cx + 30)} ${f(cy + 10)} C ${f(cx)} ${f(cy + 30)} ${f(cx - 40)} ${f(cy + 30)} ${f(cx - 60)} ${f(cy + 10)}Z" fill="${c[1]}" stroke="${ink}" stroke-width="2.5"/>
  <circle cx="${f(cx + 88)}" cy="${f(cy - 170)}" r="4" fill="${ink}"/>
  <path d="M${f(cx + 100)} ${f(cy - 170)} L${f(cx + 122)} ${f(cy - 163)} L${f(cx + 100)} ${f(cy - 158)}Z" fill="#e8a317" stroke="${ink}" stroke-width="2"/>
  <path d="M${f(cx + 80)} ${f(cy - 190)} L${f(cx + 72)} ${f(cy - 225)} M${f(cx + 86)} ${f(cy - 192)} L${f(cx + 88)} ${f(cy - 228)} M${f(cx + 92)} ${f(cy - 190)} L${f(cx + 104)} ${f(cy - 222)}" stroke="${ink}" stroke-width="3"/>
  <circle cx="${f(cx + 72)}" cy="${f(cy - 228)}" r="6" fill="${c[0]}"/><circle cx="${f(cx + 88)}" cy="${f(cy - 231)}" r="6" fill="${c[0]}"/><circle cx="${f(cx + 104)}" cy="${f(cy - 225)}" r="6" fill="${c[0]}"/>
  <path d="M${f(cx - 10)} ${f(cy + 50)} L${f(cx - 20)} ${f(cy + 110)} M${f(cx + 30)} ${f(cy + 45)} L${f(cx + 36)} ${f(cy + 110)}" stroke="${ink}" stroke-width="5"/>`
}

function deer(w: number, h: number, c: string[], ink: string, fill: string): string {
  // A leaping deer under a Gond tree; legs are tapered shapes filled with the same pattern as the body.
  const leg = (x1: number, y1: number, x2: number, y2: number, wd: number) => {
    const ang = Math.atan2(y2 - y1, x2 - x1) + Math.PI / 2
    const dx = Math.cos(ang)
    const dy = Math.sin(ang)
    return `<path d="M${f(x1 - dx * wd)} ${f(y1 - dy * wd)} L${f(x2 - dx * wd * 0.35)} ${f(y2 - dy * wd * 0.35)} L${f(x2 + dx * wd * 0.35)} ${f(y2 + dy * wd * 0.35)} L${f(x1 + dx * wd)} ${f(y1 + dy * wd)}Z" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><circle cx="${f(x2)}" cy="${f(y2)}" r="${f(wd * 0.45)}" fill="${ink}"/>`
  }
  const x = w * 0.3
  const y = h * 0.6
  const body = `M${f(x - 110)} ${f(y + 10)} C ${f(x - 120)} ${f(y - 50)} ${f(x - 20)} ${f(y - 75)} ${f(x + 80)} ${f(y - 55)} C ${f(x + 120)} ${f(y - 70)} ${f(x + 140)} ${f(y - 120)} ${f(x + 165)} ${f(y - 150)} L${f(x + 215)} ${f(y - 130)} C ${f(x + 190)} ${f(y - 100)} ${f(x + 170)} ${f(y - 50)} ${f(x + 150)} ${f(y - 5)} C ${f(x + 130)} ${f(y + 45)} ${f(x + 40)} ${f(y + 55)} ${f(x - 30)} ${f(y + 50)} C ${f(x - 80)} ${f(y + 48)} ${f(x - 105)} ${f(y + 35)} ${f(x - 110)} ${f(y + 10)}Z`
  const legs =
    leg(x - 70, y + 35, x - 140, y + 100, 16) +
    leg(x - 40, y + 40, x - 64, y + 122, 16) +
    leg(x + 110, y + 30, x + 180, y + 96, 16) +
    leg(x + 130, y + 15, x + 220, y + 52, 15)
  const antlers = `M${f(x + 175)} ${f(y - 145)} L${f(x + 160)} ${f(y - 185)} L${f(x + 136)} ${f(y - 205)} M${f(x + 160)} ${f(y - 185)} L${f(x + 182)} ${f(y - 212)} M${f(x + 195)} ${f(y - 140)} L${f(x + 214)} ${f(y - 180)} L${f(x + 240)} ${f(y - 198)} M${f(x + 214)} ${f(y - 180)} L${f(x + 212)} ${f(y - 210)}`
  // The tree on the right: trunk and a crown of dotted leaves.
  const tx = w * 0.82
  let tree = `<path d="M${f(tx - 16)} ${f(h - 30)} C ${f(tx - 10)} ${f(h * 0.6)} ${f(tx - 8)} ${f(h * 0.4)} ${f(tx)} ${f(h * 0.22)} C ${f(tx + 8)} ${f(h * 0.4)} ${f(tx + 10)} ${f(h * 0.6)} ${f(tx + 16)} ${f(h - 30)}Z" fill="${c[0]}" stroke="${ink}" stroke-width="3"/>`
  for (let i = 0; i < 9; i++) {
    const a = -150 + i * 15
    tree += leaf(
      tx,
      h * (0.3 + (i % 3) * 0.08),
      70 + (i % 2) * 20,
      a + 90,
      i % 2 ? c[1] : c[2],
      'rgba(0,0,0,0.35)',
    )
  }
  const ground = `<path d="M20 ${f(h - 26)} Q ${f(w / 2)} ${f(h - 40)} ${f(w - 20)} ${f(h - 26)}" stroke="${ink}" stroke-width="3" fill="none"/>`
  return `${tree}${ground}${legs}<path d="${body}" fill="${fill}" stroke="${ink}" stroke-width="4"/>
  <path d="${antlers}" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>
  <path d="M${f(x + 168)} ${f(y - 142)} L${f(x + 150)} ${f(y - 160)} L${f(x + 178)} ${f(y - 156)}Z" fill="${ink}"/>
  <circle cx="${f(x + 196)} " cy="${f(y - 120)}" r="5" fill="${ink}"/>
  <path d="M${f(x - 108)} ${f(y)} L${f(x - 140)} ${f(y - 24)}" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>
  <circle cx="${f(w * 0.12)}" cy="${f(h * 0.16)}" r="26" fill="${c[0]}" stroke="${ink}" stroke-width="3"/>`
}

function madhubani(ctx: DrawCtx): Drawn {
  const { p, shape, r } = ctx
  const ink = '#1d1a17'
  const c = [p.a, p.b, p.c, '#2f7d4f']
  const landscape = shape === 'fish'
  const w = landscape ? 520 : 420
  const h = landscape ? 400 : 520
  let inner = `<rect width="${w}" height="${h}" fill="#f6e7c8"/>${mithilaBorder(w, h, ink, p.a, p.b)}`
  if (shape === 'fish') {
    inner +=
      fish(w * 0.5, h * 0.36, 110, 10, c, ink, 'mfA') +
      fish(w * 0.5, h * 0.66, 110, 190, [p.b, p.c, p.a], ink, 'mfB')
    inner += flower(70, 70, 26, 8, p.a, p.b) + flower(w - 70, h - 70, 26, 8, p.c, p.b)
    inner += flower(w - 70, 70, 22, 8, p.b, p.a) + flower(70, h - 70, 22, 8, p.b, p.c)
  } else if (shape === 'peacock') {
    inner += `<g transform="translate(${w * 0.06} ${h * 0.06}) scale(0.88)">${peacock(w, h, c, ink, p.c)}</g>`
  } else {
    inner += `<g transform="translate(${w * 0.08} ${h * 0.07}) scale(0.84)">${treeOfLife(w, h, c, ink, r, 'mithila')}</g>`
  }
  return framed(inner, w, h, ctx.index, '', shape === 'fish' ? 18 : 0)
}

function warliPerson(
  x: number,
  y: number,
  s: number,
  col: string,
  arms: 'up' | 'out' | 'down' = 'out',
): string {
  const sw = f(Math.max(1.6, s * 0.05))
  const armY = y - s * 0.78
  const armEnd = arms === 'up' ? -s * 1.05 : arms === 'out' ? -s * 0.62 : -s * 0.42
  return `<circle cx="${f(x)}" cy="${f(y - s * 1.0)}" r="${f(s * 0.14)}" fill="${col}"/>
  <path d="M${f(x - s * 0.22)} ${f(y - s * 0.82)} L${f(x + s * 0.22)} ${f(y - s * 0.82)} L${f(x)} ${f(y - s * 0.47)}Z M${f(x)} ${f(y - s * 0.47)} L${f(x - s * 0.2)} ${f(y - s * 0.14)} L${f(x + s * 0.2)} ${f(y - s * 0.14)}Z" fill="${col}"/>
  <path d="M${f(x - s * 0.14)} ${f(y - s * 0.14)} L${f(x - s * 0.24)} ${f(y)} M${f(x + s * 0.14)} ${f(y - s * 0.14)} L${f(x + s * 0.24)} ${f(y)} M${f(x - s * 0.2)} ${f(armY)} L${f(x - s * 0.42)} ${f(y + armEnd)} M${f(x + s * 0.2)} ${f(armY)} L${f(x + s * 0.42)} ${f(y + armEnd)}" stroke="${col}" stroke-width="${sw}" stroke-linecap="round"/>`
}

function warliTree(x: number, y: number, s: number, col: string): string {
  let t = `<path d="M${f(x)} ${f(y)} L${f(x)} ${f(y - s)}" stroke="${col}" stroke-width="${f(s * 0.05)}"/>`
  for (let i = 0; i < 6; i++) {
    const yy = y - s * 0.35 - i * s * 0.11
    const len = s * (0.4 - i * 0.05)
    t += `<path d="M${f(x)} ${f(yy)} L${f(x - len)} ${f(yy - len * 0.6)} M${f(x)} ${f(yy)} L${f(x + len)} ${f(yy - len * 0.6)}" stroke="${col}" stroke-width="${f(s * 0.025)}"/>`
    for (let k = 1; k <= 3; k++) {
      t += `<circle cx="${f(x - (len * k) / 3)}" cy="${f(yy - (len * 0.6 * k) / 3 - 4)}" r="${f(s * 0.018)}" fill="${col}"/><circle cx="${f(x + (len * k) / 3)}" cy="${f(yy - (len * 0.6 * k) / 3 - 4)}" r="${f(s * 0.018)}" fill="${col}"/>`
    }
  }
  return t
}

function warliHut(x: number, y: number, s: number, col: string): string {
  return `<path d="M${f(x - s * 0.6)} ${f(y - s * 0.55)} L${f(x)} ${f(y - s)} L${f(x + s * 0.6)} ${f(y - s * 0.55)}Z" fill="none" stroke="${col}" stroke-width="3"/>
  <rect x="${f(x - s * 0.45)}" y="${f(y - s * 0.55)}" width="${f(s * 0.9)}" height="${f(s * 0.55)}" fill="none" stroke="${col}" stroke-width="3"/>
  <path d="M${f(x - s * 0.12)} ${f(y)} L${f(x - s * 0.12)} ${f(y - s * 0.3)} L${f(x + s * 0.12)} ${f(y - s * 0.3)} L${f(x + s * 0.12)} ${f(y)}" fill="none" stroke="${col}" stroke-width="3"/>`
}

const WARLI_GROUNDS = ['#7a3b1e', '#5b3a29', '#9c4a26', '#3d2b1f', '#2b3a55']

function warli(ctx: DrawCtx): Drawn {
  const { shape } = ctx
  const bg = WARLI_GROUNDS[ctx.index % WARLI_GROUNDS.length]
  const white = '#f8f1e3'
  if (shape === 'bookmarks') {
    let s = ''
    const grounds = ['#7a3b1e', '#2b3a55', '#3d5a40', '#8c2f39']
    for (let i = 0; i < 4; i++) {
      const x = -250 + i * 128
      const rot = -6 + i * 4
      s += `<g transform="rotate(${rot} ${x + 52} -200)">
      <rect x="${x}" y="-420" width="104" height="400" rx="6" fill="${grounds[i]}" stroke="#e8d9bd" stroke-width="4"/>
      <circle cx="${x + 52}" cy="-395" r="8" fill="#f3e3c3"/>
      <path d="M${x + 52} -395 Q ${x + 40} -450 ${x + 60} -480" stroke="${['#e9c46a', '#e76f51', '#2a9d8f', '#f4a261'][i]}" stroke-width="6" fill="none"/>
      ${warliPerson(x + 52, -120, 110, white, i % 2 ? 'up' : 'out')}
      ${warliTree(x + 52, -200, 120, white).replace(/<path d="M[^"]*" stroke="[^"]*" stroke-width="[^"]*"\/>/, '')}
      <path d="M${x + 14} -60 L${x + 90} -60" stroke="${white}" stroke-width="3"/>
      </g>`
    }
    return { svg: s, w: 540, h: 480 }
  }
  const w = 520
  const h = shape === 'dance' ? 400 : 420
  let inner = `<rect width="${w}" height="${h}" fill="${bg}"/>`
  if (shape === 'dance') {
    const cx = w / 2
    const cy = h / 2 + 10
    for (const [rad, n, s] of [
      [165, 26, 40],
      [112, 18, 36],
      [62, 10, 32],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const a = (360 / n) * i
        inner += `<g transform="rotate(${f(a)} ${cx} ${cy})">${warliPerson(cx, cy - rad + s * 0.55, s, white, 'out')}</g>`
      }
    }
    inner += warliPerson(cx, cy + 16, 38, white, 'up')
    inner += `<circle cx="${w - 50}" cy="50" r="22" fill="none" stroke="${white}" stroke-width="3"/>`
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6
      inner += `<path d="M${f(w - 50 + Math.cos(a) * 28)} ${f(50 + Math.sin(a) * 28)} L${f(w - 50 + Math.cos(a) * 38)} ${f(50 + Math.sin(a) * 38)}" stroke="${white}" stroke-width="3"/>`
    }
    inner += warliTree(48, h - 20, 130, white) + warliTree(w - 48, h - 20, 110, white)
  } else {
    const g = h - 40
    inner += `<path d="M20 ${g} Q ${w / 2} ${g - 14} ${w - 20} ${g}" stroke="${white}" stroke-width="3" fill="none"/>`
    inner += warliHut(90, g, 90, white) + warliHut(190, g, 70, white)
    inner += warliTree(300, g, 170, white) + warliTree(440, g, 140, white)
    for (let i = 0; i < 7; i++)
      inner += warliPerson(60 + i * 66, h - 70 - (i % 2) * 100, 50, white, i % 3 === 0 ? 'up' : 'out')
    inner += `<circle cx="70" cy="60" r="24" fill="none" stroke="${white}" stroke-width="3"/>`
    for (let i = 0; i < 6; i++)
      inner += `<path d="M${110 + i * 55} ${80 + (i % 2) * 14} q 10 -10 20 0 q 10 -10 20 0" fill="none" stroke="${white}" stroke-width="3"/>`
  }
  return framed(inner, w, h, ctx.index + 1)
}

function pattaBorder(w: number, h: number, p: DrawCtx['p']): string {
  let s = `<rect width="${w}" height="${h}" fill="#b3261e"/>`
  const step = 30
  for (let x = step / 2; x < w; x += step) {
    s += flower(x, 17, 18, 6, '#f6e7c8', '#e9b949') + flower(x, h - 17, 18, 6, '#f6e7c8', '#e9b949')
  }
  for (let y = step / 2 + 30; y < h - 30; y += step) {
    s += flower(17, y, 18, 6, '#f6e7c8', '#e9b949') + flower(w - 17, y, 18, 6, '#f6e7c8', '#e9b949')
  }
  s += `<rect x="34" y="34" width="${w - 68}" height="${h - 68}" fill="#e9b949" stroke="#111" stroke-width="3"/>`
  for (let x = 44; x < w - 40; x += 16) {
    s += `<path d="M${x} 38 q 8 10 16 0 M${x} ${h - 38} q 8 -10 16 0" stroke="#111" stroke-width="2" fill="none"/>`
  }
  s += `<rect x="50" y="50" width="${w - 100}" height="${h - 100}" fill="${p.c === '#2a6f97' ? '#1b2a49' : '#1f3b2d'}" stroke="#111" stroke-width="3"/>`
  return s
}

function pattachitra(ctx: DrawCtx): Drawn {
  const { p, shape, r } = ctx
  if (shape === 'panel') {
    // Palm-leaf strips stitched together.
    let s = ''
    const n = 7
    for (let i = 0; i < n; i++) {
      const y = -70 - i * 58
      s += `<rect x="-260" y="${y - 50}" width="520" height="50" rx="25" fill="url(#palmLeaf)" stroke="#7a5a2a" stroke-width="2"/>`
      for (let k = 0; k < 6; k++) {
        const x = -220 + k * 88
        s += `<path d="M${x} ${y - 12} L${x} ${y - 36} M${x + 40} ${y - 25} q 10 -14 20 0 q 10 14 20 0" stroke="#2a1d0e" stroke-width="2.5" fill="none"/>`
        s += `<circle cx="${x + 20}" cy="${y - 32}" r="6" fill="none" stroke="#2a1d0e" stroke-width="2"/>`
        s += `<path d="M${x + 14} ${y - 24} L${x + 26} ${y - 24} L${x + 20} ${y - 12}Z" fill="#2a1d0e"/>`
      }
      s += `<circle cx="-200" cy="${y - 25}" r="5" fill="#5a3d1a"/><circle cx="200" cy="${y - 25}" r="5" fill="#5a3d1a"/>`
    }
    s += `<path d="M-200 -20 L-200 -480 M200 -20 L200 -480" stroke="#b3261e" stroke-width="4"/>`
    s += `<path d="M-200 -480 q -20 -20 -10 -40 M200 -480 q 20 -20 10 -40" stroke="#b3261e" stroke-width="4" fill="none"/>`
    const defs = linear('palmLeaf', [
      [0, '#f0d59a'],
      [0.5, '#d9b36c'],
      [1, '#b98f47'],
    ])
    return { svg: s, defs, w: 540, h: 520 }
  }
  const w = 520
  const h = shape === 'tree' ? 520 : 400
  let inner = pattaBorder(w, h, p)
  if (shape === 'tree') {
    inner += `<g transform="translate(60 60) scale(${(w - 120) / w} ${(h - 120) / h})">${treeOfLife(w, h, ['#e9b949', '#b3261e', '#3f8f5a', '#f6e7c8'], '#111', r, 'patta')}</g>`
  } else {
    // A royal elephant with caparison.
    inner += `<g transform="translate(${w / 2 - 10} ${h - 70}) scale(0.95)">${elephantShape('#e8e2d4', '#111', 3)}
    <path d="M-60 -120 L50 -120 L45 -50 Q -5 -35 -55 -50Z" fill="#b3261e" stroke="#111" stroke-width="3"/>
    <path d="M-55 -60 L45 -60" stroke="#e9b949" stroke-width="6"/>
    ${flower(-5, -92, 24, 8, '#e9b949', '#111')}
    <path d="M90 -150 L118 -150 L112 -110 L96 -110Z" fill="#e9b949" stroke="#111" stroke-width="2"/>
    </g>`
    inner += flower(95, 95, 20, 8, '#e9b949', '#b3261e') + flower(w - 95, 95, 20, 8, '#e9b949', '#b3261e')
  }
  return framed(inner, w, h, ctx.index + 2)
}

/** An elephant facing right, ground at y = 0, about 300 wide and 200 tall. */
export const ELEPHANT_BODY =
  'M-128 -70 C -132 -120 -90 -158 -20 -160 C 30 -162 70 -168 100 -160 C 132 -152 150 -125 148 -92 C 146 -62 150 -36 158 -18 C 162 -8 174 -8 176 -20 C 178 -26 186 -24 186 -16 C 184 2 160 8 146 -6 C 130 -24 124 -50 116 -64 C 112 -52 108 -40 106 -28 L106 0 L74 0 L72 -40 C 40 -38 0 -38 -40 -40 L-42 0 L-74 0 L-78 -46 C -92 -44 -102 -40 -108 -30 L-108 0 L-136 0 L-134 -40 C -136 -52 -132 -62 -128 -70Z'

export function elephantShape(
  fill: string,
  stroke: string,
  sw: number,
  earFill?: string,
  texture = '',
): string {
  const body = ELEPHANT_BODY
  const farLegs = `<path d="M52 -40 L50 0 L78 0 L80 -40Z M-58 -40 L-60 0 L-34 0 L-30 -40Z" fill="${fill}" stroke="${stroke}" stroke-width="${sw}" opacity="0.75"/>`
  const ear = `<path d="M52 -140 C 20 -140 12 -100 24 -76 C 34 -58 62 -62 74 -80 C 82 -96 82 -130 52 -140Z" fill="${earFill ?? fill}" stroke="${stroke}" stroke-width="${sw}"/>`
  return `${farLegs}<path d="${body}" fill="${fill}" stroke="${stroke}" stroke-width="${sw}" stroke-linejoin="round"/>${texture}${ear}
  <circle cx="110" cy="-118" r="5" fill="${stroke}"/>
  <path d="M-128 -70 C -140 -60 -144 -40 -140 -24" fill="none" stroke="${stroke}" stroke-width="${sw}"/>
  <path d="M120 -80 C 128 -70 134 -66 140 -64" fill="none" stroke="#f6f0e0" stroke-width="6" stroke-linecap="round"/>`
}

function gond(ctx: DrawCtx): Drawn {
  const { p, shape, r } = ctx
  const ink = '#1a1a1a'
  const grounds = ['#f7ecd3', '#fde68a', '#fbe3d6', '#e4efe0']
  const w = shape === 'deer' ? 520 : 420
  const h = shape === 'deer' ? 400 : 520
  // Tile sizes are chosen so that, at the drawing's scale of 0.9, tiles span a whole, even number of pixels.
  const defs = `<pattern id="gondDots" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="${p.a}"/><circle cx="5" cy="5" r="3" fill="${p.e}"/><circle cx="15" cy="15" r="3" fill="${p.b}"/></pattern>
  <pattern id="gondDash" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="${p.b}"/><path d="M3 5 L13 5 M8 15 L18 15" stroke="${ink}" stroke-width="2.4"/></pattern>
  <pattern id="gondScale" width="18" height="12" patternUnits="userSpaceOnUse"><rect width="18" height="12" fill="${p.c}"/><path d="M0 12 Q 9 0 18 12" fill="none" stroke="${p.e}" stroke-width="2"/></pattern>`
  let inner = `<rect width="${w}" height="${h}" fill="${grounds[ctx.index % grounds.length]}"/>`
  for (let i = 0; i < 40; i++)
    inner += `<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="2" fill="${ink}" opacity="0.25"/>`
  if (shape === 'peacock') {
    inner += `<g transform="translate(${w * 0.04} ${h * 0.05}) scale(0.9)">${peacock(w, h, [p.b, p.c, p.a, ink], ink, 'url(#gondDots)')}</g>`
  } else if (shape === 'deer') {
    inner += deer(w, h, [p.b, p.c, p.a], ink, 'url(#gondScale)')
  } else {
    inner += `<g transform="translate(${w * 0.05} ${h * 0.06}) scale(0.9)">${treeOfLife(w, h, [p.a, p.b, p.c, '#3f8f5a'], ink, r, 'gond')}</g>`
  }
  return framed(inner, w, h, ctx.index + 3, defs)
}

export const paintingDrawers = { madhubani, warli, pattachitra, gond }
