import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { OutputInfo, OverlayOptions } from 'sharp'
import sharp from 'sharp'
import type { PhotoLayers } from './photo.ts'

/**
 * One picture, stored as `${file}-${width}.webp` for every width (the first is the master size); `file`
 * is a file store key without its suffix (`products/<id>/1`).
 * It is either one SVG, or a product photograph in layers whose backdrop is shared with other pictures.
 */
export type RenderJob = { file: string; widths: number[]; svg?: () => string; layers?: () => PhotoLayers }

/** Where the pictures go: the shop's file store (`server/lib/file-store.ts`) is one. */
export type PictureStore = { put(key: string, bytes: Buffer, contentType: string): Promise<void> }

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

/** This file's code and sharp's version: a drawn picture is reused only while neither changed. */
const drawer = createHash('sha256')
  .update(readFileSync(import.meta.filename))
  .update(sharp.versions.vips)
  .update(JSON.stringify(WEBP))
  .digest('hex')

/** What a picture is drawn from, as a digest: the same inputs draw the same bytes. */
function digestOf(job: RenderJob, layers: PhotoLayers | undefined): string {
  const h = createHash('sha256').update(drawer).update(JSON.stringify(job.widths))
  if (layers) h.update(layers.backdrop()).update(JSON.stringify(layers.object))
  else if (job.svg) h.update(job.svg())
  return h.digest('hex')
}

/**
 * A folder of pictures already drawn, by digest (`DEMO_PICTURE_CACHE`): every test that starts a new demo
 * shop would otherwise draw the same 375 pictures again, about a minute of a core each time.
 */
function pictureCache(dir: string) {
  mkdirSync(dir, { recursive: true })
  const file = (digest: string, width: number) => path.join(dir, `${digest}-${width}.webp`)
  return {
    read(digest: string, widths: number[]): Buffer[] | null {
      try {
        return widths.map((w) => readFileSync(file(digest, w)))
      } catch {
        return null
      }
    },
    write(digest: string, width: number, bytes: Buffer) {
      // Written whole then renamed: a shop starting beside this one never reads half a file.
      const temporary = `${file(digest, width)}.${process.pid}.${Math.random().toString(36).slice(2)}`
      writeFileSync(temporary, bytes)
      renameSync(temporary, file(digest, width))
    },
  }
}

async function render(
  job: RenderJob,
  backdrops: Map<string, Promise<Raw>>,
  files: PictureStore,
  cache: ReturnType<typeof pictureCache> | null,
): Promise<void> {
  const layers = job.layers?.()
  const digest = cache ? digestOf(job, layers) : ''
  const kept = cache?.read(digest, job.widths)
  if (kept) {
    await Promise.all(job.widths.map((w, i) => files.put(`${job.file}-${w}.webp`, kept[i], 'image/webp')))
    return
  }
  let raw: Raw
  if (layers) {
    const l = layers
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
      const bytes = await img.webp(WEBP).toBuffer()
      cache?.write(digest, w, bytes)
      await files.put(`${job.file}-${w}.webp`, bytes, 'image/webp')
    }),
  )
}

/**
 * Renders all jobs with a small pool, so that the machine stays responsive while the shop starts. With
 * `cacheDir`, a picture drawn before from the same inputs by the same code is copied from there instead.
 */
export async function renderAll(
  jobs: RenderJob[],
  files: PictureStore,
  opts: { concurrency?: number; cacheDir?: string } = {},
): Promise<void> {
  const backdrops = new Map<string, Promise<Raw>>()
  const cache = opts.cacheDir ? pictureCache(opts.cacheDir) : null
  const concurrency = opts.concurrency ?? 3
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]
      await render(job, backdrops, files, cache)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker))
}
