import { existsSync, mkdtempSync, openAsBlob, readdirSync, rmSync, statSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openPglite } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { controlRequest } from './client.ts'
import { type ControlServer, startControlServer } from './server.ts'

const silent = { info() {}, warn() {}, error() {} } as never
let dir: string
let database: Database
let control: ControlServer

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'control-'))
  database = await openPglite(null)
  control = await startControlServer({ dataDir: dir, database, log: silent })
})
afterAll(async () => {
  await control?.close()
  await database?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Sends raw bytes and reads one answer line. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.createConnection(control.socketPath, () => s.write(text))
    let got = ''
    s.setEncoding('utf8')
    s.on('data', (d: string) => {
      got += d
      if (got.includes('\n')) {
        s.end()
        resolve(got.trim())
      }
    })
    s.on('error', reject)
  })
}

describe('the control socket', () => {
  it('is a socket only its owner can open', () => {
    const st = statSync(control.socketPath)
    expect(st.isSocket()).toBe(true)
    expect(st.mode & 0o777).toBe(0o600)
  })

  it('creates an admin, then promotes and reports an existing one', async () => {
    expect(
      await controlRequest(control.socketPath, { op: 'account.exists', email: 'desk@example.in' }),
    ).toEqual({
      exists: false,
    })
    const made = await controlRequest(control.socketPath, {
      op: 'admin.create',
      email: 'desk@example.in',
      password: 'Mandir@2026',
    })
    expect(made).toMatchObject({ outcome: 'created', email: 'desk@example.in' })
    const [row] = await database.db.select().from(users).where(sql`${users.email} = 'desk@example.in'`)
    expect(row.role).toBe('admin')
    expect(
      await controlRequest(control.socketPath, { op: 'admin.create', email: 'DESK@example.in' }),
    ).toMatchObject({
      outcome: 'already-admin',
    })
  })

  it('answers bad requests with a plain error and never crashes', async () => {
    await expect(
      controlRequest(control.socketPath, { op: 'admin.create', email: 'new@example.in', password: 'short' }),
    ).rejects.toThrow('at least 8 characters')
    await expect(
      controlRequest(control.socketPath, { op: 'admin.create', email: 'new@example.in' }),
    ).rejects.toThrow('A new account needs a password.')
    expect(JSON.parse(await raw('not json\n'))).toMatchObject({ ok: false })
    expect(JSON.parse(await raw(`${'x'.repeat(20_000)}\n`))).toEqual({
      ok: false,
      error: 'Request too large.',
    })
    expect(await controlRequest(control.socketPath, { op: 'ping' })).toEqual({ pid: process.pid })
  })
})

describe('the backup copy over the control socket', () => {
  it('writes a consistent copy of the database to a new file in DATA_DIR, readable by its owner only', async () => {
    await database.db
      .insert(users)
      .values({ fullName: 'Copied', email: 'copied@example.in', passwordHash: 'x' })
    const result = (await controlRequest(control.socketPath, {
      op: 'backup.dump',
      file: 'backup-t1.dump',
    })) as {
      counts: { accounts: number }
      schema: { migrations: number }
      size: number
    }
    const file = path.join(dir, 'backup-t1.dump')
    expect(statSync(file).size).toBe(result.size)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(result.counts.accounts).toBeGreaterThanOrEqual(1)
    expect(result.schema.migrations).toBeGreaterThan(0)
    // Never over an existing file.
    await expect(
      controlRequest(control.socketPath, { op: 'backup.dump', file: 'backup-t1.dump' }),
    ).rejects.toThrow('backup-t1.dump is already there; choose another name.')
    expect(statSync(file).size).toBe(result.size)
  })

  it('holds exactly the rows it counted, with writes arriving all along', async () => {
    const writes = Array.from({ length: 40 }, (_, i) =>
      database.db
        .insert(users)
        .values({ fullName: 'Busy', email: `busy${i}@example.in`, passwordHash: 'x' })
        .then(() => undefined),
    )
    const dumped = controlRequest(control.socketPath, {
      op: 'backup.dump',
      file: 'backup-busy.dump',
    }) as Promise<{
      counts: { accounts: number }
    }>
    const [result] = await Promise.all([dumped, ...writes])
    const file = path.join(dir, 'backup-busy.dump')
    const copy = await PGlite.create({ loadDataDir: await openAsBlob(file) })
    try {
      const { rows } = await copy.query<{ n: number }>('select count(*)::int as n from users')
      expect(rows[0]!.n).toBe(result.counts.accounts)
    } finally {
      await copy.close()
      rmSync(file)
    }
  })

  it('takes a bare name only, never a path', async () => {
    const backups = () => readdirSync(dir).filter((n) => n.startsWith('backup-'))
    const before = backups()
    for (const file of ['../backup-x.dump', '/tmp/backup-x.dump', 'secrets.json', 'backup-../x.dump', '']) {
      await expect(controlRequest(control.socketPath, { op: 'backup.dump', file })).rejects.toThrow(
        'The dump needs a file name like backup-<id>.dump.',
      )
    }
    // Nothing was written, in DATA_DIR or beside it.
    expect(backups()).toEqual(before)
    expect(existsSync(path.join(path.dirname(dir), 'backup-x.dump'))).toBe(false)
  })
})
