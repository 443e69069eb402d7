import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { buildIsCurrent } from '../scripts/build-stamp.ts'
import { serverNodeFlags } from '../server/node-flags.ts'
import { benchPassword } from './bench-customer.ts'

/**
 * `npm run bench -- scale`: the shop on a big catalogue made by bench/generate.ts. Starts the production
 * build on DATABASE_URL (or on the PGlite in SCALE_DATA_DIR, default data/scale), then measures the start-up
 * time, single-request p50/p95 of the catalogue's API and pages (sequential, after a warm-up), load at 20
 * connections for a signed-in customer's pages, and the process's RSS after the load. Prints a Markdown table
 * and writes bench/results/scale.md. The database is not changed, apart from the customer's sign-in.
 */
const port = Number(process.env.BENCH_PORT ?? 3210)
const base = `http://127.0.0.1:${port}`
const duration = Number(process.env.BENCH_SECONDS ?? 8)
const rounds = Number(process.env.BENCH_ROUNDS ?? 60)
const rows: string[][] = []

export async function scaleRows(): Promise<string[][]> {
  if (!buildIsCurrent()) {
    const { build } = await import('../scripts/build.ts')
    build()
  }
  const databaseUrl = process.env.DATABASE_URL ?? ''
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.resolve(process.env.SCALE_DATA_DIR ?? 'data/scale'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  try {
    await ready()
    const startSeconds = (performance.now() - started) / 1000
    rows.push([
      'Start-up to ready',
      `${startSeconds.toFixed(1)} s`,
      '',
      '',
      databaseUrl ? 'PostgreSQL' : 'PGlite',
    ])
    const token = await signIn()
    const signedIn = { cookie: `accessToken=${token}`, 'accept-encoding': 'gzip' }
    const anyProduct = (await (await fetch(`${base}/api/v1/Product/products?limit=1&page=7`)).json()).data[0]
    await single('API: product list (default page)', '/api/v1/Product/products')
    await single(
      'API: product list, page 2,000 of 48, by name',
      '/api/v1/Product/products?page=2000&limit=48&sort=3',
    )
    await single(
      'API: product list, a category by price',
      '/api/v1/Product/products?category=Handloom&sort=5',
    )
    await cold(
      'API: filtered listing (category, material, colour, in stock; a new choice each time)',
      filteredChoices().map((q) => `/api/v1/Product/products?limit=24&${q}`),
    )
    await cold(
      'Listing page, filtered (a new choice each time, signed in)',
      filteredChoices(1).map((q) => `/product/Handloom?${q.replace(/^category=[^&]*&/, '')}`),
      signedIn,
    )
    await single('API: product detail', `/api/v1/Product/product?id=${anyProduct._id}`)
    await single('API: search "silk saree"', '/api/v1/Product/searchproduct?query=silk%20saree')
    await single('Listing page sorted by name (signed in)', '/product/Handloom?sort=3', signedIn)
    await single(
      'Listing page 200 sorted by price (signed in)',
      '/product/Handloom?sort=6&page=200',
      signedIn,
    )
    await single('Home page (signed in)', '/', signedIn)
    await single('Product page (signed in)', `/Productdetails/${anyProduct._id}`, signedIn)
    await single('Sitemap', '/sitemap.xml')
    await staffLists()
    await load('Home page, signed in, 20 connections', '/', signedIn)
    await load('Listing page, signed in, 20 connections', '/product/Handloom?sort=3', signedIn)
    await load('Product page, signed in, 20 connections', `/Productdetails/${anyProduct._id}`, signedIn)
    rows.push(['RSS after the load', `${rss(child.pid ?? 0)} MB`, '', '', ''])
  } finally {
    child.kill('SIGTERM')
  }
  return rows
}

async function ready() {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not start')
}

/**
 * The console's lists as staff use them, through the API: orders (first, middle and last page, a rare and
 * a common search), customers and products (first page and a search).
 */
async function staffLists() {
  const auth = { authorization: `Bearer ${await signIn('owner@bench.invalid')}` }
  const api = '/api/v1/admin'
  const first = await (await fetch(`${base}${api}/orders?pageSize=20`, { headers: auth })).json()
  const pages = first.data?.pages ?? 1
  const someOrder = first.data?.items?.[0]?.orderNumber ?? ''
  await single('Console: order list, first page', `${api}/orders?pageSize=20`, auth)
  await single(
    `Console: order list, middle page (${Math.ceil(pages / 2).toLocaleString('en')})`,
    `${api}/orders?pageSize=20&page=${Math.ceil(pages / 2)}`,
    auth,
  )
  await single(`Console: order list, last page`, `${api}/orders?pageSize=20&page=${pages}`, auth)
  await single('Console: orders paid and to ship', `${api}/orders?pageSize=20&queue=toShip`, auth)
  await single('Console: order search, an order number', `${api}/orders?q=${someOrder.slice(-7)}`, auth)
  await single('Console: order search, a name in every order', `${api}/orders?q=Sharma`, auth)
  await single(
    'Console: order search, a name in every order, page 100',
    `${api}/orders?q=Sharma&page=100`,
    auth,
  )
  await single('Console: customer list, first page', `${api}/customers`, auth)
  await single('Console: customer search, a name', `${api}/customers?q=Meena%20Sharma%2077`, auth)
  await single('Console: product list, first page', `${api}/products`, auth)
  await single('Console: product search', `${api}/products?q=silk`, auth)
}

async function signIn(email = 'customer1@bench.invalid'): Promise<string> {
  const res = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: benchPassword }),
  })
  if (!res.ok)
    throw new Error(`sign-in failed (${res.status}): generate the data with bench/generate.ts first`)
  return (await res.json()).data.accessToken
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/**
 * Filter choices a shopper might make, each one once (decision 130): a category, a material, a colour and
 * sometimes in stock only, so every request misses the shop's hot pages and reaches the database.
 */
function filteredChoices(salt = 0): string[] {
  const cats = ['Handloom', 'Art%20%26%20Painting', 'Handicraft', 'Traditional', 'Eco-friendly']
  const mats = [
    'Silk',
    'Cotton',
    'Terracotta',
    'Brass',
    'Sheesham%20Wood',
    'Marble',
    'Jute',
    'Wool',
    'Clay',
    'Bamboo',
  ]
  const colours = ['Red', 'Indigo', 'Gold', 'White', 'Black', 'Green', 'Yellow', 'Pink']
  const out: string[] = []
  for (let i = 0; out.length < rounds; i++) {
    const n = i + salt * 7
    out.push(
      `category=${cats[n % cats.length]}&material=${mats[(n * 3) % mats.length]}&colour=${colours[(n * 5) % colours.length]}${n % 2 ? '&inStock=1' : ''}${n % 4 === 3 ? `&colour=${colours[(n + 1) % colours.length]}` : ''}`,
    )
  }
  return [...new Set(out)]
}

/** Each address once, one at a time: p50 and p95 of requests the shop cannot answer from its hot pages. */
async function cold(name: string, urls: string[], headers: Record<string, string> = {}) {
  const times: number[] = []
  let bytes = 0
  let status = 200
  for (const u of urls) {
    const t = performance.now()
    const res = await fetch(base + u, { headers })
    bytes = (await res.arrayBuffer()).byteLength
    if (res.status !== 200) status = res.status
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  const ms = (n: number) => `${n.toFixed(1)} ms`
  rows.push([
    name,
    `${(bytes / 1024).toFixed(1)} KB`,
    ms(percentile(times, 50)),
    ms(percentile(times, 95)),
    status === 200 ? `${urls.length} choices` : `${status}`,
  ])
  console.log(`${name}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`)
}

/** One request at a time: p50 and p95 of `rounds` requests after five to warm up, and the answer's size. */
async function single(name: string, urlPath: string, headers: Record<string, string> = {}) {
  let bytes = 0
  let status = 0
  for (let i = 0; i < 5; i++) await (await fetch(base + urlPath, { headers })).arrayBuffer()
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t = performance.now()
    const res = await fetch(base + urlPath, { headers })
    bytes = (await res.arrayBuffer()).byteLength
    status = res.status
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  const ms = (n: number) => `${n.toFixed(1)} ms`
  const size = bytes > 1024 * 1024 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`
  rows.push([
    name,
    size,
    ms(percentile(times, 50)),
    ms(percentile(times, 95)),
    status === 200 ? '' : `${status}`,
  ])
  console.log(`${name}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ${size}`)
}

async function load(name: string, urlPath: string, headers: Record<string, string>) {
  const result = await autocannon({ url: base + urlPath, connections: 20, duration, headers })
  const perSecond = Math.round(result.requests.average)
  rows.push([
    name,
    `${perSecond.toLocaleString('en-US')} req/s`,
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms (p99)`,
    result.non2xx ? `${result.non2xx} non-2xx` : '',
  ])
  console.log(`${name}: ${perSecond} req/s, p50 ${result.latency.p50} ms`)
}

function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

export function scaleMachine() {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
}
