import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

/** Lighthouse (mobile, simulated throttling) on the home page, a category listing and a product page. */
export async function lighthouseRows(base: string): Promise<string[][]> {
  const products = (await (await fetch(`${base}/api/v1/Product/products`)).json()).data as Array<{
    _id: string
  }>
  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['category listing', '/product/Handloom'],
    ['product page', `/Productdetails/${products[0]?._id}`],
  ]
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
  try {
    for (const [name, path] of pages) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const c = result?.lhr.categories
      const score = (k: string) => Math.round((c?.[k]?.score ?? 0) * 100)
      const lcp = result?.lhr.audits['largest-contentful-paint']?.displayValue ?? ''
      rows.push([
        `Lighthouse mobile: ${name}`,
        `Perf ${score('performance')} · A11y ${score('accessibility')} · BP ${score('best-practices')} · SEO ${score('seo')}`,
        '',
        '',
        `LCP ${lcp}`,
      ])
      console.log(`lighthouse ${name}: ${rows.at(-1)?.[1]}`)
    }
  } finally {
    await chrome.kill()
  }
  return rows
}
