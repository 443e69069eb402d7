import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDir, buildIsCurrent } from '../../scripts/build-stamp.ts'
import { buildApp, type ShopApp } from '../../server/app.ts'
import { databaseTimeouts, testConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { retryAfterSeconds, unavailableMessage, unavailableTitle } from '../../server/http/unavailable.ts'
import { signInLimits } from '../../server/modules/accounts/login-limiter.ts'
import { freshEmail, PASSWORD } from '../support/factories.ts'
import { createPgCluster, findPgBin, freePort, type PgCluster } from '../support/pg-cluster.ts'

// Database faults (docs/decisions/064): a stopped or frozen PostgreSQL gives 503s, never 500s or hangs.
const pgBin = findPgBin()
if (!pgBin) {
  if (process.env.CI === 'true') throw new Error('PostgreSQL binaries (initdb, pg_ctl) are required in CI')
  console.warn('Skipping the database outage tests: no PostgreSQL binaries under /usr/lib/postgresql/*/bin')
}

const config = testConfig({
  DB_CONNECT_TIMEOUT_MS: 1000,
  DB_STATEMENT_TIMEOUT_MS: 1500,
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 1000,
})
const timeouts = databaseTimeouts(config)
// The slowest failure: a query sent to a frozen server, given up a second after the statement timeout.
const slowestFailureMs = timeouts.statementMs + 1000

async function waitFor(check: () => Promise<boolean>, withinMs: number) {
  const end = Date.now() + withinMs
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`not true within ${withinMs} ms`)
}

describe.skipIf(!pgBin)('PostgreSQL stopped or frozen under a running shop', () => {
  let cluster: PgCluster | undefined
  let database: Database | undefined
  let app: ShopApp | undefined
  // The storefront's pages, rendered by the production build, on the same database.
  let pages: ShopApp | undefined

  beforeAll(async () => {
    if (!buildIsCurrent()) {
      const { build } = await import('../../scripts/build.ts')
      build()
    }
    cluster = await createPgCluster(pgBin as string)
    database = await openPostgres(cluster.url, timeouts)
    app = await buildApp({ config, database, web: false })
    await app.ready()
    pages = await buildApp({ config, database, web: { buildDirectory: buildDir() } })
    await pages.ready()
  }, 180_000)

  afterAll(async () => {
    await app?.close()
    await pages?.close()
    await database?.close().catch(() => {})
    await cluster?.destroy()
  }, 60_000)

  // The PIN lookup reads the database on every call (no server-side cache).
  const lookup = () => (app as ShopApp).inject({ method: 'GET', url: '/api/v1/pincode/110001' })
  const ready = async () => {
    const started = Date.now()
    const res = await (app as ShopApp).inject({ method: 'GET', url: '/readyz' })
    return { status: res.statusCode, ms: Date.now() - started }
  }
  const expectUnavailable = (res: Awaited<ReturnType<typeof lookup>>) => {
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe(String(retryAfterSeconds))
    expect(res.json()).toEqual({ success: false, message: unavailableMessage })
  }

  it('sets the timeouts on every connection', async () => {
    const db = (database as Database).db
    const show = async (name: string) =>
      ((await db.execute(`show ${name}`)) as unknown as { rows: Record<string, string>[] }).rows[0][name]
    expect(await show('statement_timeout')).toBe('1500ms')
    expect(await show('idle_in_transaction_session_timeout')).toBe('1s')
  })

  it('ends a transaction left idle too long without taking the process down', async () => {
    const db = (database as Database).db
    const held = db.transaction(async (tx) => {
      await tx.execute('select 1')
      // Past the idle-in-transaction limit: the server ends the connection while it is checked out.
      await new Promise((r) => setTimeout(r, 2000))
      await tx.execute('select 1')
    })
    await expect(held).rejects.toThrow()
    expect((await lookup()).statusCode).toBe(200)
  })

  it('answers 503 with Retry-After while stopped, /readyz false within a second, and recovers by itself', async () => {
    expect((await lookup()).statusCode).toBe(200)

    // Traffic across the stop: every answer is a success or a 503, never a 500.
    let running = true
    const statuses: number[] = []
    const traffic = (async () => {
      while (running) statuses.push((await lookup()).statusCode)
    })()
    await (cluster as PgCluster).stop()
    const down = await lookup()
    running = false
    await traffic
    expectUnavailable(down)
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([])
    expect(statuses.length).toBeGreaterThan(0)

    const notReady = await ready()
    expect(notReady.status).toBe(503)
    expect(notReady.ms).toBeLessThan(1000)
    expect((await app?.inject({ method: 'GET', url: '/healthz' }))?.statusCode).toBe(200)

    // A page whose data needs the database: the friendly page, not a stack trace or an empty policy.
    const page = await pages?.inject({ method: 'GET', url: '/Privacy', headers: { accept: 'text/html' } })
    expect(page?.statusCode).toBe(503)
    expect(page?.headers['retry-after']).toBe(String(retryAfterSeconds))
    expect(page?.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page?.body).toContain(`<h1>${unavailableTitle}</h1>`)
    // The same page's data for a client-side navigation.
    const data = await pages?.inject({ method: 'GET', url: '/Privacy.data' })
    expect(data?.statusCode).toBe(503)
    expect(data?.body).toBe(unavailableMessage)

    await (cluster as PgCluster).start()
    await waitFor(async () => (await ready()).status === 200, 10_000)
    expect((await lookup()).statusCode).toBe(200)
    const back = await pages?.inject({ method: 'GET', url: '/Privacy', headers: { accept: 'text/html' } })
    expect(back?.statusCode).toBe(200)
    expect(back?.body).not.toContain(unavailableTitle)
  }, 60_000)

  it('sign-ins answered 503 while stopped cost no attempt: the right password works once it is back', async () => {
    const email = freshEmail('outage')
    const registered = await (app as ShopApp).inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { fullName: 'Outage Customer', email, password: PASSWORD },
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const signIn = (address: string) =>
      (app as ShopApp).inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email, password: PASSWORD },
        remoteAddress: address,
      })

    await (cluster as PgCluster).stop()
    try {
      // The customer retries more often than the limits allow, from their phone and from their laptop.
      for (let i = 0; i < signInLimits.account.max + 2; i++)
        expectUnavailable(await signIn(i % 2 ? '10.64.0.1' : '10.64.0.2'))
    } finally {
      await (cluster as PgCluster).start()
    }
    await waitFor(async () => (await ready()).status === 200, 10_000)
    const back = await signIn('10.64.0.1')
    expect(back.statusCode, back.body).toBe(200)
  }, 60_000)

  it('answers 503 within the timeouts while frozen rather than hanging, and recovers when it thaws', async () => {
    expect((await lookup()).statusCode).toBe(200)
    await (cluster as PgCluster).freeze()
    try {
      const started = Date.now()
      // More requests than the pool has connections: the ones left waiting give up too.
      const answers = await Promise.all(Array.from({ length: 14 }, () => lookup()))
      const elapsed = Date.now() - started
      for (const res of answers) expectUnavailable(res)
      expect(elapsed).toBeLessThan(slowestFailureMs + 1500)

      const notReady = await ready()
      expect(notReady.status).toBe(503)
      // The ping gives up within a second; a machine busy with other tests may answer its timer late, so
      // the bound is the same as for the requests above: not hanging is what is asked.
      expect(notReady.ms).toBeLessThan(slowestFailureMs + 1500)
    } finally {
      await (cluster as PgCluster).thaw()
    }
    await waitFor(async () => (await ready()).status === 200, 10_000)
    expect((await lookup()).statusCode).toBe(200)
  }, 40_000)
})

describe('starting with the database unreachable', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-db-start-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => {
      stdout += d
    })
    child.stderr.on('data', (d: Buffer) => {
      stderr += d
    })
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('exit', (code) => resolve({ code, stdout, stderr })),
    )
  }

  const expectOneLine = (out: { code: number | null; stdout: string; stderr: string }, port: number) => {
    expect(out.code).toBe(1)
    expect(out.stdout).not.toContain('running at')
    const lines = out.stderr.split('\n').filter((l) => l.trim())
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Cannot reach the database in DATABASE_URL \(postgres:\/\/shop@127\.0\.0\.1:/)
    expect(lines[0]).toContain(`:${port}/shop`)
    // The password stays out of the message.
    expect(lines[0]).not.toContain('hunter2')
  }

  it('says so in one line naming DATABASE_URL and exits non-zero when nothing listens', async () => {
    const port = await freePort()
    const out = await start({ DATABASE_URL: `postgres://shop:hunter2@127.0.0.1:${port}/shop` })
    expectOneLine(out, port)
    expect(out.stderr).toContain('ECONNREFUSED')
  }, 90_000)

  it('gives up after the connection timeout when the server accepts but never answers', async () => {
    const silent = net.createServer(() => {})
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    const port = (silent.address() as net.AddressInfo).port
    try {
      // Without the connection timeout the start would wait forever and the test time out.
      const out = await start({
        DATABASE_URL: `postgres://shop:hunter2@127.0.0.1:${port}/shop`,
        DB_CONNECT_TIMEOUT_MS: '500',
      })
      expectOneLine(out, port)
      expect(out.stderr).toContain('no answer within 500 ms (DB_CONNECT_TIMEOUT_MS)')
    } finally {
      silent.close()
    }
  }, 90_000)
})
