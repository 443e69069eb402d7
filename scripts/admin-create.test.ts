import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { verify } from '@node-rs/argon2'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { lockHolder, openPglite, openPostgres } from '../server/db/client.ts'
import { users } from '../server/db/schema.ts'
import { startEmbeddedShop } from '../tests/support/embedded-shop.ts'

const node = path.resolve('node_modules/.bin/node')
const script = path.resolve('scripts/admin-create.ts')
const dirs: string[] = []
const children: ChildProcess[] = []

function tempDataDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'admin-cli-'))
  dirs.push(d)
  return d
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

type Run = { code: number | null; out: string }
function runCli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(node, [script, ...args], {
      env: { ...process.env, DATABASE_URL: undefined, ADMIN_PASSWORD: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      out += d
    })
    child.on('close', (code) => resolve({ code, out }))
  })
}

async function readUser(dataDir: string, email: string) {
  const database = await openPglite(dataDir)
  try {
    const [row] = await database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`)
    return row
  } finally {
    await database.close()
  }
}

describe('admin:create on the embedded database, shop not running', () => {
  it('creates an admin with an argon2id password from ADMIN_PASSWORD, then promotes a customer', async () => {
    const dataDir = tempDataDir()
    const created = await runCli(['--email', 'Boss@Example.in', '--name', 'Meena Iyer'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Mandir@2026',
    })
    expect(created.code, created.out).toBe(0)
    expect(created.out).toContain('Created the administrator account Boss@Example.in')
    const admin = await readUser(dataDir, 'boss@example.in')
    expect(admin).toMatchObject({ role: 'admin', fullName: 'Meena Iyer' })
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verify(admin.passwordHash, 'Mandir@2026')).toBe(true)
    expect(lockHolder(dataDir)).toBeNull()

    const database = await openPglite(dataDir)
    await database.db
      .insert(users)
      .values({ fullName: 'Ravi', email: 'ravi@example.in', passwordHash: 'keep-me' })
    await database.close()
    // An address never confirmed may have been registered by someone else: its password is not kept.
    const refused = await runCli(['--email', 'ravi@example.in'], { DATA_DIR: dataDir })
    expect(refused.code, refused.out).toBe(1)
    expect(refused.out).toContain('address was never confirmed')
    expect(await readUser(dataDir, 'ravi@example.in')).toMatchObject({
      role: 'customer',
      passwordHash: 'keep-me',
    })
    const promoted = await runCli(['--email', 'ravi@example.in'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Naya@Pass2026',
    })
    expect(promoted.code, promoted.out).toBe(0)
    expect(promoted.out).toContain('ravi@example.in is now an administrator')
    const ravi = await readUser(dataDir, 'ravi@example.in')
    expect(ravi).toMatchObject({ role: 'admin' })
    expect(await verify(ravi.passwordHash, 'Naya@Pass2026')).toBe(true)

    // A confirmed customer's own password is theirs: it is kept.
    const again = await openPglite(dataDir)
    await again.db.insert(users).values({
      fullName: 'Sita',
      email: 'sita@example.in',
      passwordHash: 'keep-me',
      emailVerifiedAt: new Date(),
    })
    await again.close()
    const kept = await runCli(['--email', 'sita@example.in'], { DATA_DIR: dataDir })
    expect(kept.code, kept.out).toBe(0)
    expect(await readUser(dataDir, 'sita@example.in')).toMatchObject({
      role: 'admin',
      passwordHash: 'keep-me',
    })
  }, 240_000)

  it('refuses a new account without a password when nobody can type one, leaving the database free', async () => {
    const dataDir = tempDataDir()
    const res = await runCli(['--email', 'new@example.in'], { DATA_DIR: dataDir })
    expect(res.code).toBe(1)
    expect(res.out).toContain('A new account needs a password')
    expect(lockHolder(dataDir)).toBeNull()
    const short = await runCli(['--email', 'new@example.in'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'short' })
    expect(short.code).toBe(1)
    expect(short.out).toContain('at least 8 characters')
    const bad = await runCli(['--email', 'not-an-email'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Mandir@2026',
    })
    expect(bad.code).toBe(1)
    const none = await runCli([], { DATA_DIR: dataDir })
    expect(none.out).toContain('Usage: npm run admin:create')
  }, 240_000)
})

describe('admin:create while the shop runs on the embedded database', () => {
  it('asks the running shop over its owner-only control socket; the new admin can sign in and use the admin API', async () => {
    const dataDir = tempDataDir()
    // A first start migrates the empty data folder: over a minute while the browser tests share the cores.
    const { child: shop, port, socket } = await startEmbeddedShop(dataDir, 180_000)
    children.push(shop)
    expect(statSync(socket).mode & 0o777).toBe(0o600)

    const res = await runCli(['--email', 'live@example.in'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Mandir@2026',
    })
    expect(res.code, res.out).toBe(0)
    expect(res.out).toContain('Created the administrator account live@example.in')
    expect(res.out).toContain(`the running shop (pid ${shop.pid})`)

    const base = `http://127.0.0.1:${port}/api/v1`
    const login = await fetch(`${base}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'live@example.in', password: 'Mandir@2026' }),
    })
    if (login.status !== 404) {
      expect(login.status).toBe(200)
      const token = (await login.json()).data.accessToken
      const overview = await fetch(`${base}/admin/overview`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(overview.status).toBe(200)
    }

    shop.kill('SIGTERM')
    await new Promise((r) => shop.once('close', r))
    expect(existsSync(socket)).toBe(false)
    // With the shop stopped the CLI opens the database itself and sees what the shop wrote.
    const again = await runCli(['--email', 'live@example.in'], { DATA_DIR: dataDir })
    expect(again.out).toContain('live@example.in is already an administrator')
    expect(again.out).toContain('the embedded database')
  }, 360_000)
})

describe.runIf(process.env.DATABASE_URL)('admin:create on PostgreSQL (DATABASE_URL)', () => {
  it('creates and promotes on the server named by DATABASE_URL', async () => {
    const url = process.env.DATABASE_URL!
    const name = `shop_cli_${randomBytes(4).toString('hex')}`
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    await c.query(`CREATE DATABASE ${name}`)
    await c.end()
    const target = new URL(url)
    target.pathname = `/${name}`
    try {
      const res = await runCli(['--email', 'pg.admin@example.in'], {
        DATABASE_URL: target.toString(),
        ADMIN_PASSWORD: 'Mandir@2026',
      })
      expect(res.code, res.out).toBe(0)
      expect(res.out).toContain('PostgreSQL')
      const database = await openPostgres(target.toString())
      const [row] = await database.db.select().from(users).where(eq(users.email, 'pg.admin@example.in'))
      await database.close()
      expect(row.role).toBe('admin')
    } finally {
      const d = new pg.Client({ connectionString: url })
      await d.connect()
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await d.end()
    }
  }, 60_000)
})
