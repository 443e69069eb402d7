import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type RenderJob, renderAll } from './render.ts'

const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="${fill}"/></svg>`

const collect = () => {
  const put = new Map<string, Buffer>()
  return {
    put,
    store: {
      async put(key: string, bytes: Buffer) {
        put.set(key, bytes)
      },
    },
  }
}

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('the demo picture cache', () => {
  it('keeps what it drew and hands the kept bytes out the next time, per width', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'pictures-'))
    dirs.push(cacheDir)
    const jobs: RenderJob[] = [{ file: 'slides/1', widths: [40, 20], svg: () => svg('#c0392b') }]
    const first = collect()
    await renderAll(jobs, first.store, { cacheDir })
    expect([...first.put.keys()].sort()).toEqual(['slides/1-20.webp', 'slides/1-40.webp'])
    const kept = readdirSync(cacheDir).sort()
    expect(kept).toHaveLength(2)

    // What is in the cache is what goes out: a marked file proves the second run copied, not drew.
    const marked = kept.find((f) => f.endsWith('-40.webp'))!
    writeFileSync(path.join(cacheDir, marked), 'kept bytes')
    const second = collect()
    await renderAll(jobs, second.store, { cacheDir })
    expect(second.put.get('slides/1-40.webp')?.toString()).toBe('kept bytes')
    expect(second.put.get('slides/1-20.webp')).toEqual(first.put.get('slides/1-20.webp'))
  })

  it('draws again when the picture changed, and without a cache keeps nothing', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'pictures-'))
    dirs.push(cacheDir)
    await renderAll([{ file: 'a', widths: [40], svg: () => svg('#c0392b') }], collect().store, { cacheDir })
    const other = collect()
    await renderAll([{ file: 'a', widths: [40], svg: () => svg('#2980b9') }], other.store, { cacheDir })
    expect(readdirSync(cacheDir)).toHaveLength(2)
    expect(other.put.get('a-40.webp')?.subarray(0, 4).toString()).toBe('RIFF')

    const plain = collect()
    await renderAll([{ file: 'b', widths: [40], svg: () => svg('#27ae60') }], plain.store)
    expect(plain.put.get('b-40.webp')?.subarray(0, 4).toString()).toBe('RIFF')
    expect(readdirSync(cacheDir)).toHaveLength(2)
  })
})
