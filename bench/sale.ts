import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { stockMessages } from '../contracts/cart-rules.ts'
import { withVariant } from '../contracts/product-card.ts'
import { buildIsCurrent } from '../scripts/build-stamp.ts'
import { testPictureCache } from '../scripts/picture-cache.ts'
import { openPglite } from '../server/db/client.ts'
import {
  type Answer,
  call,
  type Instance,
  missingParts,
  type Nginx,
  startInstance,
  startNginx,
} from '../tests/support/deployment.ts'

/**
 * `npm run bench -- sale` (issue 32): a sale. Many buyers at once place and pay orders (POST /order/add, then
 * /payments/create, the sandbox's Pay and /payments/verify, timed together), on two instances behind nginx
 * over PostgreSQL and on one instance over PGlite. A fifth of the buyers always order one piece of the same
 * variant, which has little stock; the others order one piece each of one or two other things, stocked so
 * that they never run out. Buyers register and sign in (the password hashing) and those who do not contend
 * place one order, before the clock starts. Afterwards the database is checked: nothing oversold, each
 * product's stock the sum of its variants', every order the buyers were told of in the database and no other.
 * Besides the table it prints where the time went: each step's p50/p99, CPU per order of each process, and
 * on PostgreSQL the queries per order and the pool's queue (the instances' /metrics).
 *
 * SALE_BUYERS (default 100) buyers, all at once; SALE_SECONDS (default 15) of ordering, or SALE_ORDERS
 * orders in all (paid or failed); SALE_STOCK (default 25) pieces of the contended variant; a buyer refused
 * because it sold out tries again after SALE_REFUSED_PAUSE_MS (default 250), as a person reading the message
 * would, rather than in a tight loop that would measure refusals instead of orders. SALE_CPU_PROF=<folder>
 * has each instance write a CPU profile there.
 */

const buyerCount = Number(process.env.SALE_BUYERS ?? 100)
const orderLimit = process.env.SALE_ORDERS ? Number(process.env.SALE_ORDERS) : null
const seconds = process.env.SALE_SECONDS
  ? Number(process.env.SALE_SECONDS)
  : orderLimit === null
    ? 15
    : Number.POSITIVE_INFINITY
const contendedStock = Number(process.env.SALE_STOCK ?? 25)
const refusedPauseMs = Number(process.env.SALE_REFUSED_PAUSE_MS ?? 250)
/** Stock given to everything but the contended variant, so that only it can run out. */
const plenty = 1_000_000
const contendedProduct = 'Lucknowi Chikankari Cotton Kurta'
const contendedValue = 'M'
const password = 'Kalaa@12345'

/** The address tests/support/factories.ts `shipping` uses: a PIN code the demo shop delivers to. */
const shipping = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  address: '12 Hazratganj',
  apartment: 'Flat 4',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  postalCode: '226001',
  country: 'Country',
  phoneNumber: '9876543210',
}

/** A statement on the shop's database, PostgreSQL's or PGlite's. */
type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>

/** Something a buyer may order: a product sold as one piece, or one variant; price in paise. */
type Item = { productId: string; variantId: string | null; title: string; price: number }
type Buyer = { id: string; token: string; contended: boolean; paid: number }
/** The contended variant; `line` is its name in the shop's answers: 'Kurta (M)'. */
type Contended = { productId: string; variantId: string; title: string; line: string; price: number }

type Tally = {
  placed: number
  contendedPlaced: number
  /** Placements that got no answer (the client gave up): the shop may or may not have placed them. */
  unanswered: number
  contendedUnanswered: number
  /** Errors of the untimed warm-up, counted in `errors` too. */
  warmErrors: number
  paid: number
  refused: number
  errors: Map<string, number>
  /** Place-and-pay of each order paid in the timed part, and of each step, in ms. */
  latencies: number[]
  steps: Record<'place' | 'create' | 'pay' | 'verify', number[]>
  /** Seconds of the timed part, and the orders paid in it per second. */
  elapsed: number
  ordersPerSecond: number
}

/** `terms`: how long and how many, for the table's first line. */
export type SaleResult = { rows: string[][]; failures: string[]; terms: string }

/** Both runs, PostgreSQL first; a run whose checks fail is named in `failures` (the bench then exits 1). */
export async function saleRows(): Promise<SaleResult> {
  if (!buildIsCurrent()) {
    const { build } = await import('../scripts/build.ts')
    build()
  }
  const rows: string[][] = []
  const failures: string[] = []
  for (const run of [onPostgres, onPglite]) {
    const r = await run()
    rows.push(r.row)
    failures.push(...r.failures)
  }
  const length = [
    ...(Number.isFinite(seconds) ? [`${seconds} s of ordering`] : []),
    ...(orderLimit === null ? [] : [`${orderLimit} orders (paid or failed)`]),
  ].join(' or ')
  const terms = `${length}, ${buyerCount} buyers at once, the contended variant ${contendedStock} pieces`
  return { rows, failures, terms }
}

const common = {
  LOG_LEVEL: 'warn',
  // The limiter would answer 429 to a load test from one address; its cost is still paid per request.
  RATE_LIMIT_MAX: '1000000000',
  // The demo pictures the tests drew once are copied, not drawn again (scripts/demo-pictures.ts).
  DEMO_PICTURE_CACHE: process.env.DEMO_PICTURE_CACHE ?? testPictureCache,
  // SALE_CPU_PROF=<folder>: each instance writes a CPU profile there when it stops (to see where time goes).
  ...(process.env.SALE_CPU_PROF
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.SALE_CPU_PROF)}` }
    : {}),
}

async function onPostgres(): Promise<{ row: string[]; failures: string[] }> {
  const label = `Sale: place and pay, nginx + 2 instances, PostgreSQL`
  process.env.DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const missing = await missingParts()
  if (missing) {
    console.log(`${label}: skipped (${missing})`)
    return { row: [label, 'skipped', '', '', missing], failures: [] }
  }
  const server = process.env.DATABASE_URL
  const name = `shop_sale_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  const env = {
    ...common,
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // Its own keys in Redis, apart from the tests running on the same server.
    REDIS_PREFIX: `${name}:`,
    TRUST_PROXY: '127.0.0.1',
    // The instances' own figures (queries, pool) for the bench to read: where the time goes.
    METRICS_TOKEN: metricsToken,
  }
  const started: Array<Instance | Nginx> = []
  const db = new pg.Client({ connectionString: url.toString() })
  try {
    // The first instance seeds the demo catalogue; the second starts on the seeded database.
    const one = await startInstance({ ...env, SEED: 'demo' })
    started.push(one)
    const two = await startInstance({ ...env, SEED: 'none' })
    started.push(two)
    const pair = await startNginx([one.port, two.port])
    started.push(pair)
    await db.connect()
    const query: Query = async (text, params) => (await db.query(text, params)).rows
    const contended = await stockUp(query)
    // Written behind the shop's back: every instance drops its cached catalogue, as on a console write.
    await query(`SELECT pg_notify('shop_cache_invalidate', 'bench')`)
    // The CPU each part spends: the instances, and PostgreSQL's backends serving this database.
    const cpu: Meter = async () => {
      const backends = await query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
      return [
        ...[one, two].map((i, n) => ({ key: `i${n}`, label: 'instances', seconds: cpuSeconds(i.pid) })),
        ...backends.map((b) => ({ key: `pg${b.pid}`, label: 'PostgreSQL', seconds: cpuSeconds(b.pid) })),
      ]
    }
    const tally = await sale(pair.base, contended, cpu, () => databaseFigures([one, two]))
    const failures = await check(query, contended, tally, 'PostgreSQL')
    reportLogs([one, two])
    return { row: rowOf(label, tally, failures), failures }
  } finally {
    await db.end().catch(() => {})
    for (const s of started.reverse()) await s.stop()
    const c = new pg.Client({ connectionString: server })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  }
}

/**
 * PGlite is the server's own process: seeded on a first start, stocked between starts with the folder
 * opened here, checked after the last.
 */
async function onPglite(): Promise<{ row: string[]; failures: string[] }> {
  const label = 'Sale: place and pay, 1 instance, PGlite'
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-sale-pglite-'))
  const env = { ...common, DATABASE_URL: '', DATA_DIR: dataDir }
  const withDatabase = async <T>(work: (query: Query) => Promise<T>): Promise<T> => {
    const database = await openPglite(dataDir)
    try {
      const client = database.pglite!
      return await work(async (text, params) => (await client.query(text, params)).rows as never)
    } finally {
      await database.close()
    }
  }
  let instance: Instance | null = null
  try {
    const seeding = await startInstance({ ...env, SEED: 'demo' })
    await seeding.stop()
    const contended = await withDatabase(stockUp)
    instance = await startInstance({ ...env, SEED: 'none' })
    const running = instance
    const tally = await sale(instance.base, contended, async () => [
      { key: 'i', label: 'instance (PGlite inside)', seconds: cpuSeconds(running.pid) },
    ])
    reportLogs([instance])
    await instance.stop()
    instance = null
    const failures = await withDatabase((query) => check(query, contended, tally, 'PGlite'))
    return { row: rowOf(label, tally, failures), failures }
  } finally {
    await instance?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Plenty of everything shown, and little of the contended variant; answers that variant. */
async function stockUp(query: Query): Promise<Contended> {
  const [found] = await query<Omit<Contended, 'line'> & { variantTitle: string }>(
    `SELECT p.id AS "productId", v.id AS "variantId", p.title, v.price,
            array_to_string(v.option_values, ' / ') AS "variantTitle"
       FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE p.is_approved AND p.archived_at IS NULL
      ORDER BY (p.title = $1 AND v.option_values = ARRAY[$2]::text[]) DESC, p.title, v.position
      LIMIT 1`,
    [contendedProduct, contendedValue],
  )
  if (!found) throw new Error('the demo catalogue has no product with variants to sell out')
  await query(
    `UPDATE product_variants v SET quantity = CASE WHEN v.id = $1 THEN $2::int ELSE $3::int END
       FROM products p WHERE p.id = v.product_id AND p.is_approved`,
    [found.variantId, contendedStock, plenty],
  )
  // A product with variants holds their sum (decision 129); one sold as one piece, plenty.
  await query(
    `UPDATE products p SET quantity = COALESCE(
        (SELECT sum(v.quantity)::int FROM product_variants v WHERE v.product_id = p.id), $1::int)
      WHERE p.is_approved`,
    [plenty],
  )
  const line = withVariant(found.title, found.variantTitle)
  console.log(`contended: ${line}, ${contendedStock} pieces`)
  return { ...found, line }
}

/** The sale itself, against one address: buyers sign up and warm up untimed, then order against the clock. */
/** CPU seconds used so far by each process of a deployment, by a key that stays the same between readings. */
type Meter = () => Promise<Array<{ key: string; label: string; seconds: number }>>

/** Queries the instances ran so far and their time, and requests waiting for a pool connection now. */
type DatabaseFigures = { queries: number; seconds: number; waiting: number }

const metricsToken = randomBytes(18).toString('base64url')

/** The sum over the instances of their PostgreSQL figures, from GET /metrics. */
async function databaseFigures(instances: Instance[]): Promise<DatabaseFigures> {
  const total = { queries: 0, seconds: 0, waiting: 0 }
  for (const i of instances) {
    const res = await call(i.base, { url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } })
    const sum = (pattern: RegExp) => [...res.body.matchAll(pattern)].reduce((n, m) => n + Number(m[1]), 0)
    total.queries += sum(/^shop_db_query_duration_seconds_count\{[^}]*\} (\S+)$/gm)
    total.seconds += sum(/^shop_db_query_duration_seconds_sum\{[^}]*\} (\S+)$/gm)
    total.waiting += sum(/^shop_db_pool_connections\{state="waiting"\} (\S+)$/gm)
  }
  return total
}

/** A process's CPU time (user and system) from /proc, in seconds; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

async function sale(
  base: string,
  contended: Contended,
  meter: Meter,
  database?: () => Promise<DatabaseFigures>,
): Promise<Tally> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyerCount + 10 })
  const tally: Tally = {
    placed: 0,
    contendedPlaced: 0,
    unanswered: 0,
    contendedUnanswered: 0,
    warmErrors: 0,
    paid: 0,
    refused: 0,
    errors: new Map(),
    latencies: [],
    steps: { place: [], create: [], pay: [], verify: [] },
    elapsed: 0,
    ordersPerSecond: 0,
  }
  try {
    const items = await catalogue(base, contended.variantId)
    const run = randomBytes(3).toString('hex')
    const buyers = await signUp(base, run)
    let timed = false
    const error = (what: string) => tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1)

    /** One order placed and paid; false when it was refused as sold out. */
    async function order(buyer: Buyer): Promise<boolean> {
      const lines: Item[] = buyer.contended ? [contended] : pick(items, 1 + Math.floor(Math.random() * 2))
      const paise = lines.reduce((s, l) => s + l.price, 0)
      const auth = { authorization: `Bearer ${buyer.token}` }
      const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
        call(base, { method: 'POST', url, headers: { ...auth, ...headers }, payload, agent })
      const began = performance.now()
      let at = began
      const step = (name: keyof Tally['steps']) => {
        const now = performance.now()
        if (timed) tally.steps[name].push(now - at)
        at = now
      }
      const fail = (stage: string, res: Answer) => {
        error(`${stage} ${res.statusCode}: ${messageOf(res)}`)
        return true
      }
      let stage = 'place'
      try {
        const placed = await post(
          '/api/v1/order/add',
          {
            customerId: buyer.id,
            products: lines.map((l) => ({
              productId: l.productId,
              ...(l.variantId ? { variantId: l.variantId } : {}),
              quantity: 1,
              price: l.price / 100,
            })),
            totalAmount: paise / 100,
            shippingInfo: shipping,
            paymentInfo: { method: 'Credit Card', status: 'Pending' },
          },
          // As the checkout sends one (app/lib/checkout-api.ts), so a repeated submit is the same order.
          { 'idempotency-key': randomUUID() },
        )
        step('place')
        // Sold out, in the shop's own words (contracts/cart-rules.ts): a right answer, not a failure.
        const soldOut = stockMessages.onlyLeft(contended.line, 0)
        if (placed.statusCode === 409 && buyer.contended && messageOf(placed) === soldOut) {
          if (timed) tally.refused++
          return false
        }
        if (placed.statusCode !== 201) return fail('place', placed)
        tally.placed++
        if (buyer.contended) tally.contendedPlaced++
        const orderId = placed.json().data[0]._id as string
        stage = 'create'
        const session = await post('/api/v1/payments/create', { orderId, currency: 'INR' })
        step('create')
        if (session.statusCode !== 200) return fail('create', session)
        stage = 'pay'
        const dialog = await post('/api/v1/payments/sandbox/pay', { razorpay_order_id: session.json().id })
        step('pay')
        if (dialog.statusCode !== 200) return fail('pay', dialog)
        const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = dialog.json()
        stage = 'verify'
        const verified = await post('/api/v1/payments/verify', {
          orderId,
          razorpay_order_id,
          razorpay_payment_id,
          razorpay_signature,
        })
        step('verify')
        if (verified.statusCode !== 200 || verified.json().success !== true) return fail('verify', verified)
        buyer.paid++
        if (timed) {
          tally.paid++
          tally.latencies.push(performance.now() - began)
        }
        return true
      } catch (e) {
        // No answer: the order may or may not be in the database (the checks allow for either).
        error(`${stage}: ${(e as Error).message}`)
        if (stage === 'place') {
          tally.unanswered++
          if (buyer.contended) tally.contendedUnanswered++
        }
        return true
      }
    }

    // Untimed: one order of each buyer who does not contend, so both instances' code paths are warm.
    await Promise.all(buyers.filter((b) => !b.contended).map((b) => order(b)))
    if (tally.errors.size) {
      console.log(`warm-up errors: ${[...tally.errors].map(([m, n]) => `${n} × ${m}`).join('; ')}`)
    }
    const warmErrors = [...tally.errors.values()].reduce((a, b) => a + b, 0)
    tally.warmErrors = warmErrors
    const cpuBefore = new Map((await meter()).map((m) => [m.key, m.seconds]))
    const benchBefore = process.cpuUsage()
    const databaseBefore = await database?.()
    let mostWaiting = 0
    const sampling = database
      ? setInterval(() => {
          database().then(
            (f) => {
              mostWaiting = Math.max(mostWaiting, f.waiting)
            },
            () => {},
          )
        }, 1000)
      : undefined
    timed = true
    const start = performance.now()
    const deadline = start + seconds * 1000
    const errorCount = () => [...tally.errors.values()].reduce((a, b) => a + b, 0) - warmErrors
    const more = () =>
      performance.now() < deadline && (orderLimit === null || tally.paid + errorCount() < orderLimit)
    await Promise.all(
      buyers.map(async (b) => {
        while (more()) {
          const counted = await order(b)
          if (!counted) await new Promise((r) => setTimeout(r, refusedPauseMs))
        }
      }),
    )
    const elapsed = (performance.now() - start) / 1000
    clearInterval(sampling)
    const databaseAfter = await database?.()
    const benchCpu = process.cpuUsage(benchBefore)
    const spent = new Map<string, number>([['bench client', (benchCpu.user + benchCpu.system) / 1e6]])
    for (const m of await meter()) {
      spent.set(m.label, (spent.get(m.label) ?? 0) + m.seconds - (cpuBefore.get(m.key) ?? 0))
    }
    const { p50, p99 } = percentiles(tally.latencies)
    const ordersPerSecond = tally.paid / elapsed
    tally.elapsed = elapsed
    tally.ordersPerSecond = ordersPerSecond
    const steps = (Object.keys(tally.steps) as Array<keyof Tally['steps']>)
      .map(
        (k) =>
          `${k} ${percentiles(tally.steps[k]).p50.toFixed(0)}/${percentiles(tally.steps[k]).p99.toFixed(0)}`,
      )
      .join(', ')
    console.log(
      `${base}: ${tally.paid} orders paid in ${elapsed.toFixed(1)} s = ${ordersPerSecond.toFixed(1)}/s, place-and-pay p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; ${tally.refused} refused sold out, ${errorCount()} errors`,
    )
    console.log(`  steps p50/p99 ms: ${steps}`)
    const perOrder = (cpu: number) => `${((cpu * 1000) / Math.max(1, tally.paid)).toFixed(0)} ms`
    console.log(
      `  CPU per order paid: ${[...spent].map(([label, cpu]) => `${label} ${perOrder(cpu)}`).join(', ')} (${elapsed.toFixed(1)} s on ${os.cpus().length} cores = ${perOrder(elapsed * os.cpus().length)} per order available)`,
    )
    if (databaseBefore && databaseAfter) {
      const queries = databaseAfter.queries - databaseBefore.queries
      const ms = ((databaseAfter.seconds - databaseBefore.seconds) * 1000) / Math.max(1, queries)
      console.log(
        `  database: ${(queries / Math.max(1, tally.paid)).toFixed(0)} queries per order paid, ${ms.toFixed(1)} ms each on average; at most ${mostWaiting} queries waiting for a pool connection (sampled each second)`,
      )
    }
    console.log(
      `  most orders one buyer paid for: ${Math.max(...buyers.map((b) => b.paid))} (unpaid orders one account may hold: 2 by default)`,
    )
    for (const [m, n] of tally.errors) console.log(`  error ×${n}: ${m}`)
    return tally
  } finally {
    agent.destroy()
  }
}

/** Everything on sale but the contended variant, from the shop's own list, a page at a time. */
async function catalogue(base: string, contendedVariant: string): Promise<Item[]> {
  const items: Item[] = []
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await call(base, { url: `/api/v1/Product/products?limit=100&page=${page}` })
    if (res.statusCode !== 200) throw new Error(`the product list answered ${res.statusCode}`)
    const body = res.json() as {
      data: Array<{
        _id: string
        title: string
        price: number
        quantity: number
        variants: Array<{ _id: string; title: string; price: number; quantity: number }>
      }>
      pagination: { pages: number }
    }
    pages = body.pagination.pages
    for (const p of body.data) {
      if (p.variants.length === 0) {
        if (p.quantity > 0)
          items.push({ productId: p._id, variantId: null, title: p.title, price: paise(p.price) })
        continue
      }
      for (const v of p.variants) {
        if (v._id === contendedVariant || v.quantity <= 0) continue
        items.push({
          productId: p._id,
          variantId: v._id,
          title: `${p.title} (${v.title})`,
          price: paise(v.price),
        })
      }
    }
  }
  if (items.length < 2) throw new Error(`only ${items.length} things on sale: is the demo catalogue seeded?`)
  return items
}

/** Registers and signs in every buyer, a few at a time (each is a password hash), each from its own address. */
async function signUp(base: string, run: string): Promise<Buyer[]> {
  const buyers: Buyer[] = []
  let next = 0
  const worker = async () => {
    for (let i = next++; i < buyerCount; i = next++) {
      const email = `sale.${run}.${i}@bench.invalid`
      const from = `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`
      const reg = await call(base, {
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { fullName: `Sale Buyer ${i}`, email, password },
        from,
      })
      if (reg.statusCode !== 201) throw new Error(`registration answered ${reg.statusCode}: ${reg.body}`)
      const login = await call(base, {
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email, password },
        from,
      })
      if (login.statusCode !== 200) throw new Error(`sign-in answered ${login.statusCode}: ${login.body}`)
      const data = login.json().data
      // Every fifth buyer is after the one variant.
      buyers[i] = { id: data.user._id, token: data.accessToken, contended: i % 5 === 0, paid: 0 }
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  return buyers
}

/** What the database says after the sale; each failure a sentence. */
async function check(query: Query, contended: Contended, tally: Tally, where: string): Promise<string[]> {
  const failures: string[] = []
  const [left] = await query<{ quantity: number }>('SELECT quantity FROM product_variants WHERE id = $1', [
    contended.variantId,
  ])
  const [sold] = await query<{ pieces: number | null }>(
    'SELECT sum(quantity)::int AS pieces FROM order_items WHERE variant_id = $1',
    [contended.variantId],
  )
  const final = Number(left?.quantity)
  const taken = contendedStock - final
  if (!(final >= 0)) failures.push(`${where}: the contended variant's stock is ${final}: OVERSOLD`)
  // A placement that got no answer may have taken its piece or not; every answered one did.
  const between = (n: number, least: number, most: number) => n >= least && n <= most
  const orders = (least: number, most: number) => (most > least ? `${least} to ${most}` : `${least}`)
  if (!between(taken, tally.contendedPlaced, tally.contendedPlaced + tally.contendedUnanswered))
    failures.push(
      `${where}: ${taken} pieces of the contended variant left the shelf, but ${orders(tally.contendedPlaced, tally.contendedPlaced + tally.contendedUnanswered)} orders of it were placed`,
    )
  if (Number(sold?.pieces ?? 0) !== taken)
    failures.push(
      `${where}: order lines hold ${sold?.pieces ?? 0} pieces of the contended variant, ${taken} left the shelf`,
    )
  const astray = await query<{ title: string; quantity: number; sum: number }>(
    `SELECT p.title, p.quantity, sum(v.quantity)::int AS sum FROM products p
       JOIN product_variants v ON v.product_id = p.id
      GROUP BY p.id, p.title, p.quantity HAVING p.quantity <> sum(v.quantity)`,
  )
  for (const p of astray)
    failures.push(`${where}: ${p.title} holds ${p.quantity} pieces, its variants ${p.sum}`)
  const [counted] = await query<{ orders: number; paid: number }>(
    `SELECT count(*)::int AS orders, (count(*) FILTER (WHERE o.payment_status = 'Paid'))::int AS paid
       FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email LIKE 'sale.%@bench.invalid'`,
  )
  if (!between(Number(counted?.orders), tally.placed, tally.placed + tally.unanswered))
    failures.push(
      `${where}: the database has ${counted?.orders} orders of the buyers, ${orders(tally.placed, tally.placed + tally.unanswered)} were placed`,
    )
  console.log(
    `${where} checks: contended variant ${contendedStock} → ${final} (${tally.contendedPlaced} orders placed); ${counted?.orders} orders in the database (${counted?.paid} paid), ${tally.placed} placed${tally.unanswered ? ` and ${tally.unanswered} unanswered` : ''}; ${
      failures.length ? `FAILED:\n  ${failures.join('\n  ')}` : 'oversold: none'
    }`,
  )
  return failures
}

/** Warnings and errors the instances logged during the run, counted by message. */
function reportLogs(instances: Instance[]) {
  const counts = new Map<string, { n: number; sample: unknown }>()
  for (const line of instances.flatMap((i) => i.logs)) {
    const level = Number(line.level ?? 0)
    if (level < 40) continue
    const err = line.err as { message?: string } | undefined
    const status = typeof line.status === 'number' ? ` (status ${line.status})` : ''
    const what = `${level >= 50 ? 'error' : 'warn'}: ${line.msg ?? ''}${status}${err?.message ? ` (${err.message})` : ''}`
    const seen = counts.get(what)
    if (seen) seen.n++
    else counts.set(what, { n: 1, sample: err })
  }
  for (const [what, { n, sample }] of counts) {
    console.log(`  log ×${n}: ${what.slice(0, 300)}`)
    // The first error's own fields (a database error's code and cause), to tell where the time or the failure is.
    if (sample) console.log(`    first: ${JSON.stringify(sample).slice(0, 1200)}`)
  }
}

function rowOf(label: string, tally: Tally, failures: string[]): string[] {
  const { p50, p99 } = percentiles(tally.latencies)
  const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0)
  return [
    `${label} (${buyerCount} buyers, a fifth after one variant of ${contendedStock})`,
    tally.ordersPerSecond.toFixed(1),
    `${p50.toFixed(0)} ms`,
    `${p99.toFixed(0)} ms`,
    `${tally.refused} refused sold out, ${errors} errors${tally.warmErrors ? ` (${tally.warmErrors} in the warm-up)` : ''}; ${failures.length ? 'CHECKS FAILED' : 'oversold: none'}`,
  ]
}

const paise = (rupees: number) => Math.round(rupees * 100)

function messageOf(res: Answer): string {
  try {
    return String(res.json().message ?? res.body.slice(0, 200))
  } catch {
    return res.body.slice(0, 200)
  }
}

/** `count` different things at random. */
function pick(items: Item[], count: number): Item[] {
  const chosen = new Set<Item>()
  while (chosen.size < Math.min(count, items.length))
    chosen.add(items[Math.floor(Math.random() * items.length)]!)
  return [...chosen]
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
  return { p50: at(50), p99: at(99) }
}
