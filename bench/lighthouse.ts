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
      // A run Lighthouse could not finish (its page did not paint in time, the browser's target went away)
      // has no scores: it is reported and run again, never counted as zeros in the median.
      let failures = 0
      while (runs.length < runs_ && failures < 3) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        const c = result?.lhr.categories
        const problem = result?.lhr.runtimeError
        if (!c || c.performance?.score == null || problem) {
          failures++
          console.log(
            `lighthouse ${name}: run failed (${problem ? `${problem.code}: ${problem.message}` : 'no score'})`,
          )
          continue
        }
        const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100)
        const value = (id: string) => result.lhr.audits[id]?.numericValue ?? 0
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
      if (runs.length === 0) {
        rows.push([`Lighthouse mobile: ${name}`, 'failed', '', '', `${failures} runs without a score`])
        continue
      }
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
      rows.push([
        `Lighthouse mobile: ${name}${runs.length > 1 ? ` (median of ${runs.length})` : ''}`,
        `Perf ${median(runs.map((r) => r.perf))} · ${runs[0]?.other ?? ''}`,
        '',
        '',
        `${failures ? `${failures} failed run${failures > 1 ? 's' : ''} run again · ` : ''}FCP ${s(median(runs.map((r) => r.fcp)))} · LCP ${s(median(runs.map((r) => r.lcp)))} · TBT ${median(runs.map((r) => r.tbt)).toFixed(0)} ms`,
      ])
    }
  } finally {
    await chrome.kill()
  }
  return rows
}
