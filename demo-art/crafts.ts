import { ELEPHANT_BODY, elephantShape } from './paintings.ts'
import type { DrawCtx, Drawn } from './svg.ts'
import {
  BRASS,
  f,
  flameGlowDef,
  flower,
  lathe,
  leaf,
  linear,
  mandala,
  marigold,
  radial,
  roundShade,
} from './svg.ts'

const HIGHLIGHT = linear(
  'hl',
  [
    [0, '#ffffff', 0],
    [0.3, '#ffffff', 0.5],
    [0.6, '#ffffff', 0],
  ],
  1,
  0,
)

/** A vessel with a round shading, painted bands clipped to its shape and a glossy highlight. */
function vessel(
  profile: [number, number][],
  base: string,
  light: string,
  dark: string,
  decor: string,
  id = 'ves',
): Drawn {
  const d = lathe(profile)
  const h = -profile[0][1]
  const w = Math.max(...profile.map((p) => p[0])) * 2
  const rim = profile[0]
  const defs =
    roundShade(`${id}Shade`, base, light, dark) +
    HIGHLIGHT +
    `<clipPath id="${id}Clip"><path d="${d}"/></clipPath>`
  const svg = `<path d="${d}" fill="url(#${id}Shade)"/>
  <g clip-path="url(#${id}Clip)">${decor}<rect x="${f(-w / 2)}" y="${f(-h)}" width="${f(w)}" height="${f(h)}" fill="url(#${id}Shade)" opacity="0.35"/></g>
  <ellipse cx="0" cy="${f(rim[1])}" rx="${f(rim[0])}" ry="${f(rim[0] * 0.22)}" fill="${dark}"/>
  <ellipse cx="0" cy="${f(rim[1] + 1)}" rx="${f(rim[0] * 0.8)}" ry="${f(rim[0] * 0.15)}" fill="#000" opacity="0.45"/>
  <path d="M${f(-w * 0.28)} ${f(-h * 0.8)} C ${f(-w * 0.36)} ${f(-h * 0.55)} ${f(-w * 0.34)} ${f(-h * 0.35)} ${f(-w * 0.24)} ${f(-h * 0.18)}" stroke="#fff" stroke-opacity="0.35" stroke-width="${f(w * 0.05)}" fill="none" stroke-linecap="round"/>`
  return { svg, defs, w, h }
}

function band(y: number, h: number, fill: string): string {
  return `<rect x="-300" y="${f(y)}" width="600" height="${f(h)}" fill="${fill}"/>`
}

function waves(y: number, amp: number, step: number, stroke: string, sw = 4): string {
  let d = `M-300 ${f(y)}`
  for (let x = -300; x < 300; x += step)
    d += ` q ${f(step / 4)} ${f(-amp)} ${f(step / 2)} 0 q ${f(step / 4)} ${f(amp)} ${f(step / 2)} 0`
  return `<path d="${d}" stroke="${stroke}" stroke-width="${sw}" fill="none"/>`
}

function dotsRow(y: number, step: number, r: number, fill: string): string {
  let s = ''
  for (let x = -300 + step / 2; x < 300; x += step)
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"/>`
  return s
}

const VASE: [number, number][] = [
  [48, -420],
  [38, -385],
  [42, -345],
  [105, -285],
  [135, -200],
  [118, -110],
  [78, -40],
  [62, -12],
  [66, 0],
]

function pottery(ctx: DrawCtx): Drawn {
  const { p, shape } = ctx
  if (shape === 'vase') {
    const cobalt = '#1f3f8f'
    const turq = '#2bb1b5'
    let decor = band(-395, 22, cobalt) + dotsRow(-362, 18, 4, cobalt) + band(-318, 10, turq)
    for (let i = -2; i <= 2; i++) decor += flower(i * 62, -220, 46, 8, cobalt, turq, i * 10)
    for (let i = -2; i <= 2; i++) decor += leaf(i * 62 + 31, -190, 40, 150, turq, 'rgba(255,255,255,0.4)')
    decor +=
      band(-140, 12, cobalt) + waves(-110, 10, 40, turq, 5) + band(-80, 8, cobalt) + band(-30, 30, cobalt)
    return vessel(VASE, '#f4f1ea', '#ffffff', '#b9c3d6', decor)
  }
  if (shape === 'blackvase') {
    const silver = '#d9dde3'
    const prof: [number, number][] = [
      [56, -380],
      [50, -350],
      [70, -300],
      [140, -220],
      [150, -150],
      [110, -60],
      [70, -14],
      [74, 0],
    ]
    let decor = `<path d="M-300 -330 H300 M-300 -322 H300" stroke="${silver}" stroke-width="2"/>`
    for (let i = -3; i <= 3; i++) {
      const x = i * 56
      decor += `<path d="M${x} -250 C ${x - 18} -210 ${x + 18} -190 ${x} -150" stroke="${silver}" stroke-width="3" fill="none"/>`
      decor += `<circle cx="${x}" cy="-258" r="8" fill="none" stroke="${silver}" stroke-width="3"/>`
      decor += `<path d="M${x - 14} -176 q 14 -18 28 0" stroke="${silver}" stroke-width="2.5" fill="none"/>`
    }
    decor += `<path d="M-300 -120 H300" stroke="${silver}" stroke-width="3"/>${waves(-100, 8, 30, silver, 2.5)}`
    return vessel(prof, '#1b1b1d', '#5a5a60', '#050505', decor)
  }
  if (shape === 'planter') {
    const potA = (x: number, s: number, col: string, col2: string, id: string) => {
      const prof: [number, number][] = [
        [100, -200],
        [96, -180],
        [88, -90],
        [70, -12],
        [72, 0],
      ].map(([a, b]) => [a * s, b * s] as [number, number])
      const decor =
        band(-180 * s, 16 * s, col2) +
        dotsRow(-150 * s, 24 * s, 5 * s, '#fff') +
        band(-120 * s, 8 * s, col2) +
        waves(-80 * s, 8 * s, 36 * s, col2, 4)
      const v = vessel(prof, col, '#ffffff', '#3a2a20', decor, id)
      let plant = ''
      for (let i = 0; i < 9; i++)
        plant += leaf(0, -200 * s + 6, (110 + (i % 3) * 35) * s, -80 + i * 20, i % 2 ? '#3f7d4a' : '#2d6a3a')
      return { svg: `<g transform="translate(${x} 0)">${plant}${v.svg}</g>`, defs: v.defs ?? '' }
    }
    const a = potA(-110, 1.05, p.c, p.b, 'potA')
    const b = potA(125, 0.8, p.b, p.c, 'potB')
    return { svg: a.svg + b.svg, defs: a.defs + b.defs, w: 470, h: 420 }
  }
  if (shape === 'horse') {
    const horse = (s: number, fill: string) => `<g transform="scale(${s})">
      <path d="M-80 -120 L-90 0 L-64 0 L-56 -118Z M-40 -118 L-44 0 L-18 0 L-14 -118Z M30 -118 L26 0 L52 0 L56 -118Z M70 -120 L70 0 L96 0 L92 -120Z" fill="${fill}"/>
      <path d="M-110 -150 C -112 -190 -60 -200 0 -196 C 40 -194 60 -200 72 -220 L78 -360 C 80 -385 100 -392 118 -378 L170 -330 C 184 -318 172 -300 156 -304 L110 -316 L112 -200 C 120 -160 110 -122 70 -112 L-80 -110 C -104 -112 -110 -130 -110 -150Z" fill="${fill}"/>
      <path d="M84 -380 L78 -440 L100 -392Z M102 -386 L104 -448 L118 -392Z" fill="${fill}"/>
      <path d="M-108 -160 C -140 -180 -150 -230 -130 -260" stroke="${fill}" stroke-width="14" fill="none" stroke-linecap="round"/>
      <path d="M80 -250 L112 -250 M80 -280 L112 -284 M78 -310 L110 -318" stroke="#f4e4c8" stroke-width="6"/>
      <path d="M-60 -190 C -20 -170 20 -170 60 -190" stroke="#f4e4c8" stroke-width="6" fill="none"/>
      <circle cx="128" cy="-350" r="7" fill="#2a1a10"/>
      ${flower(-10, -150, 30, 8, '#f4e4c8', '#7a2e14')}
    </g>`
    const defs = roundShade('tc', '#b5552f', '#d9793f', '#7a3216')
    return {
      svg: `<g transform="translate(120 -6)">${horse(0.78, '#9a4322')}</g><g transform="translate(-80 0)">${horse(1, 'url(#tc)')}</g>`,
      defs,
      w: 420,
      h: 460,
    }
  }
  // A classic painted matka.
  const prof: [number, number][] = [
    [70, -330],
    [62, -305],
    [120, -250],
    [150, -160],
    [120, -60],
    [60, -8],
    [58, 0],
  ]
  const decor =
    band(-290, 14, p.e) +
    waves(-240, 10, 40, p.e, 5) +
    dotsRow(-200, 30, 6, p.b) +
    band(-170, 12, p.e) +
    band(-90, 8, p.b)
  return vessel(prof, '#b5552f', '#d9793f', '#6e2c12', decor)
}

// A 20-unit tile: at the drawings' scales (0.9, 1.1, 1.5) it spans a whole, even number of pixels.
const DHOKRA_TEXTURE = `<pattern id="coil" width="20" height="20" patternUnits="userSpaceOnUse"><circle cx="10" cy="10" r="6.5" fill="none" stroke="#5e3d0c" stroke-width="1.6" opacity="0.55"/><circle cx="10" cy="10" r="2.2" fill="#5e3d0c" opacity="0.4"/></pattern>`
const BRASS_DEFS =
  linear(
    'brass',
    [
      [0, BRASS[0]],
      [0.35, BRASS[1]],
      [0.75, BRASS[2]],
      [1, BRASS[3]],
    ],
    1,
    1,
  ) + roundShade('brassRound', BRASS[1], BRASS[0], BRASS[3])

function brass(ctx: DrawCtx): Drawn {
  const { shape, p } = ctx
  if (shape === 'elephant') {
    const defs = `${BRASS_DEFS}${DHOKRA_TEXTURE}<clipPath id="eleClip"><path d="${ELEPHANT_BODY}"/></clipPath>`
    const tex = `<g clip-path="url(#eleClip)"><rect x="-150" y="-170" width="340" height="180" fill="url(#coil)"/><path d="M-100 -60 C -40 -48 40 -48 100 -60" stroke="#5e3d0c" stroke-width="5" fill="none" opacity="0.6"/><path d="M-90 -80 C -40 -70 40 -70 96 -82" stroke="#fbe6a2" stroke-width="3" fill="none" opacity="0.6"/></g>`
    const el = elephantShape('url(#brass)', '#5e3d0c', 3, 'url(#brassRound)', tex)
    return { svg: `<g transform="scale(1.5)">${el}</g>`, defs, w: 485, h: 250 }
  }
  if (shape === 'urli') {
    const defs =
      BRASS_DEFS +
      radial('water', [
        [0, '#8fc9d6'],
        [1, '#3c7f95'],
      ])
    const body = `M-230 -120 C -220 -40 -140 -20 -60 -16 L-50 0 L50 0 L60 -16 C 140 -20 220 -40 230 -120Z`
    let petals = ''
    for (let i = 0; i < 14; i++) {
      const a = (i / 14) * Math.PI * 2
      petals += `<ellipse cx="${f(Math.cos(a) * 150)}" cy="${f(-122 + Math.sin(a) * 22)}" rx="9" ry="4" fill="${i % 2 ? '#e63946' : '#f4a261'}"/>`
    }
    return {
      defs,
      w: 470,
      h: 180,
      svg: `<path d="${body}" fill="url(#brassRound)"/>
      <path d="M-200 -70 C -120 -52 120 -52 200 -70" stroke="#5e3d0c" stroke-width="4" fill="none" opacity="0.7"/>
      <path d="M-180 -50 C -100 -36 100 -36 180 -50" stroke="${BRASS[0]}" stroke-width="3" fill="none" opacity="0.7"/>
      <ellipse cx="0" cy="-120" rx="232" ry="38" fill="${BRASS[2]}"/><ellipse cx="0" cy="-122" rx="214" ry="32" fill="url(#water)"/>
      ${petals}${marigold(-70, -126, 22)}${marigold(20, -114, 18, 'yellow')}${marigold(90, -128, 20)}${marigold(-130, -116, 14, 'yellow')}
      <ellipse cx="150" cy="-118" rx="22" ry="9" fill="#c96a3f"/><path d="M150 -122 q -7 -12 0 -24 q 7 12 0 24Z" fill="#ffb020"/>`,
    }
  }
  if (shape === 'vase') {
    // Bidriware: blackened alloy with silver inlay.
    const silver = '#eef1f4'
    let decor = band(-400, 10, silver) + band(-330, 4, silver)
    for (let i = -2; i <= 2; i++) {
      const x = i * 64
      decor += `<path d="M${x} -280 C ${x - 26} -250 ${x - 26} -210 ${x} -180 C ${x + 26} -210 ${x + 26} -250 ${x} -280Z" fill="none" stroke="${silver}" stroke-width="3"/>`
      decor += `<path d="M${x} -270 L${x} -190" stroke="${silver}" stroke-width="2"/>`
      decor += flower(x + 32, -150, 22, 6, silver, '#2a2a2a')
    }
    decor += band(-118, 4, silver) + band(-40, 12, silver)
    return vessel(VASE, '#1f2022', '#4d4f55', '#050506', decor)
  }
  if (shape === 'figures') {
    const fig = (x: number, s: number, inst: string) => `<g transform="translate(${x} 0) scale(${s})">
      <path d="M-50 0 L-20 -150 L20 -150 L50 0Z" fill="url(#brassRound)"/>
      <path d="M-50 0 L-20 -150 L20 -150 L50 0Z" fill="url(#coil)"/>
      <path d="M-40 -40 L40 -40 M-32 -80 L32 -80" stroke="#5e3d0c" stroke-width="4"/>
      <circle cx="0" cy="-178" r="30" fill="url(#brassRound)"/><path d="M-30 -190 Q 0 -230 30 -190" fill="${BRASS[2]}"/>
      <circle cx="-10" cy="-180" r="3" fill="#3a2508"/><circle cx="10" cy="-180" r="3" fill="#3a2508"/>
      ${inst}</g>`
    const dhol = `<rect x="-54" y="-120" width="108" height="44" rx="22" fill="${BRASS[2]}"/><ellipse cx="-54" cy="-98" rx="10" ry="22" fill="${BRASS[0]}"/><ellipse cx="54" cy="-98" rx="10" ry="22" fill="${BRASS[0]}"/><path d="M-24 -150 L-50 -110 M24 -150 L50 -110" stroke="${BRASS[2]}" stroke-width="10" stroke-linecap="round"/>`
    const flute = `<path d="M-10 -168 L70 -150" stroke="${BRASS[3]}" stroke-width="8" stroke-linecap="round"/><path d="M-20 -140 L20 -160 M20 -140 L50 -156" stroke="${BRASS[2]}" stroke-width="10" stroke-linecap="round"/>`
    const cymbal = `<ellipse cx="-40" cy="-120" rx="18" ry="8" fill="${BRASS[0]}"/><ellipse cx="40" cy="-120" rx="18" ry="8" fill="${BRASS[0]}"/><path d="M-20 -145 L-40 -120 M20 -145 L40 -120" stroke="${BRASS[2]}" stroke-width="10" stroke-linecap="round"/>`
    return {
      svg: fig(-150, 0.9, flute) + fig(150, 0.9, cymbal) + fig(0, 1.1, dhol),
      defs: BRASS_DEFS + DHOKRA_TEXTURE,
      w: 440,
      h: 260,
    }
  }
  // A brass diya lamp on a stand.
  return lampStand(p.a)
}

function lampStand(_accent: string): Drawn {
  const prof: [number, number][] = [
    [10, -400],
    [14, -380],
    [10, -360],
    [22, -340],
    [12, -320],
    [12, -160],
    [30, -140],
    [14, -120],
    [20, -60],
    [90, -20],
    [100, 0],
  ]
  const stand = lathe(prof)
  const bowl = `M-120 -300 C -110 -262 -60 -250 0 -250 C 60 -250 110 -262 120 -300Z`
  let flames = ''
  for (const x of [-110, -55, 0, 55, 110])
    flames += `<g transform="translate(${x} ${x === 0 ? -318 : -304})"><path d="M0 0 C -7 -6 -6 -16 0 -26 C 6 -16 7 -6 0 0Z" fill="#ffb020"/><path d="M0 -3 C -3 -7 -3 -12 0 -17 C 3 -12 3 -7 0 -3Z" fill="#fff3c4"/></g><circle cx="${x}" cy="${x === 0 ? -330 : -316}" r="26" fill="url(#flameGlow)"/>`
  return {
    defs: BRASS_DEFS + flameGlowDef,
    w: 260,
    h: 460,
    svg: `<path d="${stand}" fill="url(#brassRound)"/><path d="${bowl}" fill="url(#brassRound)"/><ellipse cx="0" cy="-300" rx="120" ry="16" fill="${BRASS[2]}"/><ellipse cx="0" cy="-300" rx="104" ry="11" fill="#7a4a0c"/>
    <path d="M-16 -360 L0 -440 L16 -360Z" fill="url(#brassRound)"/><circle cx="0" cy="-444" r="9" fill="${BRASS[1]}"/>${flames}`,
  }
}

const WOOD = ['#c48a55', '#9a6236', '#6e4022', '#4a2912']

function woodDefs(): string {
  return (
    linear(
      'woodFront',
      [
        [0, WOOD[1]],
        [0.5, WOOD[0]],
        [1, WOOD[2]],
      ],
      1,
      0,
    ) +
    linear(
      'woodTop',
      [
        [0, WOOD[0]],
        [1, WOOD[1]],
      ],
      0,
      1,
    ) +
    `<pattern id="grain" width="120" height="30" patternUnits="userSpaceOnUse"><path d="M0 8 C 30 2 60 14 120 6 M0 20 C 40 14 80 26 120 18" stroke="${WOOD[3]}" stroke-opacity="0.25" stroke-width="2" fill="none"/></pattern>`
  )
}

function wood(ctx: DrawCtx): Drawn {
  const { shape, p } = ctx
  if (shape === 'tray') {
    const W = 480
    const D = 150
    const top = `M${-W / 2} -40 L${W / 2} -40 L${W / 2 - 50} ${-40 - D} L${-W / 2 + 50} ${-40 - D}Z`
    const inner = `M${-W / 2 + 26} -52 L${W / 2 - 26} -52 L${W / 2 - 66} ${-30 - D} L${-W / 2 + 66} ${-30 - D}Z`
    let carve = ''
    for (let i = 0; i < 7; i++) {
      const x = -170 + i * 57
      carve += `<g transform="translate(${x} ${-110 + (i % 2) * 14}) scale(1 0.55)">${chinar(0, 0, 34, WOOD[2])}</g>`
    }
    return {
      defs: woodDefs(),
      w: W + 40,
      h: 200,
      svg: `<path d="M${-W / 2} -40 L${W / 2} -40 L${W / 2} 0 L${-W / 2} 0Z" fill="url(#woodFront)"/><path d="M${-W / 2} -40 L${W / 2} -40 L${W / 2} 0 L${-W / 2} 0Z" fill="url(#grain)"/>
      <path d="${top}" fill="url(#woodTop)"/><path d="${inner}" fill="${WOOD[1]}"/><path d="${inner}" fill="url(#grain)"/>${carve}
      <rect x="${-W / 2 - 20}" y="-34" width="26" height="22" rx="8" fill="${WOOD[2]}"/><rect x="${W / 2 - 6}" y="-34" width="26" height="22" rx="8" fill="${WOOD[2]}"/>`,
    }
  }
  if (shape === 'elephant') {
    const defs =
      woodDefs() +
      roundShade('woodRound', '#6a3a1c', '#9a5f35', '#3a1d0b') +
      `<clipPath id="eleClip"><path d="${ELEPHANT_BODY}"/></clipPath>`
    const inlay = `<g clip-path="url(#eleClip)"><path d="M-70 -150 L50 -150 L44 -60 Q -10 -40 -64 -60Z" fill="#e3c48f"/>${mandala(-10, -105, 34, ['#e3c48f', p.a, '#6a3a1c', p.b], 3, false)}<path d="M-64 -60 Q -10 -40 44 -60" stroke="#6a3a1c" stroke-width="4" fill="none"/></g>`
    const el = elephantShape('url(#woodRound)', '#2a1408', 3, '#5a2f15', inlay)
    return {
      svg: `<g transform="scale(1.5)">${el}<path d="M96 -152 L122 -156 L116 -120 L100 -118Z" fill="#e3c48f" stroke="#2a1408" stroke-width="2"/></g>`,
      defs,
      w: 485,
      h: 250,
    }
  }
  // Carved box with a lid.
  const W = 420
  const H = 190
  const D = 110
  const lidT = 38
  const front = `M${-W / 2} ${-H} L${W / 2} ${-H} L${W / 2} 0 L${-W / 2} 0Z`
  const lidFront = `M${-W / 2 - 8} ${-H - lidT} L${W / 2 + 8} ${-H - lidT} L${W / 2 + 8} ${-H} L${-W / 2 - 8} ${-H}Z`
  const lidTop = `M${-W / 2 - 8} ${-H - lidT} L${W / 2 + 8} ${-H - lidT} L${W / 2 - 40} ${-H - lidT - D} L${-W / 2 + 40} ${-H - lidT - D}Z`
  let carve = ''
  for (const x of [-130, 0, 130]) carve += rosette(x, -H / 2 - 6, 52)
  let jaali = ''
  for (let x = -W / 2 + 16; x < W / 2 - 10; x += 24)
    jaali += `<circle cx="${x + 8}" cy="-16" r="7" fill="${WOOD[3]}"/><circle cx="${x + 8}" cy="${-H + 14}" r="5" fill="${WOOD[3]}" opacity="0.7"/>`
  const lidCarve = `<g transform="translate(0 ${-H - lidT - D / 2}) scale(1 0.42)">${rosette(0, 0, 90)}${rosette(-150, 0, 40)}${rosette(150, 0, 40)}</g>`
  return {
    defs: woodDefs(),
    w: W + 20,
    h: H + lidT + D,
    svg: `<path d="${front}" fill="url(#woodFront)"/><path d="${front}" fill="url(#grain)"/>${carve}${jaali}
    <path d="${lidFront}" fill="${WOOD[1]}"/><path d="${lidFront}" fill="url(#grain)"/><path d="${lidTop}" fill="url(#woodTop)"/><path d="${lidTop}" fill="url(#grain)"/>${lidCarve}
    <rect x="-14" y="${-H - 10}" width="28" height="40" rx="4" fill="${BRASS[1]}" stroke="${BRASS[3]}" stroke-width="2"/><circle cx="0" cy="${-H + 18}" r="5" fill="${BRASS[3]}"/>`,
  }
}

function rosette(cx: number, cy: number, r: number): string {
  let s = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${WOOD[2]}"/>`
  for (let i = 0; i < 12; i++) {
    s += `<ellipse cx="${cx}" cy="${f(cy - r * 0.55)}" rx="${f(r * 0.16)}" ry="${f(r * 0.38)}" fill="${WOOD[0]}" transform="rotate(${i * 30} ${cx} ${cy})"/>`
  }
  return `${s}<circle cx="${cx}" cy="${cy}" r="${f(r * 0.22)}" fill="${WOOD[3]}"/><circle cx="${cx}" cy="${cy}" r="${f(r * 0.1)}" fill="${WOOD[0]}"/>`
}

function chinar(x: number, y: number, s: number, stroke: string): string {
  const pts: string[] = []
  for (let i = 0; i < 5; i++) {
    const a = ((-90 + (i - 2) * 42) * Math.PI) / 180
    pts.push(`${f(x + Math.cos(a) * s)} ${f(y + Math.sin(a) * s)}`)
  }
  return `<path d="M${x} ${y + s * 0.3} L${pts[0]} L${x - s * 0.3} ${y - s * 0.1} L${pts[1]} L${x - s * 0.1} ${y - s * 0.4} L${pts[2]} L${x + s * 0.1} ${y - s * 0.4} L${pts[3]} L${x + s * 0.3} ${y - s * 0.1} L${pts[4]}Z" fill="none" stroke="${stroke}" stroke-width="4" stroke-linejoin="round"/><path d="M${x} ${y + s * 0.5} L${x} ${y - s * 0.7}" stroke="${stroke}" stroke-width="3"/>`
}

const MARBLE_DEFS =
  linear(
    'marble',
    [
      [0, '#ffffff'],
      [0.6, '#eeeae4'],
      [1, '#d6d1c9'],
    ],
    1,
    1,
  ) +
  `<pattern id="veins" width="160" height="160" patternUnits="userSpaceOnUse"><path d="M0 40 C 40 30 60 70 100 60 S 140 90 160 80 M20 140 C 60 120 90 150 150 120" stroke="#b8b2aa" stroke-width="1.5" fill="none" opacity="0.6"/></pattern>`

function inlayFlower(cx: number, cy: number, r: number): string {
  let s = ''
  const cols = ['#1f4e9c', '#b3261e', '#2d7d46', '#e0a526']
  for (let i = 0; i < 8; i++) {
    s += `<path d="M${cx} ${cy} C ${f(cx - r * 0.28)} ${f(cy - r * 0.5)} ${f(cx - r * 0.12)} ${f(cy - r)} ${cx} ${f(cy - r)} C ${f(cx + r * 0.12)} ${f(cy - r)} ${f(cx + r * 0.28)} ${f(cy - r * 0.5)} ${cx} ${cy}Z" fill="${cols[i % 2]}" transform="rotate(${i * 45} ${cx} ${cy})"/>`
  }
  for (let i = 0; i < 8; i++) s += leaf(cx, cy, r * 0.6, i * 45 + 22, cols[2], 'rgba(255,255,255,0.3)')
  return `${s}<circle cx="${cx}" cy="${cy}" r="${f(r * 0.18)}" fill="${cols[3]}"/>`
}

function stone(ctx: DrawCtx): Drawn {
  const { shape } = ctx
  if (shape === 'coasters') {
    let stack = ''
    for (let i = 0; i < 4; i++) {
      const y = -i * 18
      stack += `<ellipse cx="-120" cy="${y - 8}" rx="100" ry="30" fill="#cfc9c0"/><rect x="-220" y="${y - 26}" width="200" height="18" fill="#e2ddd5"/><ellipse cx="-120" cy="${y - 26}" rx="100" ry="30" fill="url(#marble)"/>`
    }
    stack += `<g transform="translate(-120 -80) scale(1 0.3)">${inlayFlower(0, 0, 70)}</g>`
    const standing = (x: number, rot: number) =>
      `<g transform="translate(${x} -120) rotate(${rot})"><circle r="118" fill="#d9d3ca"/><circle r="112" fill="url(#marble)"/><circle r="112" fill="url(#veins)"/><circle r="98" fill="none" stroke="#1f4e9c" stroke-width="3"/>${inlayFlower(0, 0, 80)}</g>`
    return { defs: MARBLE_DEFS, w: 480, h: 250, svg: standing(110, 8) + stack }
  }
  if (shape === 'wheel') {
    const sand = roundShade('sand', '#c9a27a', '#e6c9a5', '#8f6a48')
    let s = `<rect x="-140" y="-30" width="280" height="30" rx="6" fill="#a9845f"/><g transform="translate(0 -230)"><circle r="200" fill="url(#sand)"/><circle r="170" fill="#8f6a48"/><circle r="160" fill="url(#sand)"/>`
    for (let i = 0; i < 40; i++) {
      const a = (i / 40) * Math.PI * 2
      s += `<circle cx="${f(Math.cos(a) * 185)}" cy="${f(Math.sin(a) * 185)}" r="7" fill="#e6c9a5" stroke="#8f6a48" stroke-width="2"/>`
    }
    for (let i = 0; i < 16; i++) {
      const w = i % 2 ? 8 : 22
      s += `<rect x="${-w / 2}" y="-160" width="${w}" height="120" fill="#8f6a48" transform="rotate(${i * 22.5})"/>`
      if (i % 2 === 0)
        s += `<circle cx="0" cy="-100" r="14" fill="#e6c9a5" stroke="#8f6a48" stroke-width="3" transform="rotate(${i * 22.5})"/>`
    }
    s += `<circle r="52" fill="#8f6a48"/>${mandala(0, 0, 46, ['#d8b892', '#8f6a48', '#e6c9a5', '#a9845f'], 2, false)}</g>`
    return { defs: sand, w: 420, h: 440, svg: s }
  }
  // A seated Ganesha in dark granite.
  const g = roundShade('granite', '#4a4a4e', '#7a7a80', '#1e1e22')
  const svg = `<path d="M-150 0 L150 0 L140 -40 L-140 -40Z" fill="#3a3a3e"/><ellipse cx="0" cy="-40" rx="140" ry="14" fill="#5a5a60"/>
  <ellipse cx="0" cy="-90" rx="130" ry="52" fill="url(#granite)"/>
  <ellipse cx="0" cy="-160" rx="92" ry="86" fill="url(#granite)"/>
  <path d="M-70 -200 C -130 -190 -140 -150 -110 -130 M70 -200 C 130 -190 140 -150 110 -130" stroke="#2a2a2e" stroke-width="22" stroke-linecap="round" fill="none"/>
  <ellipse cx="-110" cy="-290" rx="70" ry="78" fill="url(#granite)"/><ellipse cx="110" cy="-290" rx="70" ry="78" fill="url(#granite)"/>
  <ellipse cx="0" cy="-300" rx="70" ry="74" fill="url(#granite)"/>
  <path d="M-40 -400 L0 -470 L40 -400Z" fill="url(#granite)"/><rect x="-56" y="-400" width="112" height="30" rx="10" fill="#3a3a3e"/>
  <path d="M0 -270 C -10 -220 30 -200 20 -160 C 14 -130 -16 -134 -10 -150" stroke="#5c5c62" stroke-width="28" fill="none" stroke-linecap="round"/>
  <circle cx="-26" cy="-312" r="7" fill="#111"/><circle cx="26" cy="-312" r="7" fill="#111"/>
  <path d="M-30 -340 Q 0 -350 30 -340" stroke="#d4a020" stroke-width="6" fill="none"/><circle cx="0" cy="-350" r="6" fill="#b3261e"/>
  <path d="M-60 -250 L-80 -230 M60 -250 L80 -230" stroke="#eae6dd" stroke-width="8" stroke-linecap="round"/>`
  return { defs: g, w: 320, h: 470, svg }
}

export const craftDrawers = { pottery, brass, wood, stone, lampStand }
