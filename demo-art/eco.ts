import type { DrawCtx, Drawn } from './svg.ts'
import { flower, leaf, linear, mandala, radial } from './svg.ts'

const JUTE_DEFS =
  `<pattern id="jute" width="12" height="12" patternUnits="userSpaceOnUse"><rect width="12" height="12" fill="#c8a46a"/><path d="M0 3 H12 M0 9 H12" stroke="#a8844a" stroke-width="2"/><path d="M3 0 V12 M9 0 V12" stroke="#dcbd87" stroke-width="1.5" opacity="0.8"/></pattern>` +
  linear(
    'juteShade',
    [
      [0, '#000', 0.15],
      [0.3, '#000', 0],
      [0.7, '#000', 0],
      [1, '#000', 0.22],
    ],
    1,
    0,
  )

function printPatch(kind: number, p: DrawCtx['p'], x: number, y: number, s: number): string {
  if (kind % 3 === 0) {
    // A little Madhubani fish.
    return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-60 0 C -20 -40 30 -36 60 0 C 30 36 -20 40 -60 0Z" fill="${p.a}" stroke="#1b1b1b" stroke-width="4"/><path d="M-56 0 L-90 -28 Q -78 0 -90 28Z" fill="${p.b}" stroke="#1b1b1b" stroke-width="4"/><path d="M-20 -24 L-20 24 M0 -26 L0 26 M20 -22 L20 22" stroke="#1b1b1b" stroke-width="3"/><circle cx="38" cy="-6" r="7" fill="#fff" stroke="#1b1b1b" stroke-width="3"/></g>`
  }
  if (kind % 3 === 1)
    return `<g transform="translate(${x} ${y}) scale(${s})">${mandala(0, 0, 60, [p.e, p.a, p.b, p.c], 3, false)}</g>`
  return `<g transform="translate(${x} ${y}) scale(${s})">${flower(0, 0, 70, 10, p.a, p.b)}${leaf(-20, 40, 50, -120, p.c)}${leaf(20, 40, 50, 120, p.c)}</g>`
}

function tote(x: number, w: number, h: number, p: DrawCtx['p'], kind: number, handle: string): string {
  const body = `M${x - w / 2} ${-h} L${x + w / 2} ${-h} L${x + w / 2 + 16} 0 L${x - w / 2 - 16} 0Z`
  return `<path d="M${x - w / 4} ${-h} C ${x - w / 4} ${-h - 150} ${x + w / 4} ${-h - 150} ${x + w / 4} ${-h}" stroke="${handle}" stroke-width="18" fill="none"/>
  <path d="${body}" fill="url(#jute)"/><path d="${body}" fill="url(#juteShade)"/>
  <path d="M${x - w / 2} ${-h + 24} L${x + w / 2} ${-h + 24}" stroke="#8a6a34" stroke-width="3" stroke-dasharray="8 6"/>
  <rect x="${x - w / 2}" y="${-h}" width="${w}" height="14" fill="${handle}"/>
  ${printPatch(kind, p, x, -h / 2 + 10, w / 320)}`
}

function jute(ctx: DrawCtx): Drawn {
  const { shape, p, index } = ctx
  if (shape === 'laptop') {
    const body = `M-220 -260 L220 -260 L226 0 L-226 0Z`
    return {
      defs: JUTE_DEFS,
      w: 470,
      h: 400,
      svg: `<path d="M-120 -262 C -120 -380 120 -380 120 -262" stroke="#5a2e14" stroke-width="20" fill="none"/><path d="${body}" fill="url(#jute)"/><path d="${body}" fill="url(#juteShade)"/>
      <path d="M-220 -260 L220 -260 L220 -120 C 120 -96 -120 -96 -220 -120Z" fill="#b8935a"/><path d="M-220 -120 C -120 -96 120 -96 220 -120" stroke="#5a2e14" stroke-width="6" fill="none"/>
      <rect x="-20" y="-120" width="40" height="40" rx="6" fill="#5a2e14"/><circle cx="0" cy="-100" r="7" fill="#d9a740"/>
      <rect x="-226" y="-40" width="452" height="10" fill="#5a2e14" opacity="0.6"/>`,
    }
  }
  if (shape === 'shopper') {
    const cols = [p.a, p.c, p.b]
    return {
      defs: JUTE_DEFS,
      w: 480,
      h: 420,
      svg: `<g opacity="0.95">${tote(-140, 200, 240, p, index + 1, cols[1])}</g>${tote(140, 200, 250, p, index + 2, cols[2])}${tote(0, 230, 270, p, index, cols[0])}`,
    }
  }
  return { defs: JUTE_DEFS, w: 400, h: 460, svg: tote(0, 320, 320, p, index, p.a) }
}

const CANE_DEFS =
  `<pattern id="weave" width="28" height="20" patternUnits="userSpaceOnUse"><rect width="28" height="20" fill="#c9a063"/><rect x="0" y="0" width="14" height="10" fill="#e0bd82"/><rect x="14" y="10" width="14" height="10" fill="#e0bd82"/><path d="M0 10 H28 M14 0 V20 M0 0 V20" stroke="#8a6230" stroke-width="1.5"/></pattern>` +
  linear(
    'caneShade',
    [
      [0, '#000', 0.3],
      [0.35, '#000', 0],
      [0.65, '#fff', 0.1],
      [1, '#000', 0.3],
    ],
    1,
    0,
  )

function bamboo(ctx: DrawCtx): Drawn {
  const { shape, p } = ctx
  if (shape === 'lamp') {
    const glow = radial('lampGlow', [
      [0, '#fff2c2', 0.95],
      [0.5, '#ffd27a', 0.5],
      [1, '#ffb347', 0],
    ])
    const shade = `M-110 -420 L110 -420 L140 -220 L-140 -220Z`
    return {
      defs: CANE_DEFS + glow,
      w: 340,
      h: 440,
      svg: `<ellipse cx="0" cy="-320" rx="230" ry="200" fill="url(#lampGlow)"/>
      <rect x="-14" y="-230" width="28" height="210" fill="#b58a4c"/><path d="M-14 -160 H14 M-14 -90 H14" stroke="#7a5628" stroke-width="4"/>
      <ellipse cx="0" cy="-14" rx="100" ry="18" fill="#8a6230"/><rect x="-100" y="-28" width="200" height="16" fill="#b58a4c"/><ellipse cx="0" cy="-28" rx="100" ry="18" fill="#c9a063"/>
      <path d="${shade}" fill="url(#weave)"/><path d="${shade}" fill="#ffd27a" opacity="0.35"/><path d="${shade}" fill="url(#caneShade)"/>
      <path d="M-110 -420 L110 -420 M-140 -220 L140 -220" stroke="#7a5628" stroke-width="8" stroke-linecap="round"/>`,
    }
  }
  if (shape === 'lidded') {
    const body = `M-130 -260 L130 -260 L112 0 L-112 0Z`
    return {
      defs: CANE_DEFS,
      w: 320,
      h: 380,
      svg: `<path d="${body}" fill="url(#weave)"/><path d="${body}" fill="url(#caneShade)"/>
      <path d="M-128 -200 L128 -200 M-120 -110 L120 -110" stroke="${p.a}" stroke-width="12"/>
      <path d="M-150 -262 C -150 -330 150 -330 150 -262Z" fill="url(#weave)"/><path d="M-150 -262 C -150 -330 150 -330 150 -262Z" fill="url(#caneShade)"/>
      <rect x="-152" y="-270" width="304" height="16" rx="8" fill="#8a6230"/><circle cx="0" cy="-336" r="16" fill="#8a6230"/>`,
    }
  }
  // A round fruit basket with fruit.
  const body = `M-220 -150 C -210 -40 -120 0 0 0 C 120 0 210 -40 220 -150Z`
  return {
    defs: CANE_DEFS,
    w: 470,
    h: 250,
    svg: `<circle cx="-80" cy="-170" r="52" fill="#e63946"/><circle cx="-96" cy="-186" r="14" fill="#fff" opacity="0.35"/>
    <circle cx="30" cy="-186" r="60" fill="#f4a261"/><circle cx="12" cy="-206" r="16" fill="#fff" opacity="0.3"/>
    <path d="M120 -160 C 150 -230 220 -220 200 -160Z" fill="#e9c46a"/><path d="M100 -165 C 130 -250 200 -245 190 -170Z" fill="#f2d16b"/>
    ${leaf(30, -240, 50, 30, '#2d6a4f')}
    <path d="${body}" fill="url(#weave)"/><path d="${body}" fill="url(#caneShade)"/>
    <ellipse cx="0" cy="-150" rx="222" ry="26" fill="none" stroke="#8a6230" stroke-width="16"/>`,
  }
}

function paper(ctx: DrawCtx): Drawn {
  const { shape, p } = ctx
  const paperFill = '#f1e6cf'
  if (shape === 'sheets') {
    let s = ''
    const fills = [p.a, p.c, p.b, '#e9dcc0', p.a]
    for (let i = 0; i < 5; i++) {
      const rot = -24 + i * 12
      s += `<g transform="translate(0 -30) rotate(${rot} 0 0)"><rect x="-150" y="-320" width="300" height="300" fill="${fills[i]}" stroke="#fff" stroke-opacity="0.4" stroke-width="3"/>`
      for (let k = 0; k < 3; k++)
        for (let j = 0; j < 3; j++)
          s += flower(-100 + k * 100, -270 + j * 100, 30, 8, i % 2 ? p.e : '#f7e7b4', fills[(i + 2) % 5])
      s += '</g>'
    }
    return { w: 480, h: 360, svg: s }
  }
  if (shape === 'cards') {
    let s = ''
    for (let i = 0; i < 3; i++) {
      const x = -150 + i * 150
      s += `<g transform="translate(${x} 0) rotate(${-8 + i * 8})"><rect x="-80" y="-240" width="160" height="230" rx="4" fill="${paperFill}" stroke="#d6c6a4" stroke-width="2"/>`
      for (let k = 0; k < 14; k++)
        s += `<circle cx="${-70 + ((k * 37) % 140)}" cy="${-230 + ((k * 53) % 210)}" r="2.5" fill="#9a7b4f"/>`
      s += `${flower(0, -150, 46, 8, [p.a, p.b, p.c][i], '#f2c14e')}${leaf(0, -60, 70, -20, '#3f7d4a')}${leaf(0, -60, 60, 30, '#2d6a3a')}</g>`
    }
    s += `<path d="M120 0 L240 0 L230 -50 L130 -50Z" fill="#b5552f"/>${leaf(180, -50, 60, -25, '#3f7d4a')}${leaf(180, -50, 56, 20, '#4d8f57')}`
    return { defs: '', w: 520, h: 270, svg: s }
  }
  // A thread-bound diary with pressed flowers.
  let petals = ''
  const cols = ['#e76f51', '#f4a261', '#e9c46a', '#c2185b', '#8e7dbe']
  for (let i = 0; i < 9; i++)
    petals += flower(
      -110 + (i % 3) * 90 + (i > 5 ? 20 : 0),
      -330 + Math.floor(i / 3) * 90,
      22 + (i % 2) * 8,
      5,
      cols[i % cols.length],
      '#f2c14e',
      i * 17,
    )
  for (let i = 0; i < 6; i++) petals += leaf(-120 + i * 48, -120, 36, -40 + i * 16, '#6a994e')
  return {
    defs: '',
    w: 400,
    h: 440,
    svg: `<rect x="-170" y="-410" width="330" height="400" rx="6" fill="#e9dcc0"/><path d="M160 -404 L176 -400 L176 -8 L160 -12Z" fill="#f8f1e0"/>
    <path d="M164 -392 V-20 M170 -392 V-20" stroke="#d9caa8" stroke-width="2"/>
    <rect x="-180" y="-420" width="330" height="404" rx="6" fill="${paperFill}" stroke="#d9caa8" stroke-width="2"/>
    ${petals}
    <rect x="-180" y="-420" width="34" height="404" fill="${p.a}" opacity="0.85"/>
    ${[-380, -300, -220, -140, -60].map((y) => `<path d="M-163 ${y} L-150 ${y}" stroke="#f1e6cf" stroke-width="4"/>`).join('')}
    <path d="M150 -220 C 190 -220 200 -180 180 -150 C 170 -130 190 -110 200 -100" stroke="#8a5a2b" stroke-width="4" fill="none"/>
    <rect x="-60" y="-70" width="130" height="34" rx="4" fill="#f8f1e0" stroke="#b8862b" stroke-width="2"/>`,
  }
}

export const ecoDrawers = { jute, bamboo, paper }
