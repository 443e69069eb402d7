import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test'

/**
 * "Slow phone": the home page and a product page in Debian's Chromium at 390×844 with touch, over an
 * emulated 400 kbps / 400 ms RTT connection and a 4× CPU slowdown, with an empty cache each time.
 *
 * - first paint: the browser's first-contentful-paint;
 * - LCP: the last largest-contentful-paint entry once the page is quiet (a load run without any tap,
 *   since the first input ends LCP);
 * - bytes: every response's encoded (on-the-wire) length until the page is quiet: the load event has
 *   fired and no request has been in flight for 1.5 s (cut off at 60 s);
 * - tap works: in a second, separate load, the first "Add to Cart" button (home: first card of
 *   'Best selling'; product page: the main Add To Cart) is tapped as soon as it is on screen (at the
 *   earliest at the first contentful paint: nobody taps what is not painted yet), then
 *   again every 500 ms until a tap is answered: a POST to /api/v1/cart/add (the hydrated button) or
 *   to /cart/add (the plain form the page sends before its code has run, docs/decisions/018), a
 *   toast, or a move to another page (a visitor's goes to sign in). The time is that tap's, from the
 *   start of the navigation;
 * - menu opens: in a separate load, "Open menu" is tapped as soon as it is on screen, and again every
 *   500 ms, until the drawer's links show; the time is that tap's;
 * - search submits: in a separate load, the header's Search is tapped until its box shows, a word is
 *   typed and Search tapped; the time is that last tap's, once the search request has gone out
 *   (a page load of /products?search=, or its route data after hydration).
 *
 * Each figure is the median of 3 runs.
 */
const network = { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 }
const cpuSlowdown = 4
const runs = 3

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

async function slowPage(
  browser: Browser,
): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  return { page, cdp, close: () => context.close() }
}

async function loadRun(browser: Browser, url: string) {
  const { page, cdp, close } = await slowPage(browser)
  let bytes = 0
  let inFlight = 0
  let lastChange = Date.now()
  cdp.on('Network.requestWillBeSent', () => {
    inFlight++
    lastChange = Date.now()
  })
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength
    inFlight = Math.max(0, inFlight - 1)
    lastChange = Date.now()
  })
  cdp.on('Network.loadingFailed', () => {
    inFlight = Math.max(0, inFlight - 1)
    lastChange = Date.now()
  })
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number }
    w.__lcp = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = e.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  const started = Date.now()
  await page.goto(url, { waitUntil: 'load', timeout: 90_000 })
  while (Date.now() - started < 60_000 && (inFlight > 0 || Date.now() - lastChange < 1500)) {
    await new Promise((r) => setTimeout(r, 100))
  }
  const timings = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    lcp: (window as unknown as { __lcp: number }).__lcp,
  }))
  await close()
  return { ...timings, bytes }
}

/** A shopper taps only what they can see: nothing before the page's first contentful paint. */
async function firstPaint(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
    timeout: 60_000,
    polling: 50,
  })
}

async function tapRun(browser: Browser, url: string, kind: 'home' | 'product') {
  const { page, close } = await slowPage(browser)
  let answered = false
  page.on('request', (req) => {
    // The hydrated button's API call, or the plain form's POST before hydration.
    if (req.method() === 'POST' && new URL(req.url()).pathname.endsWith('/cart/add')) answered = true
  })
  const started = Date.now()
  await page.goto(url, { waitUntil: 'commit', timeout: 90_000 })
  await firstPaint(page)
  const button =
    kind === 'product'
      ? page.getByRole('button', { name: 'Add To Cart', exact: true }).first()
      : page
          .getByRole('region', { name: 'Best selling', exact: true })
          .getByRole('button', { name: 'Add to Cart', exact: true })
          .first()
  let worked = 0
  while (Date.now() - started < 60_000) {
    const tappedAt = Date.now()
    try {
      await button.tap({ timeout: 30_000 })
    } catch {
      continue
    }
    const until = Date.now() + 500
    while (Date.now() < until && !answered) {
      if (!page.url().startsWith(url.split('#')[0] ?? url)) answered = true
      else if ((await page.locator('[data-sonner-toast]').count()) > 0) answered = true
      else await new Promise((r) => setTimeout(r, 50))
    }
    if (answered) {
      worked = tappedAt - started
      break
    }
  }
  await close()
  return worked
}

/** Taps "Open menu" until the drawer shows; the time of the tap that opened it. */
async function menuRun(browser: Browser, url: string) {
  const { page, close } = await slowPage(browser)
  const started = Date.now()
  await page.goto(url, { waitUntil: 'commit', timeout: 90_000 })
  await firstPaint(page)
  const open = page.getByRole('button', { name: 'Open menu' })
  const drawerLink = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Home' })
  let worked = 0
  while (Date.now() - started < 60_000) {
    const tappedAt = Date.now()
    try {
      await open.tap({ timeout: 30_000 })
      await drawerLink.waitFor({ state: 'visible', timeout: 500 })
      worked = tappedAt - started
      break
    } catch {}
  }
  await close()
  return worked
}

/** Opens the search, types a word and taps Search; the time of the tap that sent the search. */
async function searchRun(browser: Browser, url: string) {
  const { page, close } = await slowPage(browser)
  let sent = false
  page.on('request', (req) => {
    const u = new URL(req.url())
    if (/^\/products(\.data)?$/.test(u.pathname) && u.searchParams.get('search') === 'saree') sent = true
  })
  const started = Date.now()
  await page.goto(url, { waitUntil: 'commit', timeout: 90_000 })
  await firstPaint(page)
  const dialog = page.getByRole('dialog', { name: 'Search products' })
  let worked = 0
  while (Date.now() - started < 60_000) {
    try {
      if (!(await dialog.isVisible())) {
        await page.getByRole('button', { name: 'Search', exact: true }).first().tap({ timeout: 30_000 })
        await dialog.waitFor({ state: 'visible', timeout: 500 })
      }
      await dialog.getByRole('searchbox').fill('saree', { timeout: 500 })
      const tappedAt = Date.now()
      await dialog.getByRole('button', { name: 'Search', exact: true }).tap({ timeout: 500 })
      const until = Date.now() + 500
      while (Date.now() < until && !sent) await new Promise((r) => setTimeout(r, 50))
      if (sent) {
        worked = tappedAt - started
        break
      }
    } catch {}
  }
  await close()
  return worked
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const kb = (n: number) => `${Math.round(n / 1024)} KB`

export async function slowPhoneRows(base: string): Promise<string[][]> {
  const products = (await (await fetch(`${base}/api/v1/Product/products`)).json()).data as Array<{
    _id: string
    quantity: number
  }>
  const product = products.find((p) => p.quantity > 0) ?? products[0]
  const pages: Array<[string, string, 'home' | 'product']> = [
    ['home', '/', 'home'],
    ['product page', `/Productdetails/${product?._id}`, 'product'],
  ]
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: launchArgs,
  })
  const rows: string[][] = []
  try {
    for (const [name, path, kind] of pages) {
      const loads = []
      const taps = []
      const menus = []
      const searches = []
      for (let i = 0; i < runs; i++) {
        loads.push(await loadRun(browser, base + path))
        taps.push(await tapRun(browser, base + path, kind))
        menus.push(await menuRun(browser, base + path))
        searches.push(await searchRun(browser, base + path))
      }
      const fcp = median(loads.map((l) => l.fcp))
      const lcp = median(loads.map((l) => l.lcp))
      const bytes = median(loads.map((l) => l.bytes))
      const tap = median(taps)
      const at = (ms: number) => (ms ? seconds(ms) : 'never (60 s)')
      rows.push([
        `Slow phone (400 kbps, 400 ms RTT, 4× CPU): ${name}`,
        `${kb(bytes)} transferred`,
        `first paint ${seconds(fcp)}`,
        `LCP ${seconds(lcp)}`,
        `Add To Cart tap works at ${at(tap)}; menu opens at ${at(median(menus))}; search submits at ${at(median(searches))}`,
      ])
      console.log(`slow phone ${name}: ${rows.at(-1)?.slice(1).join(', ')}`)
    }
  } finally {
    await browser.close()
  }
  return rows
}
