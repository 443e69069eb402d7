import type { DrawCtx, Drawn } from './svg.ts'
import {
  BRASS,
  beadArc,
  f,
  flameGlowDef,
  flower,
  GOLD,
  leaf,
  linear,
  mandala,
  marigold,
  roundShade,
} from './svg.ts'

function diyaShape(x: number, y: number, s: number, body: string, paint: string): string {
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <path d="M-60 -30 C -56 4 40 4 48 -30 L78 -44 L46 -40Z" fill="${body}"/>
  <ellipse cx="-6" cy="-32" rx="56" ry="12" fill="#7a3216"/><ellipse cx="-6" cy="-34" rx="48" ry="8" fill="#e9b949" opacity="0.8"/>
  <path d="M-52 -18 C -30 -6 20 -6 40 -18" stroke="${paint}" stroke-width="5" fill="none"/>
  ${[-40, -20, 0, 20].map((dx) => `<circle cx="${dx}" cy="-10" r="3.5" fill="#fff"/>`).join('')}
  <g transform="translate(66 -44)"><circle cy="-14" r="34" fill="url(#flameGlow)"/><path d="M0 0 C -9 -9 -8 -22 0 -36 C 8 -22 9 -9 0 0Z" fill="#ffb020"/><path d="M0 -4 C -4 -9 -4 -16 0 -22 C 4 -16 4 -9 0 -4Z" fill="#fff3c4"/></g>
  </g>`
}

function hamper(ctx: DrawCtx): Drawn {
  const { p, title } = ctx
  const t = title.toLowerCase()
  const defs =
    flameGlowDef +
    `<pattern id="hamperWeave" width="24" height="16" patternUnits="userSpaceOnUse"><rect width="24" height="16" fill="#c9a063"/><rect width="12" height="8" fill="#e0bd82"/><rect x="12" y="8" width="12" height="8" fill="#e0bd82"/></pattern>` +
    linear('ribbon', [
      [0, GOLD[0]],
      [0.5, GOLD[1]],
      [1, GOLD[2]],
    ])
  const corporate = t.includes('corporate')
  // Items peeking out of the basket.
  let items = ''
  if (corporate) {
    items += `<rect x="-150" y="-330" width="120" height="170" rx="4" fill="#f1e6cf" stroke="#b8862b" stroke-width="3"/>${flower(-90, -270, 30, 8, p.a, p.b)}`
    items += `<rect x="-10" y="-300" width="70" height="140" rx="10" fill="${p.c}"/><path d="M0 -300 L-6 -350 M20 -300 L24 -360 M40 -300 L50 -345" stroke="#1b1b1b" stroke-width="6"/>`
    items += `<rect x="80" y="-270" width="90" height="110" fill="#7a1f3d"/><rect x="90" y="-250" width="70" height="50" fill="#f4e4c4"/>`
  } else {
    items += `<rect x="-160" y="-280" width="150" height="110" rx="6" fill="#8a5a2b"/><rect x="-160" y="-292" width="150" height="22" rx="4" fill="#a06a3d"/>${flower(-85, -225, 26, 8, '#e3c48f', '#6a3a1c')}`
    items += diyaShape(40, -180, 0.9, '#b5552f', p.b) + diyaShape(130, -196, 0.7, '#b5552f', p.a)
    items += `<path d="M-190 -170 C -120 -120 120 -120 190 -170" stroke="${p.c}" stroke-width="6" fill="none"/>${beadArc(0, -260, 190, 100, 25, 155, 15, 8, [p.a, GOLD[1], p.c])}`
  }
  const basket = `M-230 -190 L230 -190 L200 0 L-200 0Z`
  return {
    defs,
    w: 480,
    h: corporate ? 370 : 320,
    svg: `${items}<path d="${basket}" fill="url(#hamperWeave)"/><rect x="-240" y="-200" width="480" height="24" rx="10" fill="#8a6230"/>
    <rect x="-24" y="-190" width="48" height="190" fill="url(#ribbon)"/>
    <path d="M0 -150 C -70 -210 -110 -140 -60 -120 C -30 -110 -10 -130 0 -150Z M0 -150 C 70 -210 110 -140 60 -120 C 30 -110 10 -130 0 -150Z" fill="url(#ribbon)" stroke="${GOLD[3]}" stroke-width="2"/>
    <circle cx="0" cy="-146" r="16" fill="${GOLD[2]}"/>
    <rect x="120" y="-110" width="90" height="60" rx="4" fill="#fff8ea" transform="rotate(8 165 -80)"/><path d="M135 -84 L195 -76" stroke="${p.a}" stroke-width="4" transform="rotate(8 165 -80)"/>`,
  }
}

function decor(ctx: DrawCtx): Drawn {
  const { shape, p, index } = ctx
  const stand = `<path d="M-40 0 L0 -120 L40 0" stroke="#6b3f22" stroke-width="10" fill="none"/><rect x="-70" y="-10" width="140" height="10" rx="4" fill="#4a2a15"/>`
  if (shape === 'mirror') {
    let mirrors = ''
    const ring = (r: number, n: number, mr: number) => {
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2
        const x = Math.cos(a) * r
        const y = -230 + Math.sin(a) * r
        mirrors += `<circle cx="${f(x)}" cy="${f(y)}" r="${mr + 5}" fill="none" stroke="#efe6d6" stroke-width="5"/><circle cx="${f(x)}" cy="${f(y)}" r="${mr}" fill="url(#mirror)"/>`
      }
    }
    ring(170, 20, 10)
    ring(120, 12, 14)
    ring(62, 8, 12)
    const mirrorDef = linear(
      'mirror',
      [
        [0, '#ffffff'],
        [0.5, '#9fb4c7'],
        [1, '#e9f0f6'],
      ],
      1,
      1,
    )
    let relief = ''
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * 360
      relief += `<path d="M0 -420 L10 -400 L0 -380 L-10 -400Z" fill="none" stroke="#efe6d6" stroke-width="4" transform="rotate(${a} 0 -230)"/>`
    }
    return {
      defs: mirrorDef,
      w: 420,
      h: 440,
      svg: `<circle cx="0" cy="-230" r="205" fill="${index % 2 ? '#7a2e1f' : '#2b3a55'}"/><circle cx="0" cy="-230" r="205" fill="none" stroke="#efe6d6" stroke-width="8"/>${relief}${mirrors}<circle cx="0" cy="-230" r="26" fill="url(#mirror)"/><circle cx="0" cy="-230" r="32" fill="none" stroke="#efe6d6" stroke-width="5"/>`,
    }
  }
  if (shape === 'mural') {
    // Kerala mural style lotus in a frame.
    const w = 380
    const h = 460
    let lotus = ''
    for (let i = 0; i < 9; i++) {
      const a = -80 + i * 20
      lotus += `<path d="M0 0 C -26 -60 -16 -120 0 -150 C 16 -120 26 -60 0 0Z" fill="${i % 2 ? '#d9562b' : '#e8a33d'}" stroke="#1b1b1b" stroke-width="3" transform="rotate(${a})"/>`
    }
    const inner = `<rect width="${w}" height="${h}" fill="#e9b949"/><rect x="16" y="16" width="${w - 32}" height="${h - 32}" fill="none" stroke="#8c2f1b" stroke-width="6"/>
    <rect x="30" y="30" width="${w - 60}" height="${h - 60}" fill="#2f5d3a"/>
    <g transform="translate(${w / 2} ${h * 0.68})">${lotus}<circle cy="-10" r="22" fill="#f2d16b" stroke="#1b1b1b" stroke-width="3"/></g>
    ${leaf(w / 2 - 60, h * 0.85, 100, -60, '#6b9a3a', '#1b1b1b')}${leaf(w / 2 + 60, h * 0.85, 100, 60, '#6b9a3a', '#1b1b1b')}
    <path d="M${w / 2} ${h * 0.7} L${w / 2} ${h - 30}" stroke="#6b9a3a" stroke-width="8"/>`
    const F = 24
    return {
      defs: linear(
        'muralFrame',
        [
          [0, '#8f5a32'],
          [1, '#4a2a15'],
        ],
        1,
        1,
      ),
      w: w + 2 * F,
      h: h + 2 * F,
      svg: `<rect x="${-w / 2 - F}" y="${-h - 2 * F}" width="${w + 2 * F}" height="${h + 2 * F}" fill="url(#muralFrame)"/><g transform="translate(${-w / 2} ${-h - F})">${inner}</g>`,
    }
  }
  // Mandala wall plate on a stand.
  const cols = [p.e, p.a, p.b, p.c, p.d]
  return {
    defs: roundShade('plateRim', '#6e4022', '#9a6236', '#3a1f0e'),
    w: 440,
    h: 450,
    svg: `${stand}<circle cx="0" cy="-235" r="212" fill="url(#plateRim)"/>${mandala(0, -235, 196, cols, 6, true)}`,
  }
}

function festive(ctx: DrawCtx): Drawn {
  const { shape, p } = ctx
  const defs = flameGlowDef
  if (shape === 'toran') {
    let s = `<rect x="-240" y="-330" width="480" height="40" fill="${p.a}"/>`
    s += beadArc(0, -310, 232, 0.01, 180, 0, 40, 5, [GOLD[1], '#fff', p.b])
    for (let i = 0; i < 8; i++) {
      const x = -210 + i * 60
      s += `<path d="M${x - 26} -290 L${x + 26} -290 L${x} -190Z" fill="${i % 2 ? p.b : p.c}"/>`
      s += `<path d="M${x - 16} -280 L${x + 16} -280 L${x} -220Z" fill="${p.e}" opacity="0.6"/>`
      s += `<path d="M${x} -190 L${x} -150" stroke="${GOLD[2]}" stroke-width="2"/><path d="M${x - 12} -132 C ${x - 12} -154 ${x + 12} -154 ${x + 12} -132Z" fill="${BRASS[1]}"/><circle cx="${x}" cy="-130" r="3" fill="${BRASS[3]}"/>`
      for (let k = 0; k < 4; k++)
        s += `<circle cx="${x}" cy="${-184 + k * 9}" r="3.5" fill="${k % 2 ? GOLD[1] : p.a}"/>`
    }
    for (let x = -230; x <= 230; x += 20) s += `<circle cx="${x}" cy="-310" r="6" fill="${GOLD[1]}"/>`
    s += `${marigold(-250, -310, 22)}${marigold(250, -310, 22)}`
    // Hung on a wall hook line.
    s += `<path d="M-250 -330 L-250 -380 M250 -330 L250 -380" stroke="#6b3f22" stroke-width="4"/>`
    return { defs, w: 540, h: 390, svg: s }
  }
  if (shape === 'rangoli') {
    const powders = [p.a, p.b, p.c, '#e63946', '#2a9d8f', '#f4a261']
    let bowls = ''
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2
      const x = Math.cos(a) * 190
      const y = -90 + Math.sin(a) * 50
      bowls += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="44" ry="16" fill="#b5552f"/><ellipse cx="${f(x)}" cy="${f(y - 6)}" rx="38" ry="12" fill="${powders[i]}"/><path d="M${f(x - 30)} ${f(y - 8)} Q ${f(x)} ${f(y - 30)} ${f(x + 30)} ${f(y - 8)}Z" fill="${powders[i]}"/>`
    }
    return {
      defs,
      w: 460,
      h: 170,
      svg: `<g transform="translate(0 -90) scale(1 0.32)">${mandala(0, 0, 170, [p.e, ...powders], 5, false)}</g>${bowls}`,
    }
  }
  // A group of painted diyas.
  const bodies = ['#b5552f', '#a0462a', '#c0623a']
  let s = ''
  const spots: [number, number, number][] = [
    [-130, -70, 1.35],
    [60, -80, 1.35],
    [-40, 0, 1.55],
    [170, 0, 1.45],
    [-210, 0, 1.3],
  ]
  spots.forEach(([x, y, sc], i) => {
    s += diyaShape(x, y, sc, bodies[i % 3], [p.a, p.b, p.c][i % 3])
  })
  s += `${marigold(-200, -110, 26)}${marigold(240, -70, 24, 'yellow')}${leaf(-236, -100, 50, -60, '#3f7d4a')}`
  return { defs, w: 500, h: 200, svg: s }
}

export const giftDrawers = { hamper, decor, festive }
