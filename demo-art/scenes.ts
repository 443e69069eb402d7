import { craftDrawers } from './crafts.ts'
import { elephantShape, fish } from './paintings.ts'
import type { PhotoLayers } from './photo.ts'
import { photoLayers } from './photo.ts'
import { drawProduct, type Motif } from './products.ts'
import type { Drawn } from './svg.ts'
import {
  CRAFT_PALETTES,
  esc,
  f,
  flameGlowDef,
  flower,
  leaf,
  linear,
  mandala,
  marigold,
  namespaced,
  radial,
  rng,
  SANS,
  SERIF,
} from './svg.ts'

// ---------------------------------------------------------------- categories

export type CategoryCover = { motif: Motif; shape?: string; title: string }

/** The cover picture of a category: its signature object in a studio setting. */
export function categoryLayers(cover: CategoryCover, index: number): PhotoLayers {
  return photoLayers(drawProduct({ ...cover, index: index * 11 + 2 }), 1, index + 2)
}

// ---------------------------------------------------------------- states

/** The landmarks and crafts `stateSvg` can draw. */
export type StateMotif =
  | 'dome'
  | 'stupa'
  | 'fort'
  | 'fish'
  | 'wheel'
  | 'horse'
  | 'kite'
  | 'warli'
  | 'gopuram'
  | 'boat'
  | 'tea'
  | 'elephant'
  | 'lotus'
  | 'shikara'
  | 'dhokra'

/** A state's picture: its landmark or craft, and its light background, mid tone and dark ink (hex). */
export type StatePicture = { motif: StateMotif; colours: [string, string, string] }

function landmark(m: StateMotif, c: [string, string, string]): string {
  const [, mid, dark] = c
  switch (m) {
    case 'dome': {
      // A white marble mausoleum with four minarets.
      const minaret = (x: number) =>
        `<rect x="${x - 9}" y="-300" width="18" height="300" fill="#f7f3ea"/><path d="M${x - 14} -300 Q ${x} -330 ${x + 14} -300Z" fill="#efe9dc"/><path d="M${x} -332 L${x} -344" stroke="${dark}" stroke-width="3"/>${[-80, -160, -240].map((y) => `<rect x="${x - 13}" y="${y}" width="26" height="6" fill="#e3dccd"/>`).join('')}`
      return `${minaret(-230)}${minaret(230)}
      <rect x="-170" y="-170" width="340" height="170" fill="#f7f3ea"/><path d="M-40 0 L-40 -110 Q 0 -160 40 -110 L40 0Z" fill="${mid}" opacity="0.6"/>
      ${[-120, 120].map((x) => `<path d="M${x - 26} -40 L${x - 26} -110 Q ${x} -140 ${x + 26} -110 L${x + 26} -40Z" fill="${mid}" opacity="0.45"/>`).join('')}
      <rect x="-60" y="-200" width="120" height="30" fill="#efe9dc"/>
      <path d="M-110 -200 C -130 -300 -40 -330 0 -380 C 40 -330 130 -300 110 -200Z" fill="#fbf8f1"/>
      <path d="M0 -380 L0 -420" stroke="${dark}" stroke-width="5"/><circle cx="0" cy="-424" r="6" fill="${dark}"/>
      ${[-140, 140].map((x) => `<path d="M${x - 30} -170 C ${x - 34} -220 ${x + 34} -220 ${x + 30} -170Z" fill="#fbf8f1"/>`).join('')}
      <rect x="-260" y="-6" width="520" height="12" fill="#e3dccd"/>`
    }
    case 'stupa':
      return `<rect x="-240" y="-60" width="480" height="60" fill="#b99a6a"/><path d="M-200 -60 C -200 -260 200 -260 200 -60Z" fill="#dcc08e"/>
      ${[-150, -100, -50, 0, 50, 100, 150].map((x) => `<rect x="${x - 5}" y="-100" width="10" height="40" fill="#8f6a48"/>`).join('')}<rect x="-200" y="-104" width="400" height="8" fill="#8f6a48"/>
      <path d="M-200 -60 C -200 -260 200 -260 200 -60" fill="none" stroke="${dark}" stroke-width="4"/>
      <rect x="-50" y="-248" width="100" height="26" fill="#cdb48a"/><rect x="-4" y="-320" width="8" height="72" fill="${dark}"/>
      ${[-300, -280, -260].map((y, i) => `<rect x="${-40 + i * 8}" y="${y}" width="${80 - i * 16}" height="8" fill="${dark}"/>`).join('')}
      ${[-230, 230].map((x) => `<rect x="${x - 40}" y="-170" width="14" height="170" fill="#b99a6a"/><rect x="${x + 26}" y="-170" width="14" height="170" fill="#b99a6a"/><rect x="${x - 54}" y="-190" width="108" height="16" fill="#b99a6a"/><rect x="${x - 54}" y="-160" width="108" height="12" fill="#b99a6a"/>`).join('')}`
    case 'fort': {
      let s = `<rect x="-250" y="-220" width="500" height="220" fill="${mid}"/>`
      for (let x = -250; x < 250; x += 40)
        s += `<rect x="${x}" y="-245" width="24" height="25" fill="${mid}"/>`
      for (let r = 0; r < 3; r++)
        for (let i = 0; i < 8; i++)
          s += `<path d="M${-215 + i * 58} ${-40 - r * 60} L${-215 + i * 58} ${-70 - r * 60} Q ${-200 + i * 58} ${-88 - r * 60} ${-185 + i * 58} ${-70 - r * 60} L${-185 + i * 58} ${-40 - r * 60}Z" fill="${dark}" opacity="0.55"/>`
      s += `<rect x="-40" y="-320" width="80" height="100" fill="${mid}"/><path d="M-56 -320 C -50 -370 50 -370 56 -320Z" fill="${dark}"/>`
      s += `<path d="M-40 0 L-40 -90 Q 0 -130 40 -90 L40 0Z" fill="${dark}"/>`
      return s
    }
    case 'fish':
      return `<g transform="translate(0 -200)">${fish(0, -60, 120, 8, [c[1], '#f2a541', '#2a6f97'], '#1d1a17', 'stFishA')}${fish(0, 70, 120, 188, ['#f2a541', '#2a6f97', c[1]], '#1d1a17', 'stFishB')}</g>`
    case 'wheel':
      return craftDrawers.stone({ p: CRAFT_PALETTES[0], r: rng(1), shape: 'wheel', title: '', index: 0 }).svg
    case 'horse':
      return craftDrawers.pottery({ p: CRAFT_PALETTES[0], r: rng(1), shape: 'horse', title: '', index: 0 })
        .svg
    case 'kite': {
      const kite = (x: number, y: number, s: number, a: string, b: string, rot: number) =>
        `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><path d="M0 -80 L70 0 L0 80 L-70 0Z" fill="${a}"/><path d="M0 -80 L0 80 M-70 0 L70 0" stroke="${b}" stroke-width="4"/><path d="M0 80 L-14 104 L14 104Z" fill="${b}"/><path d="M0 104 C 20 150 -20 190 10 240" stroke="#555" stroke-width="2" fill="none"/></g>`
      return `${kite(-150, -300, 1, '#e76f51', '#264653', -12)}${kite(60, -370, 0.8, '#2a9d8f', '#e9c46a', 10)}${kite(190, -230, 0.9, '#e9c46a', '#e76f51', 18)}${kite(-20, -170, 0.7, '#f4a261', '#2a9d8f', -4)}`
    }
    case 'warli': {
      let s = `<circle cx="0" cy="-190" r="180" fill="#8b3a1e"/>`
      for (let i = 0; i < 16; i++) {
        const a = (360 / 16) * i
        s += `<g transform="rotate(${a} 0 -190)"><circle cx="0" cy="-340" r="9" fill="#fdf6ec"/><path d="M-14 -328 L14 -328 L0 -306Z M0 -306 L-12 -286 L12 -286Z" fill="#fdf6ec"/><path d="M-10 -286 L-16 -270 M10 -286 L16 -270 M-12 -326 L-28 -310 M12 -326 L28 -310" stroke="#fdf6ec" stroke-width="3"/></g>`
      }
      return `${s}<circle cx="0" cy="-190" r="36" fill="none" stroke="#fdf6ec" stroke-width="4"/>`
    }
    case 'gopuram': {
      let s = ''
      for (let i = 0; i < 7; i++) {
        const w = 300 - i * 36
        const y = -60 - i * 48
        s += `<rect x="${-w / 2}" y="${y - 48}" width="${w}" height="48" fill="${i % 2 ? mid : '#e9b46a'}"/>`
        for (let k = 0; k < Math.floor(w / 30); k++)
          s += `<rect x="${-w / 2 + 8 + k * 30}" y="${y - 40}" width="14" height="30" fill="${dark}" opacity="0.35"/>`
      }
      s += `<path d="M-70 -396 C -60 -440 60 -440 70 -396Z" fill="${mid}"/>${[-40, 0, 40].map((x) => `<path d="M${x - 8} -430 L${x} -460 L${x + 8} -430Z" fill="#d4a020"/>`).join('')}`
      return `<rect x="-170" y="-60" width="340" height="60" fill="${dark}"/><path d="M-40 0 L-40 -50 Q 0 -80 40 -50 L40 0Z" fill="#2a1408"/>${s}`
    }
    case 'boat': {
      const palm = (x: number, h: number, lean: number) => {
        let s = `<path d="M${x} 0 Q ${x + lean} ${-h / 2} ${x + lean * 1.4} ${-h}" stroke="#7a5230" stroke-width="14" fill="none"/>`
        for (let i = 0; i < 7; i++)
          s += leaf(x + lean * 1.4, -h, 110, -150 + i * 45, i % 2 ? '#2d6a4f' : '#40916c')
        return s
      }
      return `<path d="M-260 -40 L260 -40 L260 0 L-260 0Z" fill="#74b3ce" opacity="0.6"/>
      <path d="M-200 -70 C -120 -30 120 -30 210 -80 L190 -40 C 100 -10 -100 -10 -180 -40Z" fill="#6b3f22"/>
      <path d="M-140 -70 C -130 -150 120 -150 140 -76 Z" fill="#d4a373"/><path d="M-140 -70 C -130 -150 120 -150 140 -76" fill="none" stroke="#8a5a2b" stroke-width="6"/>
      ${[-90, -30, 30, 90].map((x) => `<path d="M${x} -130 L${x} -76" stroke="#8a5a2b" stroke-width="4"/>`).join('')}
      ${palm(-220, 330, 30)}${palm(200, 290, -40)}`
    }
    case 'tea': {
      let s = ''
      for (let i = 0; i < 6; i++)
        s += `<path d="M-260 ${-40 - i * 44} Q 0 ${-80 - i * 44} 260 ${-40 - i * 44}" stroke="${i % 2 ? '#588157' : '#3a5a40'}" stroke-width="34" fill="none" opacity="0.85"/>`
      s += `<g transform="translate(0 -260)">${leaf(0, 0, 140, -30, '#40916c')}${leaf(0, 0, 130, 30, '#2d6a4f')}${leaf(0, 0, 90, 0, '#52b788')}</g>`
      s += `<path d="M-80 -10 L80 -10 L66 -100 L-66 -100Z" fill="#fdf6ec"/><path d="M80 -80 C 120 -80 120 -30 76 -34" stroke="#fdf6ec" stroke-width="10" fill="none"/><ellipse cx="0" cy="-100" rx="66" ry="12" fill="#9c6644"/>`
      s += `<path d="M-20 -120 C -40 -150 0 -160 -20 -190 M20 -120 C 0 -150 40 -160 20 -190" stroke="#fdf6ec" stroke-width="4" fill="none" opacity="0.8"/>`
      return s
    }
    case 'elephant':
      return `<g transform="scale(1.4)">${elephantShape('#7a7f85', '#3a3d40', 3, '#6a6f75')}<path d="M-70 -150 L50 -150 L45 -55 Q -10 -40 -65 -55Z" fill="#b3261e" stroke="#f2c14e" stroke-width="4"/>${flower(-10, -100, 26, 8, '#f2c14e', '#b3261e')}<path d="M96 -154 L124 -158 L118 -118 L100 -116Z" fill="#f2c14e"/></g>`
    case 'lotus': {
      let s = ''
      for (let i = 0; i < 9; i++)
        s += `<path d="M0 -60 C -40 -140 -20 -230 0 -270 C 20 -230 40 -140 0 -60Z" fill="${i % 2 ? '#f48fb1' : '#d6336c'}" transform="rotate(${-80 + i * 20} 0 -60)"/>`
      return `<ellipse cx="0" cy="-30" rx="240" ry="36" fill="#2d6a4f" opacity="0.7"/>${s}<circle cx="0" cy="-90" r="28" fill="#f2c14e"/>`
    }
    case 'shikara':
      return `<path d="M-280 -120 L-150 -330 L-60 -200 L40 -360 L180 -150 L280 -260 L280 -40 L-280 -40Z" fill="#8aa9c1"/><path d="M-150 -330 L-120 -282 L-170 -298Z M40 -360 L80 -300 L10 -316Z" fill="#fff"/>
      <rect x="-280" y="-40" width="560" height="40" fill="#457b9d" opacity="0.7"/>
      <path d="M-230 -60 C -120 -30 120 -30 230 -70 L210 -44 C 100 -20 -100 -20 -210 -44Z" fill="#7a2e1f"/>
      <path d="M-100 -62 L-100 -140 L100 -140 L100 -62" fill="none" stroke="#7a2e1f" stroke-width="6"/><path d="M-120 -140 L120 -140 L100 -170 L-100 -170Z" fill="#e76f51"/>
      <path d="M160 -60 L230 -130" stroke="#4a2a15" stroke-width="5"/>`
    case 'dhokra':
      return craftDrawers.brass({ p: CRAFT_PALETTES[0], r: rng(1), shape: 'elephant', title: '', index: 0 })
        .svg
  }
}

function landmarkDefs(m: StateMotif): string {
  if (m === 'wheel')
    return (
      craftDrawers.stone({ p: CRAFT_PALETTES[0], r: rng(1), shape: 'wheel', title: '', index: 0 }).defs ?? ''
    )
  if (m === 'horse')
    return (
      craftDrawers.pottery({ p: CRAFT_PALETTES[0], r: rng(1), shape: 'horse', title: '', index: 0 }).defs ??
      ''
    )
  if (m === 'dhokra')
    return (
      craftDrawers.brass({ p: CRAFT_PALETTES[0], r: rng(1), shape: 'elephant', title: '', index: 0 }).defs ??
      ''
    )
  return ''
}

/** A state card: a landmark or craft of the state in an arch (the page prints the state's name over it). */
export function stateSvg(s: StatePicture): string {
  const [light, mid, dark] = s.colours
  const bg = linear('stateBg', [
    [0, light],
    [1, mid],
  ])
  let border = ''
  for (let i = 0; i < 28; i++) {
    const x = 20 + i * 27.6
    border += `<circle cx="${f(x)}" cy="22" r="5" fill="${dark}" opacity="0.5"/><circle cx="${f(x)}" cy="778" r="5" fill="${dark}" opacity="0.5"/>`
  }
  const scale = s.motif === 'horse' || s.motif === 'wheel' ? 0.85 : 1
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><defs>${bg}${landmarkDefs(s.motif)}${radial(
    'stateGlow',
    [
      [0, '#ffffff', 0.7],
      [1, '#ffffff', 0],
    ],
  )}</defs>
  <rect width="800" height="800" fill="url(#stateBg)"/>${border}
  <path d="M120 620 L120 300 C 120 130 680 130 680 300 L680 620Z" fill="${light}" stroke="${dark}" stroke-width="6"/>
  <path d="M140 610 L140 305 C 140 160 660 160 660 305 L660 610Z" fill="none" stroke="${dark}" stroke-width="2" stroke-dasharray="4 8"/>
  <ellipse cx="400" cy="330" rx="240" ry="220" fill="url(#stateGlow)"/>
  <g transform="translate(400 600) scale(${scale * 0.92})">${landmark(s.motif, s.colours)}</g>
  <rect x="90" y="612" width="620" height="16" rx="8" fill="${dark}"/>
  </svg>`
}

// ---------------------------------------------------------------- temples

export type TempleScene = 'river' | 'ghats' | 'night' | 'sea' | 'mountains' | 'town'

function shikhara(h: number, stone: string, shade: string, gold: boolean): string {
  const w = 150
  const tower = `M${-w} 0 C ${-w} ${-h * 0.45} ${-w * 0.55} ${-h * 0.85} ${-w * 0.32} ${-h} L${w * 0.32} ${-h} C ${w * 0.55} ${-h * 0.85} ${w} ${-h * 0.45} ${w} 0Z`
  let bands = ''
  for (let i = 1; i < 10; i++) {
    const y = (-h * i) / 10
    const t = i / 10
    const half = w * (1 - t * 0.68)
    bands += `<path d="M${f(-half)} ${f(y)} L${f(half)} ${f(y)}" stroke="${shade}" stroke-width="5" opacity="0.55"/>`
  }
  const amalaka = `<ellipse cx="0" cy="${-h - 14}" rx="${w * 0.42}" ry="18" fill="${stone}" stroke="${shade}" stroke-width="3"/>${[-36, -18, 0, 18, 36].map((x) => `<path d="M${x} ${-h - 30} L${x} ${-h + 2}" stroke="${shade}" stroke-width="2"/>`).join('')}`
  const top = gold ? '#e9b949' : stone
  return `<path d="${tower}" fill="${gold ? 'url(#goldTower)' : stone}"/>
  <path d="M-12 0 L-12 ${-h} L12 ${-h} L12 0Z" fill="${shade}" opacity="0.25"/>${bands}${amalaka}
  <path d="M-16 ${-h - 30} C -24 ${-h - 60} 24 ${-h - 60} 16 ${-h - 30}Z" fill="${top}"/>
  <path d="M0 ${-h - 56} L0 ${-h - 130}" stroke="#5a3a1a" stroke-width="4"/><path d="M0 ${-h - 130} L70 ${-h - 112} L0 ${-h - 94}Z" fill="#f77f00"/>`
}

/** A temple: a nagara shikhara with a mandapa, in a setting suited to the place. */
export function templeSvg(index: number, scene: TempleScene, W = 1600, H = 900): string {
  const skies: Record<TempleScene, [string, string, string]> = {
    river: ['#ffd6a5', '#fdb38a', '#f08a5d'],
    ghats: ['#ffe5b4', '#f9c784', '#e07a5f'],
    night: ['#1d2b53', '#3c4a7a', '#7e5a9b'],
    sea: ['#bde0fe', '#ffd6a5', '#f4a261'],
    mountains: ['#cfe8ff', '#e7f1fb', '#fef3e2'],
    town: ['#ffcdb2', '#ffb4a2', '#e5989b'],
  }
  const [s1, s2, s3] = skies[scene]
  const night = scene === 'night'
  const stone =
    scene === 'mountains' ? '#9a9a94' : scene === 'sea' ? '#e9dcc4' : night ? '#c9a27a' : '#e6cfa6'
  const shade = scene === 'mountains' ? '#5c5c58' : '#8a6a48'
  const defs =
    linear('sky', [
      [0, s1],
      [0.6, s2],
      [1, s3],
    ]) +
    linear(
      'goldTower',
      [
        [0, '#fff1a8'],
        [0.5, '#e9b949'],
        [1, '#a8741f'],
      ],
      1,
      0,
    ) +
    radial('sun', [
      [0, '#fff7d6', 1],
      [0.35, '#ffe08a', 0.8],
      [1, '#ffe08a', 0],
    ]) +
    flameGlowDef
  const ground = H - 150
  let back = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`
  if (night) {
    const r = rng(index + 5)
    for (let i = 0; i < 80; i++)
      back += `<circle cx="${f(r() * W)}" cy="${f(r() * H * 0.6)}" r="${f(1 + r() * 2)}" fill="#fff" opacity="${f(0.4 + r() * 0.6)}"/>`
    back += `<circle cx="${W * 0.8}" cy="160" r="60" fill="#fdf6d8"/><circle cx="${W * 0.8 + 24}" cy="146" r="56" fill="#3c4a7a"/>`
  } else {
    back += `<circle cx="${W * 0.72}" cy="${scene === 'mountains' ? 180 : 300}" r="220" fill="url(#sun)"/>`
  }
  if (scene === 'mountains') {
    back += `<path d="M0 ${ground - 120} L260 ${ground - 520} L420 ${ground - 330} L640 ${ground - 620} L900 ${ground - 300} L1120 ${ground - 560} L1360 ${ground - 280} L${W} ${ground - 460} L${W} ${ground} L0 ${ground}Z" fill="#8da9c4"/>`
    back += `<path d="M260 ${ground - 520} L310 ${ground - 450} L240 ${ground - 470}Z M640 ${ground - 620} L720 ${ground - 520} L600 ${ground - 540}Z M1120 ${ground - 560} L1180 ${ground - 470} L1080 ${ground - 490}Z" fill="#fff"/>`
    back += `<path d="M0 ${ground - 60} L300 ${ground - 260} L560 ${ground - 120} L800 ${ground - 300} L1100 ${ground - 100} L1400 ${ground - 240} L${W} ${ground - 120} L${W} ${ground} L0 ${ground}Z" fill="#5d7b95"/>`
  } else {
    back += `<path d="M0 ${ground - 80} C 300 ${ground - 160} 500 ${ground - 60} 800 ${ground - 120} C 1100 ${ground - 180} 1300 ${ground - 70} ${W} ${ground - 130} L${W} ${ground} L0 ${ground}Z" fill="${night ? '#2a2f55' : '#c98b6b'}" opacity="0.5"/>`
  }
  // Temple group.
  const tx = W * 0.5
  const towerH = scene === 'mountains' ? 320 : 420
  const gold = scene === 'ghats'
  let temple = `<g transform="translate(${tx + 90} ${ground - 60})">${shikhara(towerH, stone, shade, gold)}</g>`
  temple += `<g transform="translate(${tx - 170} ${ground - 60}) scale(0.55)">${shikhara(towerH * 0.9, stone, shade, gold)}</g>`
  // Mandapa and plinth.
  temple += `<rect x="${tx - 330}" y="${ground - 60}" width="620" height="60" fill="${stone}"/><rect x="${tx - 350}" y="${ground - 20}" width="660" height="20" fill="${shade}" opacity="0.6"/>`
  temple += `<rect x="${tx - 260}" y="${ground - 200}" width="240" height="140" fill="${stone}"/><path d="M${tx - 280} ${ground - 200} L${tx - 140} ${ground - 290} L${tx} ${ground - 200}Z" fill="${shade}" opacity="0.8"/>`
  for (let i = 0; i < 4; i++)
    temple += `<rect x="${tx - 245 + i * 60}" y="${ground - 180}" width="18" height="120" fill="${shade}" opacity="0.5"/>`
  temple += `<path d="M${tx + 40} ${ground - 60} L${tx + 40} ${ground - 150} Q ${tx + 90} ${ground - 210} ${tx + 140} ${ground - 150} L${tx + 140} ${ground - 60}Z" fill="#3a2410"/>`
  temple += `<g transform="translate(${tx + 90} ${ground - 70})"><circle cy="-20" r="40" fill="url(#flameGlow)"/></g>`
  // Foreground by scene.
  let front = ''
  if (scene === 'river' || scene === 'ghats' || scene === 'sea') {
    const water = scene === 'sea' ? '#3a86b4' : '#4f86a6'
    front += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${water}"/>`
    for (let i = 0; i < 10; i++)
      front += `<path d="M${(i * 173) % W} ${ground + 30 + (i % 4) * 28} q 30 -10 60 0" stroke="#fff" stroke-opacity="0.5" stroke-width="4" fill="none"/>`
    if (scene === 'ghats') {
      for (let i = 0; i < 6; i++)
        front += `<rect x="${tx - 520 + i * 20}" y="${ground - 10 + i * 12}" width="${1040 - i * 40}" height="12" fill="#d8b892"/>`
      for (let i = 0; i < 9; i++) front += diyaLight(180 + i * 150, ground + 90 + (i % 3) * 20)
    }
    if (scene === 'river')
      front += `<path d="M${W * 0.12} ${ground + 70} C ${W * 0.16} ${ground + 100} ${W * 0.26} ${ground + 100} ${W * 0.3} ${ground + 70} Z" fill="#6b3f22"/>`
  } else {
    front += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${night ? '#2b2440' : scene === 'mountains' ? '#7a8a6a' : '#c9a27a'}"/>`
    for (let i = 0; i < 5; i++)
      front += `<rect x="${tx - 300 + i * 14}" y="${ground + i * 14}" width="${600 - i * 28}" height="14" fill="${stone}" opacity="${0.9 - i * 0.1}"/>`
    if (night) for (let i = 0; i < 7; i++) front += diyaLight(tx - 330 + i * 110, ground + 100)
  }
  front += `${marigoldGarland(tx - 330, ground - 60, 620)}`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${back}${temple}${front}</svg>`
}

function diyaLight(x: number, y: number): string {
  return `<circle cx="${x}" cy="${y - 14}" r="30" fill="url(#flameGlow)"/><ellipse cx="${x}" cy="${y}" rx="16" ry="6" fill="#b5552f"/><path d="M${x} ${y - 4} C ${x - 5} ${y - 10} ${x - 4} ${y - 18} ${x} ${y - 26} C ${x + 4} ${y - 18} ${x + 5} ${y - 10} ${x} ${y - 4}Z" fill="#ffb020"/>`
}

function marigoldGarland(x: number, y: number, w: number): string {
  let s = ''
  const n = 22
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1)
    const sag = Math.sin(t * Math.PI * 3) ** 2 * 26
    s += marigold(x + t * w, y + sag, 9, i % 3 === 0 ? 'yellow' : 'orange')
  }
  return s
}

// ---------------------------------------------------------------- sliders and banners

type Placed = { d: Drawn; x: number; y: number; s: number }

function placeAll(items: Placed[], prefix: string): { defs: string; svg: string } {
  let defs = ''
  let svg = ''
  items.forEach((it, i) => {
    const d = namespaced(it.d, `${prefix}${i}`)
    defs += d.defs ?? ''
    const sw = (d.w * it.s) / 2
    svg += `<ellipse cx="${f(it.x)}" cy="${f(it.y + 4)}" rx="${f(sw * 1.1)}" ry="${f(Math.max(14, sw * 0.14))}" fill="url(#shadowSoft)"/>`
    svg += `<g transform="translate(${f(it.x)} ${f(it.y)}) scale(${it.s})">${d.svg}</g>`
  })
  return { defs, svg }
}

export type WideSpec = {
  headline?: string
  sub?: string
  tone: [string, string, string]
  items: { motif: Motif; shape?: string; title?: string; x: number; s: number }[]
  flowers?: boolean
}

/** A wide hero picture: products arranged on a shelf, optionally with a headline on the left. */
export function wideSvg(spec: WideSpec, seed: number, W = 1600, H = 600): string {
  const [c1, c2, ink] = spec.tone
  const ground = H - 90
  const placed: Placed[] = spec.items.map((it, i) => {
    const d = drawProduct({
      motif: it.motif,
      shape: it.shape,
      title: it.title ?? '',
      index: seed * 13 + i * 5,
    })
    const s = Math.min((H - 230) / d.h, 330 / d.w) * it.s
    return { d, x: it.x * W, y: ground, s }
  })
  const objs = placeAll(placed, `w${seed}_`)
  const defs =
    linear(
      'wideBg',
      [
        [0, c1],
        [1, c2],
      ],
      1,
      0.3,
    ) +
    radial('shadowSoft', [
      [0, '#2b1d10', 0.35],
      [0.6, '#2b1d10', 0.12],
      [1, '#2b1d10', 0],
    ]) +
    radial('wideSpot', [
      [0, '#fff8e8', 0.55],
      [1, '#fff8e8', 0],
    ]) +
    flameGlowDef +
    linear('shelf', [
      [0, '#9a6b48'],
      [1, '#6f4a30'],
    ])
  let deco = ''
  const r = rng(seed + 99)
  for (let i = 0; i < 14; i++)
    deco += `<circle cx="${f(r() * W * 0.45)}" cy="${f(40 + r() * (H - 200))}" r="${f(3 + r() * 5)}" fill="${ink}" opacity="0.08"/>`
  deco += `<g opacity="0.12" transform="translate(${W * 0.08} ${H * 0.5})">${mandala(0, 0, 230, [c2, ink, c1, ink], 4, false)}</g>`
  let text = ''
  if (spec.headline) {
    const lines = wrap(spec.headline, 18)
    text += lines
      .map(
        (l, i) =>
          `<text x="${W * 0.06}" y="${170 + i * 78}" font-family="${SERIF}" font-size="62" font-weight="700" fill="${ink}">${esc(l)}</text>`,
      )
      .join('')
    if (spec.sub)
      text += `<text x="${W * 0.06}" y="${190 + lines.length * 78}" font-family="${SANS}" font-size="30" fill="${ink}" opacity="0.8">${esc(spec.sub)}</text>`
    text += `<rect x="${W * 0.06}" y="${120 - 40}" width="90" height="6" rx="3" fill="${ink}" opacity="0.7"/>`
  }
  const flowers = spec.flowers
    ? `${marigold(W * 0.97, ground + 30, 30)}${marigold(W * 0.94, ground + 50, 24, 'yellow')}${leaf(W * 0.95, ground + 60, 70, -50, '#3f7d4a')}`
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}${objs.defs}</defs>
  <rect width="${W}" height="${H}" fill="url(#wideBg)"/>${deco}
  <ellipse cx="${W * 0.68}" cy="${H * 0.45}" rx="${W * 0.36}" ry="${H * 0.6}" fill="url(#wideSpot)"/>
  <rect x="${W * 0.48}" y="${ground}" width="${W * 0.52}" height="${H - ground}" fill="url(#shelf)"/><rect x="${W * 0.48}" y="${ground}" width="${W * 0.52}" height="8" fill="#b88a63"/>
  ${objs.svg}${flowers}${text}</svg>`
}

function wrap(s: string, max: number): string[] {
  const words = s.split(' ')
  const lines: string[] = []
  let cur = ''
  for (const w of words) {
    if (cur && `${cur} ${w}`.length > max) {
      lines.push(cur)
      cur = w
    } else cur = cur ? `${cur} ${w}` : w
  }
  if (cur) lines.push(cur)
  return lines
}
