/**
 * Makes the storefront's own pictures and its promo video (nothing is downloaded):
 *   npm exec -- node scripts/make-storefront-media.ts
 * Pictures are SVG drawings encoded to WebP by sharp. The promo video is drawn frame by frame on a
 * canvas in the system Chromium and recorded with its MediaRecorder (VP8 video, Opus audio from a
 * Web Audio drone and plucked notes), because the machine has no ffmpeg. The output is committed
 * under public/media; the app never runs this at start.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import sharp from 'sharp'

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'media')

async function webp(name: string, svg: string, width: number, quality = 72) {
  await sharp(Buffer.from(svg)).resize({ width }).webp({ quality }).toFile(path.join(out, name))
}

const frame = (w: number, h: number, body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs>${defs}</defs>${body}</svg>`

const sky = (id: string, a: string, b: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`

function sun(cx: number, cy: number, r: number, colour: string) {
  let rays = ''
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2
    rays += `<line x1="${cx + Math.cos(a) * (r + 8)}" y1="${cy + Math.sin(a) * (r + 8)}" x2="${cx + Math.cos(a) * (r + 26)}" y2="${cy + Math.sin(a) * (r + 26)}" stroke="${colour}" stroke-width="5" stroke-linecap="round" opacity=".6"/>`
  }
  return `${rays}<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>`
}

function loomArt(w: number, h: number) {
  let threads = ''
  for (let x = 0; x < w; x += 18)
    threads += `<line x1="${x}" y1="0" x2="${x}" y2="${h}" stroke="#f1cda3" stroke-width="3" opacity=".5"/>`
  let weave = ''
  for (let y = 20; y < h; y += 26)
    weave += `<path d="M0 ${y} Q${w / 4} ${y - 10} ${w / 2} ${y} T${w} ${y}" stroke="${['#f4a300', '#c2571a', '#2f6b3a', '#fdf6ee'][((y / 26) % 4) | 0]}" stroke-width="8" fill="none" opacity=".85"/>`
  return threads + weave
}

const pictures: Record<string, [string, number]> = {
  'promo-poster': [
    frame(
      1280,
      400,
      `<rect width="1280" height="400" fill="#4a1d10"/>${loomArt(1280, 400)}<rect width="1280" height="400" fill="#4a1d10" opacity=".55"/>`,
    ),
    1280,
  ],
  'page-banner': [
    frame(
      1600,
      400,
      `<rect width="1600" height="400" fill="url(#g)"/>${loomArt(1600, 400)}<rect width="1600" height="400" fill="#6e2b17" opacity=".6"/>`,
      `<linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#8a3417"/><stop offset="1" stop-color="#4a1d10"/></linearGradient>`,
    ),
    1600,
  ],
  'temple-banner': [
    frame(
      1600,
      500,
      `<rect width="1600" height="500" fill="url(#t)"/>${sun(1300, 140, 70, '#ffe2a0')}
       <path d="M0 420 H1600 V500 H0 Z" fill="#6e2b17"/>
       <path d="M640 420 V300 L700 250 L720 140 L760 60 L800 20 L840 60 L880 140 L900 250 L960 300 V420 Z" fill="#fdf2e2" stroke="#6e2b17" stroke-width="6"/>
       <path d="M780 420 V350 Q800 320 820 350 V420 Z" fill="#6e2b17"/>
       <path d="M800 20 V-10 L840 5 L800 15" fill="#c2571a" stroke="#6e2b17" stroke-width="3"/>
       <path d="M440 420 V340 L480 300 L520 340 V420 Z M1080 420 V340 L1120 300 L1160 340 V420 Z" fill="#f9e8d3" stroke="#6e2b17" stroke-width="5"/>
       ${[200, 330, 1260, 1390].map((x) => `<g transform="translate(${x} 390)"><path d="M0 30 Q15 0 30 30 Z" fill="#f4a300"/><rect x="6" y="30" width="18" height="10" fill="#8a3417"/></g>`).join('')}`,
      sky('t', '#f7b267', '#c2571a'),
    ),
    1600,
  ],
  chairperson: [
    frame(
      400,
      400,
      `<rect width="400" height="400" fill="#f9e8d3"/><circle cx="200" cy="160" r="80" fill="#8d5a3b"/>
       <path d="M120 150 Q200 40 280 150 Q270 90 200 80 Q130 90 120 150 Z" fill="#2b1d14"/>
       <path d="M60 400 Q70 270 200 260 Q330 270 340 400 Z" fill="#a8431a"/>
       <path d="M150 270 Q200 330 250 270" fill="none" stroke="#f4a300" stroke-width="10"/>
       <circle cx="170" cy="165" r="7" fill="#2b1d14"/><circle cx="230" cy="165" r="7" fill="#2b1d14"/>
       <path d="M175 205 Q200 222 225 205" stroke="#2b1d14" stroke-width="5" fill="none" stroke-linecap="round"/>
       <circle cx="200" cy="128" r="6" fill="#c2181b"/>`,
    ),
    400,
  ],
  'indian-culture': [
    frame(
      800,
      600,
      `<rect width="800" height="600" fill="#fdf6ee"/>
       ${Array.from({ length: 12 }, (_, i) => `<ellipse cx="400" cy="300" rx="250" ry="70" fill="none" stroke="${['#c2571a', '#f4a300', '#2f6b3a'][i % 3]}" stroke-width="6" transform="rotate(${i * 15} 400 300)" opacity=".8"/>`).join('')}
       <circle cx="400" cy="300" r="70" fill="#a8431a"/><circle cx="400" cy="300" r="40" fill="#f4a300"/><circle cx="400" cy="300" r="14" fill="#fdf6ee"/>`,
    ),
    800,
  ],
  'our-vision': [
    frame(
      800,
      600,
      `<rect width="800" height="600" fill="#e8f1e6"/>
       <path d="M0 430 H800 V600 H0 Z" fill="#2f6b3a"/>
       <path d="M340 600 L390 430 H410 L460 600 Z" fill="#4a4a4a"/>
       ${[450, 500, 550].map((y) => `<rect x="396" y="${y}" width="8" height="26" fill="#fff"/>`).join('')}
       ${sun(400, 230, 80, '#f4a300')}
       <path d="M150 430 L230 300 L310 430 Z M490 430 L570 300 L650 430 Z" fill="#3f8a4d"/>`,
    ),
    800,
  ],
}

const universities = [
  ['university-1', '#6e2b17', 'B'],
  ['university-2', '#2f6b3a', 'L'],
  ['university-3', '#27476e', 'J'],
] as const

async function pictureFiles() {
  for (const [name, [svg, width]] of Object.entries(pictures)) await webp(`${name}.webp`, svg, width)
  for (const [name, colour, letter] of universities) {
    await webp(
      `${name}.webp`,
      frame(
        160,
        160,
        `<circle cx="80" cy="80" r="78" fill="${colour}"/><circle cx="80" cy="80" r="64" fill="none" stroke="#f4a300" stroke-width="4"/>
         <text x="80" y="102" font-family="Georgia, serif" font-size="64" font-weight="bold" fill="#fdf6ee" text-anchor="middle">${letter}</text>`,
      ),
      160,
      80,
    )
  }
}

/** Runs in the browser: draws the film and records it with sound. Returns base64 WebM. */
async function recordInBrowser(seconds: number): Promise<string> {
  const canvas = document.createElement('canvas')
  canvas.width = 640
  canvas.height = 360
  document.body.append(canvas)
  const g = canvas.getContext('2d') as CanvasRenderingContext2D
  const audio = new AudioContext({ sampleRate: 48000 })
  const dest = audio.createMediaStreamDestination()
  const master = audio.createGain()
  master.gain.value = 0.25
  master.connect(dest)
  // A drone on Sa and Pa, like a tanpura, with slow swells.
  for (const [freq, level] of [
    [130.81, 0.5],
    [196.0, 0.3],
    [261.63, 0.2],
  ] as const) {
    const osc = audio.createOscillator()
    osc.type = 'triangle'
    osc.frequency.value = freq
    const gain = audio.createGain()
    gain.gain.value = level
    osc.connect(gain).connect(master)
    osc.start()
  }
  // Plucked notes of a simple raga phrase.
  const notes = [261.63, 293.66, 329.63, 392.0, 440.0, 392.0, 329.63, 293.66]
  notes.forEach((freq, i) => {
    const t = audio.currentTime + 0.4 + i * (seconds / notes.length)
    const osc = audio.createOscillator()
    osc.type = 'sine'
    osc.frequency.value = freq * 2
    const gain = audio.createGain()
    gain.gain.setValueAtTime(0, t)
    gain.gain.linearRampToValueAtTime(0.6, t + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.001, t + 1.2)
    osc.connect(gain).connect(master)
    osc.start(t)
    osc.stop(t + 1.3)
  })
  const stream = new MediaStream([
    ...canvas.captureStream(24).getVideoTracks(),
    ...dest.stream.getAudioTracks(),
  ])
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/webm;codecs=vp8,opus',
    videoBitsPerSecond: 350_000,
    audioBitsPerSecond: 48_000,
  })
  const chunks: Blob[] = []
  recorder.ondataavailable = (e) => chunks.push(e.data)
  const done = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve()
  })
  const start = performance.now()
  const draw = () => {
    const t = (performance.now() - start) / 1000
    g.fillStyle = '#4a1d10'
    g.fillRect(0, 0, 640, 360)
    // Warp threads sway while the weft rows build up, as on a loom.
    for (let x = 0; x < 640; x += 14) {
      g.strokeStyle = 'rgba(241,205,163,0.45)'
      g.lineWidth = 2
      g.beginPath()
      g.moveTo(x + Math.sin(t * 2 + x) * 2, 0)
      g.lineTo(x, 360)
      g.stroke()
    }
    const rows = Math.floor(t * 6)
    const colours = ['#f4a300', '#c2571a', '#2f6b3a', '#fdf6ee', '#a8431a']
    for (let r = 0; r < rows && r < 30; r++) {
      const y = 350 - r * 12
      g.strokeStyle = colours[r % colours.length]
      g.lineWidth = 7
      g.beginPath()
      for (let x = 0; x <= 640; x += 16) g.lineTo(x, y + Math.sin(x / 40 + r) * 3)
      g.stroke()
    }
    // The shuttle runs across the newest row.
    const sx = ((t * 260) % 760) - 60
    g.fillStyle = '#fbe6a2'
    g.beginPath()
    g.ellipse(sx, 350 - Math.min(rows, 29) * 12, 34, 8, 0, 0, Math.PI * 2)
    g.fill()
    // A potter's wheel turning on the right.
    g.save()
    g.translate(520, 120)
    g.rotate(t * 3)
    g.fillStyle = '#c98b5a'
    g.beginPath()
    g.arc(0, 0, 60, 0, Math.PI * 2)
    g.fill()
    g.strokeStyle = '#6e2b17'
    g.lineWidth = 4
    for (let i = 0; i < 6; i++) {
      g.beginPath()
      g.moveTo(0, 0)
      g.lineTo(Math.cos((i * Math.PI) / 3) * 60, Math.sin((i * Math.PI) / 3) * 60)
      g.stroke()
    }
    g.restore()
    g.fillStyle = 'rgba(74,29,16,0.55)'
    g.fillRect(0, 0, 640, 360)
    if (performance.now() - start < seconds * 1000) requestAnimationFrame(draw)
    else recorder.stop()
  }
  recorder.start(500)
  requestAnimationFrame(draw)
  await done
  await audio.close()
  const blob = new Blob(chunks, { type: 'video/webm' })
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

async function videoFile() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  })
  try {
    const page = await browser.newPage()
    await page.setContent('<!doctype html><body style="margin:0"></body>')
    const base64 = await page.evaluate(recordInBrowser, 8)
    writeFileSync(path.join(out, 'heritage-promo.webm'), Buffer.from(base64, 'base64'))
  } finally {
    await browser.close()
  }
}

await pictureFiles()
if (!process.argv.includes('--no-video')) await videoFile()
console.log(`Storefront media written to ${out}`)
