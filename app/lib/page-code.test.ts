import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { pageCodeId, pageCodeLoader, scriptsAfterFirstPaint } from './page-code.ts'

const page = [
  '<!DOCTYPE html><html lang="hi"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/shell-B.js" nonce="n0nce"/>',
  '</head><body><h1>हस्तशिल्प और हथकरघा</h1><p>a &lt; b</p>',
  '<script nonce="n0nce">window.__reactRouterContext = {"x":"<\\/script>"};</script>',
  '<script nonce="n0nce" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('')

async function through(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint()))
}

describe('the page code after the first paint', () => {
  it('takes the script preloads out of the head and keeps the module script inert behind a loader', async () => {
    const out = await through([Buffer.from(page)])
    expect(out).not.toContain('<link rel="modulepreload"')
    expect(out).not.toMatch(/<script[^>]*type="module"/)
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
    expect(out).toContain(
      `<script nonce="n0nce" type="text/x-page-code" id="${pageCodeId}">;\nimport * as route0 from "/assets/root-C.js";`,
    )
    const loader = /<script nonce="n0nce">(\(\(\)=>\{let started[\s\S]*?)<\/script>/.exec(out)?.[1] ?? ''
    expect(loader).toContain('["/assets/entry.client-A.js","/assets/shell-B.js"]')
    expect(out.indexOf(loader)).toBeLessThan(out.indexOf(`id="${pageCodeId}"`))
    expect(out).toContain('<h1>हस्तशिल्प और हथकरघा</h1>')
  })

  it('reads the same however the page is cut into chunks, inside a tag or a Hindi letter', async () => {
    const whole = await through([Buffer.from(page)])
    const bytes = Buffer.from(page)
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const out = await through([bytes.subarray(0, cut), bytes.subarray(cut)])
      expect(out, `cut at byte ${cut}`).toBe(whole)
    }
    const single = Array.from(bytes, (b) => Buffer.from([b]))
    expect(await through(single)).toBe(whole)
  })

  it('leaves a page without the module script as it was, but for the preloads', async () => {
    const plain = '<html><head><title>x</title></head><body><p>1 < 2</p></body></html>'
    expect(await through([Buffer.from(plain)])).toBe(plain)
  })

  it('starts the code only once the whole block has come, on a page still streaming', () => {
    // A document as the loader sees it while the page streams: the block's start tag read, its text half there.
    const block = {
      nonce: 'n0nce',
      textContent: 'import("/assets/entry.cli',
      nextSibling: null as object | null,
    }
    const started: Array<{ textContent: string }> = []
    const timers: Array<() => void> = []
    const documentLike = {
      readyState: 'loading',
      visibilityState: 'hidden',
      getElementById: (id: string) => (id === pageCodeId ? block : null),
      createElement: () => ({}) as Record<string, unknown>,
      head: { append() {} },
    }
    Object.assign(block, { after: (s: { textContent: string }) => started.push(s) })
    const run = new Function(
      'document',
      'setTimeout',
      'requestAnimationFrame',
      pageCodeLoader(['/assets/a.js']),
    )
    run(
      documentLike,
      (f: () => void) => timers.push(f),
      () => {},
    )
    expect(started).toEqual([])
    // The rest of its text comes; the parser has not passed it yet: still waiting.
    block.textContent = 'import("/assets/entry.client-A.js");'
    timers.shift()?.()
    expect(started).toEqual([])
    // Something follows it now: the code starts, once, with the whole text.
    block.nextSibling = {}
    timers.shift()?.()
    timers.shift()?.()
    expect(started.map((s) => s.textContent)).toEqual(['import("/assets/entry.client-A.js");'])
  })
})
