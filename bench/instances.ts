import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  call,
  type Instance,
  missingParts,
  type Nginx,
  nginxPath,
  startInstance,
  startNginx,
} from '../tests/support/deployment.ts'

/**
 * One instance and two instances behind nginx (deploy/nginx/shop-proxy.conf), on PostgreSQL with the
 * demo catalogue and Redis, measured in the same run: the product list, a listing page and a signed-in
 * customer's home page at 50 connections. `npm run bench -- instances` runs this section alone.
 */
const duration = Number(process.env.BENCH_SECONDS ?? 10)

async function measure(base: string, urlPath: string, headers: Record<string, string>) {
  for (let i = 0; i < 20; i++) await fetch(base + urlPath, { headers })
  const r = await autocannon({ url: base + urlPath, connections: 50, duration, headers })
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx }
}

export async function instanceRows(): Promise<string[][]> {
  process.env.DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const missing = await missingParts()
  if (missing || !existsSync(nginxPath)) {
    console.log(`two instances behind nginx: skipped (${missing ?? 'no nginx'})`)
    return [['Two instances behind nginx', 'skipped', '', '', missing ?? 'no nginx']]
  }
  const server = process.env.DATABASE_URL
  const name = `shop_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The limiter would answer 429 to a load test from one address; its cost is still paid per request.
    RATE_LIMIT_MAX: '1000000000',
  }
  const started: Array<Instance | Nginx> = []
  const rows: string[][] = []
  try {
    // The first instance seeds the demo catalogue; the second starts on the seeded database.
    const one = await startInstance({ ...env, SEED: 'demo' })
    started.push(one)
    const two = await startInstance({ ...env, SEED: 'none' })
    started.push(two)
    const single = await startNginx([one.port])
    started.push(single)
    const pair = await startNginx([one.port, two.port])
    started.push(pair)

    const email = `bench.${Date.now()}@example.in`
    const password = 'Kalaa@12345'
    await call(one.base, {
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { fullName: 'Bench Customer', email, password },
    })
    const login = await call(one.base, {
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email, password },
    })
    const token = login.json().data.accessToken as string
    const categories = await call(one.base, { url: '/api/v1/category/allcategory' })
    const first = categories.json().data[0].categoriesTitle as string
    const listing = `/product/${encodeURIComponent(first)}`
    const gzip = { 'accept-encoding': 'gzip' }
    const cases: Array<[string, string, Record<string, string>]> = [
      ['GET /api/v1/Product/products (gzip)', '/api/v1/Product/products', gzip],
      [`GET ${listing} (listing page)`, listing, gzip],
      ['GET / signed in (same cached page as visitors)', '/', { ...gzip, cookie: `accessToken=${token}` }],
    ]
    for (const [what, urlPath, headers] of cases) {
      // Interleaved, so both figures see the same machine state.
      const a = await measure(single.base, urlPath, headers)
      const b = await measure(pair.base, urlPath, headers)
      for (const [label, r] of [
        ['1 instance', a],
        ['2 instances', b],
      ] as const) {
        rows.push([
          `${what}, nginx + ${label}, PostgreSQL`,
          r.rps.toLocaleString('en-US'),
          `${r.p50} ms`,
          `${r.p99} ms`,
          r.non2xx ? `${r.non2xx} non-2xx` : '',
        ])
        console.log(`${what}, ${label}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`)
      }
    }
  } finally {
    for (const s of started.reverse()) await s.stop()
    const c = new pg.Client({ connectionString: server })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  }
  return rows
}
