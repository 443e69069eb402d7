import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import {
  databaseEntry,
  type Manifest,
  manifestEntry,
  secretsEntry,
  signatureEntry,
} from '../../server/backup/manifest.ts'
import { backupMessages } from '../../server/backup/messages.ts'
import { listInWords } from '../../server/backup/secrets.ts'
import { keyId, signManifest } from '../../server/backup/signature.ts'
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

// Each backup story below may take 480 s: it starts the shop, the CLI and tar several times, and takes minutes
// while the other phases share the two cores (a test slow only under that load is not one to tighten: 118).

// The operator's BACKUP_KEY, which every command below is given unless a test says otherwise.
const backupKey = randomBytes(32).toString('base64url')

type Run = { code: number | null; out: string }
function cli(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(node, [path.resolve(`scripts/${command}.ts`), ...args], {
      env: { ...process.env, DATABASE_URL: undefined, BACKUP_KEY: backupKey, ...env },
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

/** Every file and folder under `dir`, each file with the SHA-256 of its bytes: what "unchanged" means. */
function listing(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(e.parentPath, e.name)
    out[path.relative(dir, file)] = e.isDirectory()
      ? 'folder'
      : createHash('sha256').update(readFileSync(file)).digest('hex')
  }
  return out
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

type Rewrite = {
  /** New bytes for some files; unless `checksums` is 'kept', the manifest is made to match them. */
  files?: Record<string, (bytes: Buffer) => Buffer>
  checksums?: 'matching' | 'kept'
  manifest?: (m: Manifest) => void
  /**
   * 'key': signed anew with BACKUP_KEY, as if the backup command wrote it so; 'kept': the original
   * signature (an edit by someone without the key); 'none': no signature, as an older backup; or signed
   * with another key.
   */
  signature: 'key' | 'kept' | 'none' | { key: string }
}

/** A copy of a backup with some of its files or its manifest changed. */
async function rewrite(file: string, how: Rewrite): Promise<string> {
  const out = path.join(path.dirname(file), `changed-${randomBytes(3).toString('hex')}.tar`)
  const bytes = new Map<string, Buffer>()
  for (const entry of await listTar(file)) bytes.set(entry.name, await readEntry(file, entry))
  const manifest = JSON.parse(bytes.get(manifestEntry)!.toString('utf8')) as Manifest
  for (const [name, change] of Object.entries(how.files ?? {})) {
    const changed = change(bytes.get(name)!)
    bytes.set(name, changed)
    if (how.checksums !== 'kept') manifest.files[name] = { size: changed.length, sha256: sha256(changed) }
  }
  how.manifest?.(manifest)
  if (how.manifest || (how.files && how.checksums !== 'kept'))
    bytes.set(manifestEntry, Buffer.from(JSON.stringify(manifest, null, 2)))
  const text = bytes.get(manifestEntry)!
  if (how.signature === 'none') bytes.delete(signatureEntry)
  else if (how.signature !== 'kept') {
    const key = how.signature === 'key' ? backupKey : how.signature.key
    bytes.set(signatureEntry, Buffer.from(JSON.stringify(signManifest(key, text))))
  }
  const writer = await TarWriter.create(out)
  for (const [name, b] of bytes) await writer.add(name, b.length, b)
  await writer.finish()
  return out
}

/** The embedded database's archive, unpacked, changed and packed again. */
const innerTar = (change: (tar: Buffer) => Buffer) => (gz: Buffer) => gzipSync(change(gunzipSync(gz)))

/** A refusal as the operator sees it: exit 1, one line saying why, no stack trace. */
function expectOneLineRefusal(res: Run, message: string) {
  expect(res.code, res.out).toBe(1)
  expect(res.out).toContain(message)
  expect(res.out.trim().split('\n'), res.out).toHaveLength(1)
  expect(res.out).not.toMatch(/\n\s+at |Node\.js v/)
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
    expect(res.out).toContain(backupMessages.signedWith(keyId(backupKey)))
    expect(statSync(backup).mode & 0o777).toBe(0o600)
    expect(existsSync(`${backup}.partial`)).toBe(false)
    expect(readdirSync(dataDir).filter((n) => n.startsWith('backup-'))).toEqual([])
  }, 180_000)

  it('brings back the same accounts, orders, pictures and secrets after they were changed or lost', async () => {
    const names = (await listTar(backup)).map((e) => e.name)
    expect(names).toContain(databaseEntry.pglite)
    expect(names).toContain('secrets.json')
    expect(names.slice(-2)).toEqual([manifestEntry, signatureEntry])
    const entry = (await listTar(backup)).find((e) => e.name === manifestEntry)!
    const manifest = JSON.parse((await readEntry(backup, entry)).toString())
    expect(manifest.counts).toMatchObject({ accounts: 2, orders: 1, products: 1, productPictures: 2 })

    await damage(dataDir, built)
    const res = await cli('restore', [backup], { DATA_DIR: dataDir })
    expect(res.code, res.out).toBe(0)
    expect(res.out).toContain(`Its signature matches BACKUP_KEY (key ${keyId(backupKey)}).`)
    expect(res.out).toContain('Start the shop to use it.')
    expect(readdirSync(dataDir).filter((n) => /restoring|before-restore/.test(n))).toEqual([])
    expect(lockHolder(dataDir)).toBeNull()
    await expectRestored(dataDir, built)
  }, 180_000)

  it('refuses bad input with a clear message and a non-zero exit, changing nothing', async () => {
    const target = tempDir('untouched')
    const mine = await buildShop(target)
    const folder = tempDir('bad')
    const expectRefused = async (
      file: string,
      message: string,
      env: Record<string, string> = {},
      args: string[] = [],
    ) => {
      const res = await cli('restore', [file, ...args], { DATA_DIR: target, ...env })
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

    const newer = await rewrite(backup, {
      manifest: (m) => {
        m.database.latestMigration = Date.now() * 2
        m.app.version = '9.9.9'
      },
      signature: 'key',
    })
    await expectRefused(newer, backupMessages.newerSchema('9.9.9'))

    // Checksums all good, but the database is not what the manifest counted: found before the swap.
    const miscounted = await rewrite(backup, {
      manifest: (m) => {
        m.counts.orders += 1
      },
      signature: 'key',
    })
    // (This shop's secrets are not the backup's: accepted here, which lets no damaged backup through.)
    await expectRefused(miscounted, 'does not hold what its manifest says (orders: 1, expected 2)', {}, [
      '--accept-secrets',
    ])

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
    // No key, no backup: nothing could tell a restore that the file is as it was written.
    const noKey = await cli('backup', ['--out', path.join(folder, 'x.tar')], {
      DATA_DIR: target,
      BACKUP_KEY: '',
    })
    expect(noKey.code).toBe(1)
    expect(noKey.out).toContain(backupMessages.noBackupKey)
    const shortKey = await cli('backup', ['--out', path.join(folder, 'x.tar')], {
      DATA_DIR: target,
      BACKUP_KEY: 'too short',
    })
    expect(shortKey.code).toBe(1)
    expect(shortKey.out).toContain('BACKUP_KEY: must be at least 32 characters')
    expect(readdirSync(folder).filter((n) => n.startsWith('x.tar'))).toEqual([])

    expect(readdirSync(target).filter((n) => /restoring|before-restore/.test(n))).toEqual([])
    expect(uploadedFiles(target)).toEqual(mine.files)
    const shop = await openShop(target)
    try {
      expect(await snapshot(shop)).toEqual(mine.before)
    } finally {
      await shop.cleanup()
    }
  }, 480_000)

  /** A data folder holding what the backup holds (its secrets too), restored the ordinary way. */
  async function restoredCopy(name: string) {
    const target = tempDir(name)
    const res = await cli('restore', [backup], { DATA_DIR: target })
    expect(res.code, res.out).toBe(0)
    return target
  }

  it('restores only a backup signed with BACKUP_KEY, and never changes the shop’s secrets unasked', async () => {
    const target = await restoredCopy('signed')
    const before = listing(target)
    const ours = JSON.parse(readFileSync(path.join(target, 'secrets.json'), 'utf8')) as Record<string, string>
    // Someone who can write the backup puts in signing secrets of their choosing, checksums and all.
    const chosen = Object.fromEntries(
      Object.keys(ours).map((name) => [name, randomBytes(32).toString('base64url')]),
    )
    const theirs = () => Buffer.from(JSON.stringify(chosen, null, 2))
    const refused = async (
      file: string,
      message: string,
      args: string[] = [],
      env: Record<string, string> = {},
    ) => {
      const res = await cli('restore', [file, ...args], { DATA_DIR: target, ...env })
      expectOneLineRefusal(res, message)
      for (const value of [...Object.values(chosen), ...Object.values(ours)])
        expect(res.out).not.toContain(value)
      expect(listing(target)).toEqual(before)
    }

    const forged = await rewrite(backup, { files: { [secretsEntry]: theirs }, signature: 'kept' })
    await refused(forged, backupMessages.signatureMismatch(forged, keyId(backupKey), keyId(backupKey)))
    const edited = await rewrite(backup, {
      manifest: (m) => {
        m.createdAt = new Date(0).toISOString()
      },
      signature: 'kept',
    })
    await refused(edited, backupMessages.signatureMismatch(edited, keyId(backupKey), keyId(backupKey)))
    const otherKey = randomBytes(32).toString('hex')
    const signedByOther = await rewrite(backup, {
      files: { [secretsEntry]: theirs },
      signature: { key: otherKey },
    })
    await refused(
      signedByOther,
      backupMessages.signatureMismatch(signedByOther, keyId(otherKey), keyId(backupKey)),
    )
    // --accept-unsigned is no way round a signature that does not match the key given.
    await refused(
      signedByOther,
      backupMessages.signatureMismatch(signedByOther, keyId(otherKey), keyId(backupKey)),
      ['--accept-unsigned'],
    )
    await refused(backup, backupMessages.signedNeedsKey(keyId(backupKey)), [], { BACKUP_KEY: '' })

    // Unsigned, as a backup of the previous release: refused unless accepted, and then still the secrets.
    const unsigned = await rewrite(backup, {
      files: { [secretsEntry]: theirs },
      manifest: (m) => {
        m.version = 1
      },
      signature: 'none',
    })
    await refused(unsigned, backupMessages.unsigned(unsigned))
    const changed = listInWords([
      'jwtAccessSecret',
      'jwtRefreshSecret',
      'sandboxKeySecret',
      'sandboxWebhookSecret',
    ])
    const secretsFile = path.join(target, 'secrets.json')
    await refused(unsigned, backupMessages.secretsChanged(changed, 4, `those in ${secretsFile}`), [
      '--accept-unsigned',
    ])
    expect(changed).toContain('the key that signs sign-in tokens')

    const shop = await openShop(target)
    try {
      expect(await snapshot(shop)).toEqual(built.before)
    } finally {
      await shop.cleanup()
    }

    const accepted = await cli('restore', [unsigned, '--accept-unsigned', '--accept-secrets'], {
      DATA_DIR: target,
    })
    expect(accepted.code, accepted.out).toBe(0)
    expect(accepted.out).toContain('Its signature was not checked (--accept-unsigned).')
    expect(accepted.out).toContain(
      `The shop's signing secrets are now the backup's (--accept-secrets): ${changed}`,
    )
    expect(JSON.parse(readFileSync(secretsFile, 'utf8'))).toEqual(chosen)

    // The operator's own backup, signed, is now the one with other secrets: asked for, then taken back.
    const now = listing(target)
    const back = await cli('restore', [backup], { DATA_DIR: target })
    expectOneLineRefusal(back, backupMessages.secretsChanged(changed, 4, `those in ${secretsFile}`))
    expect(listing(target)).toEqual(now)
    const restored = await cli('restore', [backup, '--accept-secrets'], { DATA_DIR: target })
    expect(restored.code, restored.out).toBe(0)
    expect(JSON.parse(readFileSync(secretsFile, 'utf8'))).toEqual(ours)
    await expectRestored(target, built)
  }, 480_000)

  it('a restore that fails part-way leaves the data folder byte for byte as it was', async () => {
    const target = await restoredCopy('failing')
    const before = listing(target)
    const folder = tempDir('failing-files')
    const refused = async (file: string, message: string, args: string[] = []) => {
      expectOneLineRefusal(await cli('restore', [file, ...args], { DATA_DIR: target }), message)
      expect(listing(target)).toEqual(before)
      expect(lockHolder(target)).toBeNull()
    }
    const damaged = 'is not a shop backup, or it is damaged.'

    const bytes = readFileSync(backup)
    const cut = path.join(folder, 'cut.tar')
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)))
    await refused(cut, `${cut} ${damaged} The archive was cut short.`)

    // Damaged before it was signed (a disk error while the backup was written): the checksums agree.
    const db = databaseEntry.pglite
    const flip = (b: Buffer, at: number) => {
      const copy = Buffer.from(b)
      copy[at] ^= 0xff
      return copy
    }
    const flipped = await rewrite(backup, {
      files: { [db]: (gz) => flip(gz, gz.length >> 1) },
      signature: 'key',
    })
    await refused(flipped, `${damaged} Its database archive is damaged (incorrect data check).`)
    const shortened = await rewrite(backup, {
      files: { [db]: (gz) => gz.subarray(0, gz.length >> 1) },
      signature: 'key',
    })
    await refused(shortened, `${damaged} Its database archive is damaged (unexpected end of file).`)
    const innerCut = await rewrite(backup, {
      files: { [db]: innerTar((tar) => tar.subarray(0, tar.length >> 1)) },
      signature: 'key',
    })
    await refused(innerCut, `${damaged} Its database archive is damaged (the archive was cut short).`)
    // A whole archive of a database that cannot start: its control file is damaged.
    const noControl = await rewrite(backup, {
      files: {
        [db]: innerTar((tar) => {
          const copy = Buffer.from(tar)
          const header = copy.indexOf('/global/pg_control\0')
          copy.fill(0x55, header + 512, header + 612)
          return copy
        }),
      },
      signature: 'key',
    })
    await refused(noControl, `${damaged} Its database could not be opened (`)
    // And when the signature is good but a file is not what it signed.
    const bitRot = await rewrite(backup, {
      files: { [db]: (gz) => flip(gz, 1000) },
      checksums: 'kept',
      signature: 'kept',
    })
    await refused(bitRot, `${damaged} ${db} does not match its checksum.`)
    const edited = await rewrite(backup, {
      manifest: (m) => {
        m.counts.orders += 1
      },
      signature: 'kept',
    })
    await refused(edited, backupMessages.signatureMismatch(edited, keyId(backupKey), keyId(backupKey)))
    const unsigned = await rewrite(flipped, { signature: 'none' })
    await refused(unsigned, `${damaged} Its database archive is damaged (incorrect data check).`, [
      '--accept-unsigned',
    ])

    const shop = await openShop(target)
    try {
      expect(await snapshot(shop)).toEqual(built.before)
    } finally {
      await shop.cleanup()
    }
  }, 480_000)
})

describe('backup and restore with the pictures in an S3 bucket', () => {
  it('takes the bucket’s files into the backup and puts them back, removing what the backup does not have', {
    timeout: 480_000,
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
  }, 480_000)
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
  const sharedSecretValues = async (db: string) => {
    const c = new pg.Client({ connectionString: db })
    await c.connect()
    try {
      const { rows } = await c.query<{ name: string; value: string }>(
        'select name, value from shared_secrets',
      )
      return Object.fromEntries(rows.map((r) => [r.name, r.value]))
    } finally {
      await c.end()
    }
  }

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

    const damaged = await openShop(dataDir, url)
    const damagedRows = await snapshot(damaged)
    await damaged.cleanup()
    const damagedSecrets = await sharedSecretValues(url)
    const files = listing(dataDir)
    /** Refused, and the database, its secrets and the uploads as they were. */
    const refused = async (file: string, message: string, args: string[] = []) => {
      const res = await cli('restore', [file, ...args], env)
      expectOneLineRefusal(res, message)
      for (const value of Object.values(damagedSecrets)) expect(res.out).not.toContain(value)
      const still = await openShop(dataDir, url)
      try {
        expect(await snapshot(still)).toEqual(damagedRows)
      } finally {
        await still.cleanup()
      }
      expect(await sharedSecretValues(url)).toEqual(damagedSecrets)
      expect(listing(dataDir)).toEqual(files)
    }

    // An edited manifest: refused before the database is touched.
    const edited = await rewrite(backup, {
      manifest: (m) => {
        m.createdAt = new Date(0).toISOString()
      },
      signature: 'kept',
    })
    await refused(edited, backupMessages.signatureMismatch(edited, keyId(backupKey), keyId(backupKey)))

    // The dump is fine but the counts are not: the transaction is rolled back, nothing changes.
    const miscounted = await rewrite(backup, {
      manifest: (m) => {
        m.counts.accounts += 1
      },
      signature: 'key',
    })
    await refused(miscounted, 'PostgreSQL refused the restore, so it was rolled back')
    // A dump cut short (damaged before it was signed): refused or rolled back, nothing changes.
    const shortened = await rewrite(backup, {
      files: { [databaseEntry.postgres]: (dump) => dump.subarray(0, Math.floor(dump.length * 0.7)) },
      signature: 'key',
    })
    await refused(shortened, '')

    // damage() gave the database other secrets than the backup's: asked for, then taken.
    const changed = listInWords([
      'jwtAccessSecret',
      'jwtRefreshSecret',
      'sandboxKeySecret',
      'sandboxWebhookSecret',
    ])
    await refused(
      backup,
      backupMessages.secretsChanged(changed, 4, 'those in the database (its shared_secrets table)'),
    )
    const restored = await cli('restore', [backup, '--accept-secrets'], env)
    expect(restored.code, restored.out).toBe(0)
    expect(restored.out).toContain(
      `The shop's signing secrets are now the backup's (--accept-secrets): ${changed}`,
    )
    const check = new pg.Client({ connectionString: url })
    await check.connect()
    const { rows } = await check.query("select to_regclass('public.added_later') as t")
    await check.end()
    expect(rows[0].t).toBeNull()
    await expectRestored(dataDir, built, url)

    const wrong = await cli('restore', [backup], { DATA_DIR: dataDir })
    expect(wrong.code).toBe(1)
    expect(wrong.out).toContain(backupMessages.wrongKind('postgres', 'pglite'))
  }, 480_000)
})
