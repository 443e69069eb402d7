import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { databaseEntry, type Manifest, manifestEntry } from '../../server/backup/manifest.ts'
import { backupMessages } from '../../server/backup/messages.ts'
import { listTar, readEntry, TarWriter } from '../../server/backup/tar.ts'
import { type Config, type Env, loadSecrets, type Secrets, testConfig } from '../../server/config.ts'
import { type Database, lockHolder, openPglite, openPostgres } from '../../server/db/client.ts'
import {
  invoices,
  orderHistory,
  orderItems,
  orders,
  payments,
  productImages,
  products,
  sharedSecrets,
  users,
} from '../../server/db/schema.ts'
import { loadSharedSecrets } from '../../server/db/shared-secrets.ts'
import { readBytes } from '../../server/lib/file-store.ts'
import { startEmbeddedShop } from '../support/embedded-shop.ts'
import {
  checkoutResult,
  makeAdmin,
  makeProduct,
  openPayment,
  orderOf,
  registerCustomer,
} from '../support/factories.ts'
import { startTestS3 } from '../support/s3.ts'
import type { TestApp } from '../support/test-app.ts'
import { multipartFiles, png } from './admin-helpers.ts'

// `npm run backup` and `npm run restore` as an operator runs them: real processes on real data folders.
const node = path.resolve('node_modules/.bin/node')
const dirs: string[] = []
const children: ChildProcess[] = []

function tempDir(name: string) {
  const d = mkdtempSync(path.join(tmpdir(), `backup-${name}-`))
  dirs.push(d)
  return d
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

type Run = { code: number | null; out: string }
function cli(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(node, [path.resolve(`scripts/${command}.ts`), ...args], {
      env: { ...process.env, DATABASE_URL: undefined, ...env },
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

/** The shop on a data folder (and PostgreSQL when a URL is given), as the tests' factories take it. */
async function openShop(dataDir: string, url?: string, extra: Partial<Env> = {}): Promise<TestApp> {
  const base = testConfig({ ...extra, ...(url ? { DATABASE_URL: url } : {}) })
  let database: Database
  let secrets: Secrets
  if (url) {
    let shared: Secrets | undefined
    database = await openPostgres(url, undefined, async (db) => {
      shared = await loadSharedSecrets({ ...base, dataDir }, db)
    })
    secrets = shared!
  } else {
    database = await openPglite(dataDir)
    secrets = loadSecrets(base, dataDir)
  }
  const config: Config = { ...base, dataDir, secrets }
  const app = await buildApp({ config, database, web: false })
  await app.ready()
  return Object.assign(app, {
    database,
    async cleanup() {
      await app.close()
      await database.close()
    },
  }) as TestApp
}

/** Accounts, orders, products, their pictures and payments, row for row. */
async function snapshot(app: TestApp) {
  const db = app.database.db
  return {
    users: await db.select().from(users).orderBy(users.id),
    orders: await db.select().from(orders).orderBy(orders.id),
    orderItems: await db.select().from(orderItems).orderBy(orderItems.id),
    products: await db.select().from(products).orderBy(products.id),
    productImages: await db.select().from(productImages).orderBy(productImages.id),
    payments: await db.select().from(payments).orderBy(payments.id),
  }
}

/** Every file under DATA_DIR/uploads with the SHA-256 of its bytes. */
function uploadedFiles(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'uploads')
  if (!existsSync(root)) return {}
  const out: Record<string, string> = {}
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue
    const file = path.join(e.parentPath, e.name)
    out[path.relative(root, file)] = createHash('sha256').update(readFileSync(file)).digest('hex')
  }
  return out
}

type Built = {
  customer: Awaited<ReturnType<typeof registerCustomer>>
  orderId: string
  /** A sandbox payment signed before the backup, verified only after the restore. */
  signedPayment: Record<string, string>
  before: Awaited<ReturnType<typeof snapshot>>
  files: Record<string, string>
}

/** An account, an order with a payment opened and signed, a product with an uploaded picture. */
async function buildShop(dataDir: string, url?: string): Promise<Built> {
  const shop = await openShop(dataDir, url)
  try {
    const customer = await registerCustomer(shop)
    const admin = await makeAdmin(shop)
    const product = await makeProduct(shop)
    const upload = multipartFiles([
      { field: 'image', filename: 'a.png', content: await png(), type: 'image/png' },
    ])
    const res = await shop.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${product.id}/images`,
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    const order = await orderOf(shop, customer, product)
    const session = await openPayment(shop, customer, order._id)
    const pay = await shop.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: customer.auth,
      payload: { razorpay_order_id: session.id },
    })
    expect(pay.statusCode, pay.body).toBe(200)
    const files = uploadedFiles(dataDir)
    expect(Object.keys(files).some((k) => k.startsWith(`products${path.sep}${product.id}`))).toBe(true)
    return {
      customer,
      orderId: order._id,
      signedPayment: checkoutResult(pay.json()),
      before: await snapshot(shop),
      files,
    }
  } finally {
    await shop.cleanup()
  }
}

/** What goes wrong after a backup: an order deleted, an account renamed, pictures lost, a stray file. */
async function damage(dataDir: string, built: Built, url?: string) {
  const shop = await openShop(dataDir, url)
  try {
    const db = shop.database.db
    await db.delete(invoices).where(eq(invoices.orderId, built.orderId))
    await db.delete(payments).where(eq(payments.orderId, built.orderId))
    await db.delete(orderHistory).where(eq(orderHistory.orderId, built.orderId))
    await db.delete(orderItems).where(eq(orderItems.orderId, built.orderId))
    await db.delete(orders).where(eq(orders.id, built.orderId))
    await db.update(users).set({ fullName: 'Someone Else' }).where(eq(users.id, built.customer.id))
    // PostgreSQL keeps the secrets in the database: lose them there.
    if (url) await db.update(sharedSecrets).set({ value: randomBytes(32).toString('base64url') })
    expect(await snapshot(shop)).not.toEqual(built.before)
  } finally {
    await shop.cleanup()
  }
  rmSync(path.join(dataDir, 'uploads', 'products'), { recursive: true, force: true })
  writeFileSync(path.join(dataDir, 'uploads', 'stray.webp'), 'not from the backup')
  // The embedded shop's secrets are lost too: the next open makes new ones.
  if (!url) rmSync(path.join(dataDir, 'secrets.json'))
}

/** After a restore: the same rows and bytes, and what was signed before still verifies. */
async function expectRestored(dataDir: string, built: Built, url?: string) {
  expect(uploadedFiles(dataDir)).toEqual(built.files)
  const shop = await openShop(dataDir, url)
  try {
    expect(await snapshot(shop)).toEqual(built.before)
    const me = await shop.inject({ url: '/api/v1/user/current-user', headers: built.customer.auth })
    expect(me.statusCode, me.body).toBe(200)
    const verify = await shop.inject({
      method: 'POST',
      url: '/api/v1/payments/verify',
      headers: built.customer.auth,
      payload: { orderId: built.orderId, ...built.signedPayment },
    })
    expect(verify.statusCode, verify.body).toBe(200)
  } finally {
    await shop.cleanup()
  }
}

/** A copy of a backup with its manifest changed (the other files, and their checksums, kept). */
async function withManifest(file: string, change: (m: Manifest) => void): Promise<string> {
  const out = path.join(path.dirname(file), `changed-${randomBytes(3).toString('hex')}.tar`)
  const writer = await TarWriter.create(out)
  for (const entry of await listTar(file)) {
    let bytes = await readEntry(file, entry)
    if (entry.name === manifestEntry) {
      const m = JSON.parse(bytes.toString('utf8'))
      change(m)
      bytes = Buffer.from(JSON.stringify(m))
    }
    await writer.add(entry.name, bytes.length, bytes)
  }
  await writer.finish()
  return out
}

describe('backup and restore of the embedded database', () => {
  let dataDir: string
  let backup: string
  let built: Built

  beforeAll(async () => {
    dataDir = tempDir('pglite')
    built = await buildShop(dataDir)
    backup = path.join(tempDir('files'), 'shop.tar')
    const res = await cli('backup', ['--out', backup], { DATA_DIR: dataDir })
    expect(res.code, res.out).toBe(0)
    expect(res.out).toContain(`Backup written to ${backup}`)
    expect(res.out).toContain('the embedded database')
    expect(statSync(backup).mode & 0o777).toBe(0o600)
    expect(existsSync(`${backup}.partial`)).toBe(false)
    expect(readdirSync(dataDir).filter((n) => n.startsWith('backup-'))).toEqual([])
  }, 180_000)

  it('brings back the same accounts, orders, pictures and secrets after they were changed or lost', async () => {
    const names = (await listTar(backup)).map((e) => e.name)
    expect(names).toContain(databaseEntry.pglite)
    expect(names).toContain('secrets.json')
    expect(names.at(-1)).toBe(manifestEntry)
    const manifest = JSON.parse((await readEntry(backup, (await listTar(backup)).at(-1)!)).toString())
    expect(manifest.counts).toMatchObject({ accounts: 2, orders: 1, products: 1, productPictures: 2 })

    await damage(dataDir, built)
    const res = await cli('restore', [backup], { DATA_DIR: dataDir })
    expect(res.code, res.out).toBe(0)
    expect(res.out).toContain('Start the shop to use it.')
    expect(readdirSync(dataDir).filter((n) => /restoring|before-restore/.test(n))).toEqual([])
    expect(lockHolder(dataDir)).toBeNull()
    await expectRestored(dataDir, built)
  }, 180_000)

  it('refuses bad input with a clear message and a non-zero exit, changing nothing', async () => {
    const target = tempDir('untouched')
    const mine = await buildShop(target)
    const folder = tempDir('bad')
    const expectRefused = async (file: string, message: string, env: Record<string, string> = {}) => {
      const res = await cli('restore', [file], { DATA_DIR: target, ...env })
      expect(res.code, res.out).toBe(1)
      expect(res.out).toContain(message)
      expect(res.out).not.toMatch(/at .*\.ts:\d+/)
    }

    await expectRefused(
      path.join(folder, 'missing.tar'),
      backupMessages.noSuchFile(path.join(folder, 'missing.tar')),
    )

    const text = path.join(folder, 'notes.txt')
    writeFileSync(text, 'not a backup at all\n'.repeat(100))
    await expectRefused(text, 'is not a shop backup, or it is damaged')

    const bytes = readFileSync(backup)
    const cut = path.join(folder, 'cut.tar')
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)))
    await expectRefused(cut, 'is not a shop backup, or it is damaged')

    const flipped = Buffer.from(bytes)
    const dbEntry = (await listTar(backup)).find((e) => e.name === databaseEntry.pglite)!
    flipped[dbEntry.offset + 1000] ^= 0xff
    const corrupt = path.join(folder, 'corrupt.tar')
    writeFileSync(corrupt, flipped)
    await expectRefused(corrupt, `${databaseEntry.pglite} does not match its checksum.`)

    await expectRefused(backup, backupMessages.wrongKind('pglite', 'postgres'), {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    })

    const newer = await withManifest(backup, (m) => {
      m.database.latestMigration = Date.now() * 2
      m.app.version = '9.9.9'
    })
    await expectRefused(newer, backupMessages.newerSchema('9.9.9'))

    // Checksums all good, but the database is not what the manifest counted: found before the swap.
    const miscounted = await withManifest(backup, (m) => {
      m.counts.orders += 1
    })
    await expectRefused(miscounted, 'does not hold what its manifest says (orders: 1, expected 2)')

    const usage = await cli('restore', [], { DATA_DIR: target })
    expect(usage.code).toBe(2)
    expect(usage.out).toContain(backupMessages.restoreUsage)
    const noOut = await cli('backup', [], { DATA_DIR: target })
    expect(noOut.code).toBe(2)
    expect(noOut.out).toContain(backupMessages.backupUsage)
    const nothing = await cli('backup', ['--out', path.join(folder, 'x.tar')], { DATA_DIR: tempDir('empty') })
    expect(nothing.code).toBe(1)
    expect(nothing.out).toContain('There is no embedded database in')
    expect(existsSync(path.join(folder, 'x.tar'))).toBe(false)

    expect(readdirSync(target).filter((n) => /restoring|before-restore/.test(n))).toEqual([])
    expect(uploadedFiles(target)).toEqual(mine.files)
    const shop = await openShop(target)
    try {
      expect(await snapshot(shop)).toEqual(mine.before)
    } finally {
      await shop.cleanup()
    }
  }, 240_000)
})

describe('backup and restore with the pictures in an S3 bucket', () => {
  it('takes the bucket’s files into the backup and puts them back, removing what the backup does not have', {
    timeout: 120_000,
  }, async () => {
    const s3 = await startTestS3()
    try {
      const bucket = await s3.bucket()
      const env = Object.fromEntries(Object.entries(bucket.env).map(([k, v]) => [k, String(v)]))
      const dataDir = tempDir('s3')
      const shop = await openShop(dataDir, undefined, bucket.env)
      let keys: string[]
      try {
        const admin = await makeAdmin(shop)
        const product = await makeProduct(shop)
        const upload = multipartFiles([
          { field: 'image', filename: 'a.png', content: await png(), type: 'image/png' },
        ])
        const res = await shop.inject({
          method: 'POST',
          url: `/api/v1/admin/products/${product.id}/images`,
          headers: { ...admin.auth, ...upload.headers },
          payload: upload.payload,
        })
        expect(res.statusCode, res.body).toBe(200)
      } finally {
        await shop.cleanup()
      }
      keys = await bucket.store.list('')
      expect(keys.length).toBeGreaterThan(1)
      expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false)
      const bytes = Object.fromEntries(
        await Promise.all(keys.map(async (k) => [k, (await readBytes(bucket.store, k))!.toString('base64')])),
      )

      const backup = path.join(tempDir('s3-files'), 'shop.tar')
      const made = await cli('backup', ['--out', backup], { DATA_DIR: dataDir, ...env })
      expect(made.code, made.out).toBe(0)
      expect((await listTar(backup)).map((e) => e.name)).toContain(`uploads/${keys[0]}`)

      await bucket.store.delete(keys[0]!)
      await bucket.store.put('stray/left-over.webp', Buffer.from('not from the backup'), 'image/webp')
      const restored = await cli('restore', [backup], { DATA_DIR: dataDir, ...env })
      expect(restored.code, restored.out).toBe(0)
      expect(await bucket.store.list('')).toEqual(keys)
      for (const k of keys) expect((await readBytes(bucket.store, k))!.toString('base64')).toBe(bytes[k])
    } finally {
      await s3.close()
    }
  })
})

describe('backup while the embedded shop runs', () => {
  it('takes a consistent copy through the control socket; restore refuses until the shop stops', async () => {
    const dataDir = tempDir('live')
    const built = await buildShop(dataDir)
    const { child: shop, port } = await startEmbeddedShop(dataDir)
    children.push(shop)

    const backup = path.join(tempDir('live-files'), 'live.tar')
    const res = await cli('backup', ['--out', backup], { DATA_DIR: dataDir })
    expect(res.code, res.out).toBe(0)
    expect(res.out).toContain(`through the running shop (pid ${shop.pid})`)

    const refused = await cli('restore', [backup], { DATA_DIR: dataDir })
    expect(refused.code).toBe(1)
    expect(refused.out).toContain(backupMessages.stopShopFirst(shop.pid!, dataDir))
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)

    shop.kill('SIGTERM')
    await new Promise((r) => shop.once('close', r))
    expect(readdirSync(dataDir).filter((n) => n.startsWith('backup-'))).toEqual([])

    // The copy restores into another data folder as the shop had it.
    const elsewhere = tempDir('live-restored')
    const restored = await cli('restore', [backup], { DATA_DIR: elsewhere })
    expect(restored.code, restored.out).toBe(0)
    await expectRestored(elsewhere, built)
  }, 240_000)
})

const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find((u) => u?.startsWith('postgres'))

describe.runIf(pgUrl)('backup and restore on PostgreSQL', () => {
  const name = `backup_test_${randomBytes(4).toString('hex')}`
  let url: string
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: pgUrl })
    await c.connect()
    try {
      await c.query(sql)
    } finally {
      await c.end()
    }
  }
  beforeAll(async () => {
    await admin(`create database ${name}`)
    const u = new URL(pgUrl!)
    u.pathname = `/${name}`
    url = u.toString()
  })
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`)
  })

  it('round trip with pg_dump and pg_restore: rows, pictures and shared secrets identical', async () => {
    const dataDir = tempDir('pg')
    const built = await buildShop(dataDir, url)
    const backup = path.join(tempDir('pg-files'), 'shop.tar')
    const env = { DATA_DIR: dataDir, DATABASE_URL: url }
    const res = await cli('backup', ['--out', backup], env)
    expect(res.code, res.out).toBe(0)
    expect(res.out).toContain('through pg_dump')
    expect((await listTar(backup)).map((e) => e.name)).toContain(databaseEntry.postgres)

    await damage(dataDir, built, url)
    // A table a newer version might have added does not survive the restore of an older backup.
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    await c.query('create table public.added_later (id int)')

    // With a connection open (a running instance), the restore refuses unless forced.
    const busy = await cli('restore', [backup], env)
    expect(busy.code).toBe(1)
    expect(busy.out).toContain(backupMessages.otherSessions(1))
    await c.end()

    // The dump is fine but the counts are not: the transaction is rolled back, nothing changes.
    const miscounted = await withManifest(backup, (m) => {
      m.counts.accounts += 1
    })
    const damaged = await openShop(dataDir, url)
    const damagedRows = await snapshot(damaged)
    await damaged.cleanup()
    const rolledBack = await cli('restore', [miscounted], env)
    expect(rolledBack.code, rolledBack.out).toBe(1)
    expect(rolledBack.out).toContain('PostgreSQL refused the restore, so it was rolled back')
    const still = await openShop(dataDir, url)
    expect(await snapshot(still)).toEqual(damagedRows)
    await still.cleanup()
    expect(existsSync(path.join(dataDir, 'uploads', 'stray.webp'))).toBe(true)

    const restored = await cli('restore', [backup], env)
    expect(restored.code, restored.out).toBe(0)
    const check = new pg.Client({ connectionString: url })
    await check.connect()
    const { rows } = await check.query("select to_regclass('public.added_later') as t")
    await check.end()
    expect(rows[0].t).toBeNull()
    await expectRestored(dataDir, built, url)

    const wrong = await cli('restore', [backup], { DATA_DIR: dataDir })
    expect(wrong.code).toBe(1)
    expect(wrong.out).toContain(backupMessages.wrongKind('postgres', 'pglite'))
  }, 240_000)
})
