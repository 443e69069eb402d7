import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pictureSizes } from '../../contracts/images.ts'
import { createLocalFileStore, type FileStore } from './file-store.ts'
import { fillMissingPictureSizes, storeImage } from './images.ts'

let dir: string
let files: FileStore
let photo: Buffer

// Each test has an uploads folder of its own.
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'picture-sizes-'))
  files = createLocalFileStore(dir)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

beforeAll(async () => {
  // A 2000 × 750 photo with some detail, like a slide a member of staff would upload.
  photo = await sharp({ create: { width: 2000, height: 750, channels: 3, background: '#b5542a' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="2000" height="750"><circle cx="1000" cy="375" r="300" fill="#fff"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer()
})

const widthsOnDisk = (folder: string, name: string) =>
  readdirSync(path.join(dir, folder))
    .map((f) => f.match(new RegExp(`^${name}-(\\d+)\\.webp$`))?.[1])
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b)

describe('storeImage', () => {
  it('makes exactly the sizes of the picture kind', async () => {
    const slide = await storeImage(photo, { files, folder: 'sliders', name: 'slide1' })
    expect(slide.url).toBe('/uploads/sliders/slide1')
    expect(widthsOnDisk('sliders', 'slide1')).toEqual([...pictureSizes.sliders])
    const big = await sharp(path.join(dir, 'sliders/slide1-1600.webp')).metadata()
    expect([big.width, big.height]).toEqual([1600, 600])

    await storeImage(photo, { files, folder: 'products/p1', name: 'a' })
    expect(widthsOnDisk('products/p1', 'a')).toEqual([...pictureSizes.products])
  })
})

describe('fillMissingPictureSizes', () => {
  it('makes the sizes older uploads lack from their largest file, once', async () => {
    // An upload from before wide pictures had 1200 and 1600 px copies.
    const old = path.join(dir, 'banners')
    await storeImage(photo, { files, folder: 'banners', name: 'old' })
    rmSync(path.join(old, 'old-1200.webp'))
    rmSync(path.join(old, 'old-1600.webp'))
    const keptBefore = statSync(path.join(old, 'old-800.webp')).mtimeMs

    const first = await fillMissingPictureSizes(files)
    expect(first.made.sort()).toEqual(['banners/old-1200.webp', 'banners/old-1600.webp'])
    expect(first.failed).toEqual([])
    expect(widthsOnDisk('banners', 'old')).toEqual([...pictureSizes.banners])
    const filled = await sharp(path.join(old, 'old-1600.webp')).metadata()
    expect([filled.format, filled.width]).toEqual(['webp', 1600])
    expect(statSync(path.join(old, 'old-800.webp')).mtimeMs).toBe(keptBefore)

    const again = await fillMissingPictureSizes(files)
    expect(again.made).toEqual([])
    expect(again.pictures).toBe(first.pictures)
  })

  it('reports a damaged file instead of stopping, and leaves no half-written file', async () => {
    const folder = path.join(dir, 'temples')
    await storeImage(photo, { files, folder: 'temples', name: 't' })
    rmSync(path.join(folder, 't-200.webp'))
    for (const w of [400, 800, 1200, 1600]) rmSync(path.join(folder, `t-${w}.webp`))
    // Only a broken copy is left to make the others from.
    writeFileSync(path.join(folder, 't-800.webp'), 'not a picture')
    const result = await fillMissingPictureSizes(files)
    expect(result.failed.sort()).toEqual(
      ['temples/t-1200.webp', 'temples/t-1600.webp', 'temples/t-200.webp', 'temples/t-400.webp'].sort(),
    )
    expect(readdirSync(folder).filter((f) => f.includes('partial'))).toEqual([])
    expect(existsSync(path.join(folder, 't-1600.webp'))).toBe(false)
  })

  it('does nothing without an uploads folder', async () => {
    expect(await fillMissingPictureSizes(createLocalFileStore(path.join(dir, 'none')))).toEqual({
      pictures: 0,
      made: [],
      failed: [],
    })
  })
})
