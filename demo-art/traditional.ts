import { craftDrawers } from './crafts.ts'
import type { DrawCtx, Drawn } from './svg.ts'
import {
  BRASS,
  beadArc,
  f,
  flameGlowDef,
  flower,
  GOLD,
  lathe,
  leaf,
  linear,
  marigold,
  radial,
  roundShade,
} from './svg.ts'

const VELVET = ['#5a1430', '#1d2d50', '#123c32', '#3b1f4a']

/** A velvet neck display bust. */
function bust(col: string): { svg: string; defs: string } {
  const defs = roundShade('velvet', col, mix(col), '#0b0508')
  const svg = `<path d="M-200 0 C -200 -90 -150 -132 -76 -150 C -52 -158 -44 -190 -44 -230 L-42 -340 Q 0 -352 42 -340 L44 -230 C 44 -190 52 -158 76 -150 C 150 -132 200 -90 200 0Z" fill="url(#velvet)"/>
  <ellipse cx="0" cy="-342" rx="42" ry="9" fill="${col}"/>
  <path d="M-44 -228 C -20 -214 20 -214 44 -228" stroke="#000" stroke-opacity="0.25" stroke-width="4" fill="none"/>
  <rect x="-210" y="-12" width="420" height="12" rx="4" fill="#2a1a10"/>`
  return { svg, defs }
}

function mix(hex: string): string {
  // A lighter tone of the velvet for the sheen.
  const n = Number.parseInt(hex.slice(1), 16)
  const r = Math.min(255, ((n >> 16) & 255) + 70)
  const g = Math.min(255, ((n >> 8) & 255) + 60)
  const b = Math.min(255, (n & 255) + 60)
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`
}

const GOLD_DEFS =
  radial(
    'goldBall',
    [
      [0, GOLD[0]],
      [0.5, GOLD[1]],
      [1, GOLD[3]],
    ],
    0.35,
    0.35,
    0.7,
  ) +
  radial(
    'silverBall',
    [
      [0, '#ffffff'],
      [0.5, '#c9ced6'],
      [1, '#6d737c'],
    ],
    0.35,
    0.35,
    0.7,
  ) +
  linear(
    'goldFlat',
    [
      [0, GOLD[0]],
      [0.5, GOLD[1]],
      [1, GOLD[2]],
    ],
    1,
    1,
  )

function jhumka(x: number, y: number, s: number, metal: 'gold' | 'silver', stone: string): string {
  const ball = metal === 'gold' ? 'url(#goldBall)' : 'url(#silverBall)'
  const line = metal === 'gold' ? GOLD[3] : '#5d636b'
  let dome = `<path d="M-60 0 C -60 -70 60 -70 60 0Z" fill="${ball}"/>`
  for (let i = 0; i < 5; i++)
    dome += `<path d="M${-50 + i * 25} -4 C ${-46 + i * 23} -30 ${-30 + i * 15} -50 0 -58" stroke="${line}" stroke-width="2" fill="none"/>`
  dome += `<path d="M-58 -8 Q 0 -20 58 -8" stroke="${line}" stroke-width="3" fill="none"/>`
  let drops = ''
  for (let i = 0; i < 9; i++) {
    const dx = -52 + i * 13
    drops += `<path d="M${dx} 0 L${dx} 16" stroke="${line}" stroke-width="1.5"/><circle cx="${dx}" cy="20" r="5.5" fill="${i % 2 ? stone : ball}"/>`
  }
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <path d="M0 -150 C -26 -176 -4 -204 14 -186" stroke="${line}" stroke-width="4" fill="none"/>
  ${flower(0, -118, 56, 8, ball, stone)}
  <path d="M0 -96 L0 -62" stroke="${line}" stroke-width="3"/><circle cx="0" cy="-70" r="7" fill="${ball}"/>
  ${dome}${drops}</g>`
}

function jewellery(ctx: DrawCtx): Drawn {
  const { shape, title, index } = ctx
  const t = title.toLowerCase()
  const velvet = VELVET[index % VELVET.length]
  if (shape === 'earrings') {
    const b = bust(velvet)
    // A T-stand with the pair hanging from it.
    const stand = `<rect x="-8" y="-360" width="16" height="350" fill="url(#velvet)"/><rect x="-150" y="-372" width="300" height="18" rx="9" fill="url(#velvet)"/><ellipse cx="0" cy="-6" rx="110" ry="14" fill="#2a1a10"/>`
    return {
      defs: b.defs + GOLD_DEFS,
      w: 360,
      h: 390,
      svg: `${stand}${jhumka(-90, -170, 1, 'silver', '#9fd3e0')}${jhumka(90, -170, 1, 'silver', '#9fd3e0')}`,
    }
  }
  const b = bust(velvet)
  let neck = ''
  if (t.includes('coin')) {
    for (let i = 0; i < 15; i++) {
      const a = ((20 + i * 10) * Math.PI) / 180
      const x = Math.cos(a) * 110
      const y = -210 + Math.sin(a) * 110
      neck += `<circle cx="${f(x)}" cy="${f(y)}" r="17" fill="url(#goldBall)" stroke="${GOLD[3]}" stroke-width="2"/><circle cx="${f(x)}" cy="${f(y)}" r="10" fill="none" stroke="${GOLD[3]}" stroke-width="1.5"/><circle cx="${f(x)}" cy="${f(y - 1)}" r="3" fill="${GOLD[3]}"/>`
    }
    neck += `<path d="M-56 -236 C -50 -190 50 -190 56 -236" stroke="${GOLD[2]}" stroke-width="5" fill="none"/>`
    neck += `<circle cx="0" cy="-74" r="24" fill="url(#goldBall)" stroke="${GOLD[3]}" stroke-width="2"/><circle cx="0" cy="-74" r="10" fill="#b3261e"/>`
  } else if (t.includes('bead')) {
    neck += `<path d="M-46 -236 C -80 -120 80 -120 46 -236" stroke="#3b2a1a" stroke-width="3" fill="none"/>`
    neck += beadArc(0, -210, 96, 100, 15, 165, 13, 14, ['url(#goldBall)'], GOLD[3])
    neck += `<path d="M-22 -100 L22 -100 L0 -50Z" fill="url(#goldFlat)" stroke="${GOLD[3]}" stroke-width="2"/>`
  } else {
    // Kundan choker with enamel drops.
    neck += `<path d="M-60 -236 C -70 -150 70 -150 60 -236" stroke="url(#goldFlat)" stroke-width="30" fill="none"/>`
    neck += beadArc(0, -226, 64, 62, 10, 170, 11, 10, ['#fdfcf6'], GOLD[2])
    for (let i = 0; i < 9; i++) {
      const a = ((30 + i * 15) * Math.PI) / 180
      const x = Math.cos(a) * 66
      const y = -222 + Math.sin(a) * 62
      neck += `<path d="M${f(x)} ${f(y)} L${f(x)} ${f(y + 22)}" stroke="${GOLD[2]}" stroke-width="2"/><ellipse cx="${f(x)}" cy="${f(y + 30)}" rx="7" ry="10" fill="${i % 2 ? '#1f7a4a' : '#b3261e'}"/><circle cx="${f(x)}" cy="${f(y + 44)}" r="4" fill="#f5f0e6"/>`
    }
    neck += flower(0, -128, 30, 8, '#fdfcf6', '#b3261e')
  }
  const ear =
    t.includes('coin') || t.includes('bead')
      ? ''
      : `${jhumka(-160, -40, 0.55, 'gold', '#b3261e')}${jhumka(160, -40, 0.55, 'gold', '#1f7a4a')}`
  return { defs: b.defs + GOLD_DEFS, w: 440, h: 360, svg: b.svg + neck + ear }
}

function puja(ctx: DrawCtx): Drawn {
  const { shape } = ctx
  const brassDefs =
    roundShade('brassRound', BRASS[1], BRASS[0], BRASS[3]) +
    linear(
      'brass',
      [
        [0, BRASS[0]],
        [0.5, BRASS[1]],
        [1, BRASS[2]],
      ],
      1,
      1,
    ) +
    flameGlowDef
  if (shape === 'thali') {
    const plate = `<ellipse cx="0" cy="-40" rx="250" ry="72" fill="${BRASS[2]}"/><ellipse cx="0" cy="-48" rx="250" ry="70" fill="url(#brass)"/><ellipse cx="0" cy="-50" rx="214" ry="56" fill="${BRASS[1]}"/>`
    let engrave = ''
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2
      engrave += `<ellipse cx="${f(Math.cos(a) * 150)}" cy="${f(-50 + Math.sin(a) * 38)}" rx="14" ry="5" fill="none" stroke="${BRASS[3]}" stroke-width="2" transform="rotate(${f((a * 180) / Math.PI)} ${f(Math.cos(a) * 150)} ${f(-50 + Math.sin(a) * 38)})"/>`
    }
    const bowl = (x: number, y: number, powder: string) =>
      `<path d="M${x - 34} ${y - 18} C ${x - 30} ${y + 6} ${x + 30} ${y + 6} ${x + 34} ${y - 18}Z" fill="url(#brassRound)"/><ellipse cx="${x}" cy="${y - 18}" rx="34" ry="10" fill="${BRASS[2]}"/><ellipse cx="${x}" cy="${y - 20}" rx="28" ry="7" fill="${powder}"/>`
    const diya = `<path d="M-60 -66 C -56 -40 30 -40 36 -66 L60 -74 L36 -74Z" fill="url(#brassRound)"/><ellipse cx="-12" cy="-68" rx="48" ry="10" fill="${BRASS[2]}"/><g transform="translate(48 -76)"><circle cy="-14" r="30" fill="url(#flameGlow)"/><path d="M0 0 C -8 -8 -7 -20 0 -32 C 7 -20 8 -8 0 0Z" fill="#ffb020"/><path d="M0 -3 C -3 -8 -3 -14 0 -20 C 3 -14 3 -8 0 -3Z" fill="#fff3c4"/></g>`
    const kalash = `<g transform="translate(120 -70)"><path d="${lathe([
      [18, -90],
      [14, -80],
      [36, -50],
      [40, -26],
      [22, -4],
      [24, 0],
    ])}" fill="url(#brassRound)"/>${leaf(-4, -90, 44, -30, '#2d6a3a')}${leaf(4, -90, 44, 30, '#3f7d4a')}${leaf(0, -92, 40, 0, '#2d6a3a')}<circle cx="0" cy="-104" r="20" fill="#8a5a2b"/></g>`
    return {
      defs: brassDefs,
      w: 520,
      h: 240,
      svg: `${plate}${engrave}${bowl(-130, -40, '#c1121f')}${bowl(-70, -14, '#f2b705')}${marigold(-150, -86, 22)}${marigold(-110, -94, 16, 'yellow')}${diya}${kalash}<path d="M-200 -60 L-186 -120 M-196 -64 L-170 -118" stroke="#6b3f22" stroke-width="4"/><circle cx="-186" cy="-120" r="3" fill="#e85d04"/>`,
    }
  }
  if (shape === 'incense') {
    const box = `<path d="M-180 0 L-180 -140 L140 -140 L140 0Z" fill="#7a1f3d"/><path d="M-180 -140 L-140 -180 L180 -180 L140 -140Z" fill="#9c2c52"/><path d="M140 0 L140 -140 L180 -180 L180 -40Z" fill="#5a1530"/>
    <rect x="-160" y="-126" width="280" height="112" rx="6" fill="#f4e4c4"/><rect x="-152" y="-118" width="264" height="96" rx="4" fill="none" stroke="#b8862b" stroke-width="3"/>`
    let sticks = ''
    for (let i = 0; i < 6; i++) {
      const x = -60 + i * 14
      sticks += `<path d="M${x} -150 L${x + (i - 3) * 6} -380" stroke="#5a3a1a" stroke-width="5"/><path d="M${x + (i - 3) * 6} -380 L${x + (i - 3) * 6.4} -392" stroke="#c8553d" stroke-width="5"/>`
    }
    const smoke = `<path d="M-80 -392 C -110 -430 -50 -460 -80 -500 C -100 -530 -60 -550 -70 -580" stroke="#b9b2a8" stroke-width="4" fill="none" opacity="0.6"/><path d="M-40 -396 C -10 -440 -70 -470 -30 -510" stroke="#b9b2a8" stroke-width="3" fill="none" opacity="0.5"/>`
    const cones = `<path d="M150 -20 L170 -70 L190 -20Z" fill="#8a5a2b"/><path d="M196 -20 L214 -64 L232 -20Z" fill="#9a6a3b"/>`
    return {
      defs: '',
      w: 440,
      h: 560,
      svg: `${sticks}${smoke}<rect x="-90" y="-160" width="70" height="30" rx="6" fill="#6b3f22"/>${box}${flower(-100, -70, 40, 10, '#b8862b', '#7a1f3d')}<path d="M-40 -90 L90 -90 M-40 -66 L70 -66 M-40 -42 L100 -42" stroke="#7a1f3d" stroke-width="8" stroke-linecap="round"/>${cones}`,
    }
  }
  if (shape === 'kalash') {
    const copper = roundShade('copper', '#b8673a', '#f0a878', '#6a2c12')
    const pot = lathe([
      [50, -210],
      [42, -190],
      [54, -170],
      [110, -120],
      [112, -70],
      [70, -14],
      [74, 0],
    ])
    return {
      defs: copper,
      w: 420,
      h: 240,
      svg: `<g transform="translate(-60 0)"><path d="${pot}" fill="url(#copper)"/><ellipse cx="0" cy="-210" rx="50" ry="10" fill="#6a2c12"/><path d="M-100 -110 Q 0 -96 100 -110" stroke="#f0a878" stroke-width="4" fill="none" opacity="0.7"/></g>
      <g transform="translate(130 -10) rotate(-12)"><ellipse cx="0" cy="0" rx="26" ry="14" fill="url(#copper)"/><path d="M20 -6 L130 -36" stroke="#a05a30" stroke-width="10" stroke-linecap="round"/><circle cx="132" cy="-36" r="9" fill="#b8673a"/></g>`,
    }
  }
  return craftDrawers.lampStand('#000')
}

const LACQUER = ['#d62828', '#f77f00', '#fcbf49', '#2a9d8f', '#1d3557', '#6a4c93', '#43aa8b']

function toys(ctx: DrawCtx): Drawn {
  const { shape, index } = ctx
  const col = (i: number) => LACQUER[(i + index) % LACQUER.length]
  const shine = radial(
    'shine',
    [
      [0, '#ffffff', 0.6],
      [1, '#ffffff', 0],
    ],
    0.35,
    0.3,
    0.5,
  )
  if (shape === 'dolls') {
    const doll = (
      x: number,
      s: number,
      a: string,
      b: string,
      hat: boolean,
    ) => `<g transform="translate(${x} 0) scale(${s})">
      <path d="M-50 0 C -50 -60 -36 -120 -24 -150 L24 -150 C 36 -120 50 -60 50 0Z" fill="${a}"/>
      <path d="M-46 -30 L46 -30 M-40 -70 L40 -70" stroke="${b}" stroke-width="8"/>
      ${flower(0, -100, 20, 6, b, '#fff')}
      <circle cx="0" cy="-178" r="30" fill="#e8b98a"/><path d="M-30 -184 C -30 -214 30 -214 30 -184 C 20 -196 -20 -196 -30 -184Z" fill="#1b1b1b"/>
      ${hat ? `<path d="M-34 -200 L0 -240 L34 -200Z" fill="${b}"/>` : `<circle cx="0" cy="-212" r="12" fill="#1b1b1b"/>`}
      <circle cx="-10" cy="-178" r="3" fill="#1b1b1b"/><circle cx="10" cy="-178" r="3" fill="#1b1b1b"/><path d="M-6 -166 Q 0 -162 6 -166" stroke="#b3261e" stroke-width="2" fill="none"/>
      <ellipse cx="-20" cy="-140" rx="16" ry="8" fill="url(#shine)"/></g>`
    return {
      defs: shine,
      w: 480,
      h: 290,
      svg:
        doll(-170, 0.9, col(0), col(2), true) +
        doll(170, 0.9, col(3), col(1), false) +
        doll(-60, 1.1, col(4), col(2), false) +
        doll(70, 1.05, col(5), col(1), true),
    }
  }
  if (shape === 'tops') {
    const top = (x: number, s: number, i: number) => `<g transform="translate(${x} 0) scale(${s})">
      <path d="M0 0 L-8 -20 C -80 -40 -90 -110 -60 -130 L60 -130 C 90 -110 80 -40 8 -20Z" fill="${col(i)}"/>
      <path d="M-80 -70 C -30 -58 30 -58 80 -70" stroke="${col(i + 2)}" stroke-width="14" fill="none"/>
      <path d="M-70 -100 C -30 -92 30 -92 70 -100" stroke="${col(i + 4)}" stroke-width="8" fill="none"/>
      <ellipse cx="0" cy="-130" rx="60" ry="16" fill="${col(i + 1)}"/><rect x="-8" y="-180" width="16" height="52" rx="6" fill="${col(i + 3)}"/>
      <ellipse cx="-36" cy="-96" rx="20" ry="30" fill="url(#shine)"/></g>`
    return { defs: shine, w: 470, h: 200, svg: top(-150, 0.9, 0) + top(150, 0.85, 2) + top(0, 1.05, 4) }
  }
  if (shape === 'train') {
    let s = ''
    for (let i = 0; i < 3; i++) {
      const x = -200 + i * 140
      s += `<rect x="${x}" y="-130" width="120" height="90" rx="10" fill="${col(i)}"/><rect x="${x + 12}" y="-118" width="96" height="20" rx="6" fill="${col(i + 3)}"/>`
      s += `<circle cx="${x + 28}" cy="-30" r="26" fill="${col(i + 4)}"/><circle cx="${x + 92}" cy="-30" r="26" fill="${col(i + 4)}"/><circle cx="${x + 28}" cy="-30" r="8" fill="#1b1b1b"/><circle cx="${x + 92}" cy="-30" r="8" fill="#1b1b1b"/>`
    }
    s += `<rect x="88" y="-196" width="60" height="70" rx="6" fill="${col(5)}"/><rect x="80" y="-206" width="76" height="14" rx="4" fill="${col(2)}"/><rect x="164" y="-176" width="24" height="48" rx="4" fill="#1b1b1b"/><rect x="158" y="-184" width="36" height="12" rx="4" fill="${col(1)}"/><path d="M-80 -85 L-60 -85 M60 -85 L80 -85" stroke="#1b1b1b" stroke-width="6"/>`
    return { defs: shine, w: 440, h: 210, svg: s }
  }
  // Stacking rings on a peg.
  let s = `<ellipse cx="0" cy="-14" rx="130" ry="24" fill="${col(6)}"/><rect x="-130" y="-30" width="260" height="16" fill="${col(6)}"/><ellipse cx="0" cy="-30" rx="130" ry="24" fill="${col(6)}" opacity="0.85"/><rect x="-14" y="-360" width="28" height="340" rx="12" fill="#e9d3ae"/>`
  let y = -40
  for (let i = 0; i < 6; i++) {
    const rx = 118 - i * 16
    const h = 44
    s += `<ellipse cx="0" cy="${y - h / 2}" rx="${rx}" ry="${h / 2 + 6}" fill="${col(i)}"/><ellipse cx="${-rx * 0.35}" cy="${y - h / 2 - 8}" rx="${rx * 0.3}" ry="9" fill="url(#shine)"/>`
    y -= h - 2
  }
  s += `<circle cx="0" cy="${y - 24}" r="34" fill="${col(3)}"/><ellipse cx="-10" cy="${y - 36}" rx="12" ry="8" fill="url(#shine)"/>`
  return { defs: shine, w: 280, h: 380, svg: s }
}

export const traditionalDrawers = { jewellery, puja, toys }
