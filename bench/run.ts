import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import autocannon from 'autocannon'
import { ensureDebianPackages } from '../scripts/apt.ts'
import { buildIsCurrent } from '../scripts/build-stamp.ts'
import { serverNodeFlags } from '../server/node-flags.ts'

/**
 * `npm run bench`: starts the production build on a fresh demo database and measures
 * load (autocannon, 50 connections), the first-visit JS/CSS weight of the home page, and,
 * when present, the search and Lighthouse benchmarks, and the slow-phone journey. Prints a Markdown table.
 * `npm run bench -- weight` runs only the home page's first-visit weight in each language;
 * `npm run bench -- lighthouse` only Lighthouse (3 runs of each page; LIGHTHOUSE_RUNS to change);
 * `npm run bench -- slow` runs only the home page's first-visit weight and the slow-phone section
 * (bench/slow-phone.ts); `npm run bench -- instances` only one and two instances behind nginx on PostgreSQL
 * (bench/instances.ts); `npm run bench -- scale` only the big catalogue made by bench/generate.ts (bench/scale.ts,
 * on DATABASE_URL or the PGlite in SCALE_DATA_DIR); `npm run bench -- sale` only the sale (bench/sale.ts: many buyers
 * placing and paying orders, a fifth of them for one variant with little stock, on two instances behind nginx over
 * PostgreSQL and one on PGlite; exits 1 if anything was oversold). The sale is not part of the default run.
 */
const only = process.argv[2]
const alone = ['slow', 'weight', 'instances', 'lighthouse', 'scale', 'sale']
if (only && !alone.includes(only)) {
  console.error(
    `unknown section "${only}"; the sections that run alone are ${alone.map((a) => `"${a}"`).join(', ')}`,
  )
  process.exit(2)
}
const port = Number(process.env.BENCH_PORT ?? 3200)
// The benchmarks measure the full browser (the browser tests use its headless build: scripts/ensure-chromium.ts).
ensureDebianPackages(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['chromium', 'fonts-noto-core'])
const base = `http://127.0.0.1:${port}`
const duration = Number(process.env.BENCH_SECONDS ?? 10)
const dataDir = path.resolve('data/bench')
const rows: string[][] = []

async function startServer(): Promise<ChildProcess> {
  if (!buildIsCurrent()) {
    const { build } = await import('../scripts/build.ts')
    build()
  }
  rmSync(dataDir, { recursive: true, force: true })
  const child = spawn(process.execPath, [...serverNodeFlags, 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The limiter would answer 429 to a load test from one address; its cost is still paid per request.
      RATE_LIMIT_MAX: '1000000000',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/readyz`)
      if (res.ok) return child
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill()
  throw new Error('server did not start')
}

async function load(name: string, urlPath: string, headers: Record<string, string> = {}) {
  // Warm the caches first so the figures are steady-state.
  for (let i = 0; i < 20; i++) await fetch(base + urlPath, { headers })
  const result = await autocannon({ url: base + urlPath, connections: 50, duration, headers })
  const non2xx = result.non2xx
  rows.push([
    name,
    `${Math.round(result.requests.average).toLocaleString('en-US')}`,
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms`,
    non2xx ? `${non2xx} non-2xx` : '',
  ])
  console.log(
    `${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  )
}

/**
 * The home page's first-visit weight in one language: its JavaScript (files and inline scripts) and CSS,
 * and apart from them the page's messages (a JSON block, not script: docs/decisions/097).
 */
async function firstVisitWeight(language: 'en' | 'hi' = 'en') {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } })
  const assets = new Map<string, 'js' | 'css'>()
  page.on('request', (req) => {
    const type = req.resourceType()
    const url = req.url()
    if (!url.startsWith(base)) return
    if (type === 'script' || url.endsWith('.js')) assets.set(url, 'js')
    else if (type === 'stylesheet' || url.endsWith('.css')) assets.set(url, 'css')
  })
  const path = language === 'en' ? '/' : `/?lang=${language}`
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
  // Inline scripts in the HTML count too (hydration data, route manifest); the messages block apart.
  const html = await (await fetch(`${base}${path}`)).text()
  const blocks = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
  const isMessages = (attrs: string) => attrs.includes('type="application/json"')
  const inline = blocks
    .filter((m) => !isMessages(m[1]))
    .map((m) => m[2])
    .join('')
  const messages = blocks
    .filter((m) => isMessages(m[1]))
    .map((m) => m[2])
    .join('')
  await browser.close()
  // The first visit's code is what the page starts after its first paint to take the page over: the files
  // its loader preloads (app/lib/page-code.ts). Code fetched later, at idle or on first use (Embla, the
  // quick view: docs/decisions/105), is counted apart: the first screen neither waits for it nor runs it.
  const listed = /for\(const href of (\[[^\]]*\])\)/.exec(html)?.[1]
  if (!listed) throw new Error('the page has no code loader: has app/lib/page-code.ts changed?')
  const first = new Set((JSON.parse(listed) as string[]).map((href) => new URL(href, base).href))
  const later = new Set([...assets.keys()].filter((url) => assets.get(url) === 'js' && !first.has(url)))
  let js = gzipSync(inline).length
  let css = 0
  let jsLater = 0
  for (const [url, kind] of assets) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer())
    const size = gzipSync(body, { level: 9 }).length
    if (kind === 'js' && later.has(url)) jsLater += size
    else if (kind === 'js') js += size
    else css += size
  }
  const jsFiles = [...assets].filter(([url, k]) => k === 'js' && !later.has(url)).length
  const laterFiles = [...assets].filter(([url, k]) => k === 'js' && later.has(url)).length
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  const name = language === 'en' ? 'English' : 'Hindi'
  rows.push([`Home first visit (${name}): JavaScript (gzip)`, kb(js), '', '', `${jsFiles} files + inline`])
  rows.push([
    `Home first visit (${name}): JavaScript fetched later (gzip)`,
    kb(jsLater),
    '',
    '',
    `${laterFiles} files, at idle or on first use`,
  ])
  rows.push([`Home first visit (${name}): CSS (gzip)`, kb(css), '', '', ''])
  rows.push([`Home first visit (${name}): messages JSON (gzip)`, kb(gzipSync(messages).length), '', '', ''])
  console.log(
    `first visit (${name}): JS ${kb(js)} (+ ${kb(jsLater)} later), CSS ${kb(css)}, messages ${kb(gzipSync(messages).length)}`,
  )
}

const child = only === 'instances' || only === 'scale' || only === 'sale' ? null : await startServer()
try {
  if (only === 'weight') {
    await firstVisitWeight('en')
    await firstVisitWeight('hi')
  } else if (only === 'lighthouse') {
    const { lighthouseRows } = await import('./lighthouse.ts')
    rows.push(...(await lighthouseRows(base, Number(process.env.LIGHTHOUSE_RUNS ?? 3))))
  } else if (only === 'slow') {
    await firstVisitWeight('en')
    await firstVisitWeight('hi')
    const { slowPhoneRows } = await import('./slow-phone.ts')
    rows.push(...(await slowPhoneRows(base)))
  } else if (!only) {
    await allSections()
  }
} finally {
  child?.kill('SIGTERM')
}
if (only === 'scale') {
  const { scaleRows } = await import('./scale.ts')
  rows.push(...(await scaleRows()))
}
// What the sale's checks found wrong (oversold stock, orders astray): printed after the table, exit 1.
let failures: string[] = []
let saleTerms = ''
if (only === 'sale') {
  const { saleRows } = await import('./sale.ts')
  const sale = await saleRows()
  rows.push(...sale.rows)
  failures = sale.failures
  saleTerms = sale.terms
}
if (!only || only === 'instances') {
  const { instanceRows } = await import('./instances.ts')
  rows.push(...(await instanceRows()))
}

/** A customer of the bench's own, registered and signed in: the token a shopper's browser would send. */
async function newCustomerToken(): Promise<string> {
  const account = {
    fullName: 'Bench Shopper',
    email: `shopper.${Date.now()}@bench.invalid`,
    password: 'Kalaa@12345',
  }
  const json = { 'content-type': 'application/json' }
  await fetch(`${base}/api/v1/user/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  })
  const login = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  })
  if (!login.ok) throw new Error(`the bench's customer could not sign in (${login.status})`)
  return (await login.json()).data.accessToken
}

async function allSections() {
  await load('GET /api/v1/category/allcategory', '/api/v1/category/allcategory')
  await load('GET /api/v1/Product/products', '/api/v1/Product/products')
  await load('GET /api/v1/Product/products (gzip)', '/api/v1/Product/products', { 'accept-encoding': 'gzip' })
  await load('GET / (home page, server-rendered)', '/', { 'accept-encoding': 'gzip' })
  // A signed-in customer gets the same cached page as a visitor (decision 007); the browser fills in what is theirs.
  await load('GET / (signed-in customer, same page as visitors)', '/', {
    'accept-encoding': 'gzip',
    cookie: `accessToken=${await newCustomerToken()}`,
  })
  await firstVisitWeight('en')
  await firstVisitWeight('hi')
  if (existsSync('bench/lighthouse.ts')) {
    const { lighthouseRows } = await import('./lighthouse.ts')
    rows.push(...(await lighthouseRows(base, Number(process.env.LIGHTHOUSE_RUNS ?? 3))))
  }
  const { slowPhoneRows } = await import('./slow-phone.ts')
  rows.push(...(await slowPhoneRows(base)))
}
if (!only && existsSync('bench/search.ts')) {
  const { searchRows } = await import('./search.ts')
  rows.push(...(await searchRows()))
}

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; ${only === 'scale' ? 'single requests one at a time, load at 20 connections' : only === 'sale' ? saleTerms : `${duration} s per load test, 50 connections`}.`,
  '',
  only === 'scale'
    ? '| what | size or requests/s | p50 | p95 (one at a time) or p99 (load) | note |'
    : only === 'sale'
      ? '| what | orders paid/s | p50 place and pay | p99 place and pay | note |'
      : '| what | requests/s or size | p50 | p99 | note |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n')
mkdirSync('bench/results', { recursive: true })
// The slow-phone section alone keeps its own file, so the full run's table is not overwritten.
const file = only ? `bench/results/${only === 'slow' ? 'slow-phone' : only}.md` : 'bench/results/latest.md'
writeFileSync(file, `${table}\n`)
console.log(`\n${table}\n`)
if (failures.length) console.error(`THE SALE'S CHECKS FAILED:\n  ${failures.join('\n  ')}`)
process.exit(failures.length ? 1 : 0)
