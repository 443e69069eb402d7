import type { OutputInfo, OverlayOptions } from 'sharp'
import sharp from 'sharp'
import type { FileStore } from '../../../lib/file-store.ts'
import type { PhotoLayers } from './photo.ts'

/**
 * One picture, stored as `${file}-${width}.webp` for every width (the first is the master size); `file`
 * is a file store key without its suffix (`products/<id>/1`).
 * It is either one SVG, or a product photograph in layers whose backdrop is shared with other pictures.
 */
export type RenderJob = { file: string; widths: number[]; svg?: () => string; layers?: () => PhotoLayers }

type Raw = { data: Buffer; info: OutputInfo }

const WEBP = { quality: 75, effort: 2 } as const

function rasterise(svg: string, opaque = false): Promise<Raw> {
  const img = sharp(Buffer.from(svg))
  if (opaque) img.removeAlpha()
  return img.raw().toBuffer({ resolveWithObject: true })
}

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 }

/** The object layer, resized and rotated, cropped to the photograph; null when nothing of it is visible. */
async function objectLayer(o: PhotoLayers['object'], size: number): Promise<OverlayOptions | null> {
  const drawn = await rasterise(o.svg)
  const w = Math.max(1, Math.round(drawn.info.width * o.resize))
  const h = Math.max(1, Math.round(drawn.info.height * o.resize))
  let ox = o.originX * (w / drawn.info.width)
  let oy = o.originY * (h / drawn.info.height)
  let width = w
  let height = h
  let img = sharp(drawn.data, { raw: drawn.info }).resize(w, h)
  if (o.rotate) {
    const resized = await img.raw().toBuffer({ resolveWithObject: true })
    const rotated = await sharp(resized.data, { raw: resized.info })
      .rotate(o.rotate, { background: CLEAR })
      .raw()
      .toBuffer({ resolveWithObject: true })
    // Rotation grows the canvas around its centre; follow the origin through it.
    const a = (o.rotate * Math.PI) / 180
    const dx = ox - w / 2
    const dy = oy - h / 2
    width = rotated.info.width
    height = rotated.info.height
    ox = width / 2 + dx * Math.cos(a) - dy * Math.sin(a)
    oy = height / 2 + dx * Math.sin(a) + dy * Math.cos(a)
    img = sharp(rotated.data, { raw: rotated.info })
  }
  const left = Math.round(o.x - ox)
  const top = Math.round(o.y - oy)
  const x0 = Math.max(0, left)
  const y0 = Math.max(0, top)
  const x1 = Math.min(size, left + width)
  const y1 = Math.min(size, top + height)
  if (x1 <= x0 || y1 <= y0) return null
  if (x0 !== left || y0 !== top || x1 - x0 !== width || y1 - y0 !== height) {
    img = img.extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 })
  }
  const out = await img.raw().toBuffer({ resolveWithObject: true })
  return {
    input: out.data,
    raw: { width: out.info.width, height: out.info.height, channels: out.info.channels },
    left: x0,
    top: y0,
  }
}

async function render(job: RenderJob, backdrops: Map<string, Promise<Raw>>, files: FileStore): Promise<void> {
  let raw: Raw
  if (job.layers) {
    const l = job.layers()
    let bg = backdrops.get(l.key)
    if (!bg) {
      bg = rasterise(l.backdrop(), true)
      backdrops.set(l.key, bg)
    }
    const [back, obj] = await Promise.all([bg, objectLayer(l.object, 800)])
    raw = obj
      ? await sharp(back.data, { raw: back.info })
          .composite([obj])
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
      : back
  } else if (job.svg) {
    raw = await rasterise(job.svg(), true)
  } else {
    throw new Error(`Nothing to draw for ${job.file}`)
  }
  await Promise.all(
    job.widths.map(async (w) => {
      const img = sharp(raw.data, { raw: raw.info })
      if (w !== raw.info.width) img.resize({ width: w })
      await files.put(`${job.file}-${w}.webp`, await img.webp(WEBP).toBuffer(), 'image/webp')
    }),
  )
}

/** Renders all jobs with a small pool, so that the machine stays responsive while the shop starts. */
export async function renderAll(jobs: RenderJob[], files: FileStore, concurrency = 3): Promise<void> {
  const backdrops = new Map<string, Promise<Raw>>()
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]
      await render(job, backdrops, files)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker))
}
