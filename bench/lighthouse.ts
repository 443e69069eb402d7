import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

/**
 * Lighthouse (mobile, simulated throttling) on the home page, a category listing and a product page;
 * with `runs_` above 1, each page's median score and timings.
 */
export async function lighthouseRows(base: string, runs_ = 1): Promise<string[][]> {
  const products = (await (await fetch(`${base}/api/v1/Product/products`)).json()).data as Array<{
    _id: string
  }>
  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['category listing', '/product/Handloom'],
    ['product page', `/Productdetails/${products[0]?._id}`],
  ]
  // A shop's pages are in its page cache in steady state: the first run should not be the render.
  for (const [, path] of pages) await (await fetch(`${base}${path}`)).arrayBuffer()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const rows: string[][] = []
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0
  try {
    for (const [name, path] of pages) {
      const runs: Array<{ perf: number; fcp: number; lcp: number; tbt: number; other: string }> = []
      for (let i = 0; i < runs_; i++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        const c = result?.lhr.categories
        const score = (k: string) => Math.round((c?.[k]?.score ?? 0) * 100)
        const value = (id: string) => result?.lhr.audits[id]?.numericValue ?? 0
        runs.push({
          perf: score('performance'),
          fcp: value('first-contentful-paint'),
          lcp: value('largest-contentful-paint'),
          tbt: value('total-blocking-time'),
          other: `A11y ${score('accessibility')} · BP ${score('best-practices')} · SEO ${score('seo')}`,
        })
        const r = runs.at(-1)
        console.log(
          `lighthouse ${name}: Perf ${r?.perf} · FCP ${r?.fcp.toFixed(0)} ms · LCP ${r?.lcp.toFixed(0)} ms · TBT ${r?.tbt.toFixed(0)} ms`,
        )
      }
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
      rows.push([
        `Lighthouse mobile: ${name}${runs_ > 1 ? ` (median of ${runs_})` : ''}`,
        `Perf ${median(runs.map((r) => r.perf))} · ${runs[0]?.other ?? ''}`,
        '',
        '',
        `FCP ${s(median(runs.map((r) => r.fcp)))} · LCP ${s(median(runs.map((r) => r.lcp)))} · TBT ${median(runs.map((r) => r.tbt)).toFixed(0)} ms`,
      ])
    }
  } finally {
    await chrome.kill()
  }
  return rows
}
