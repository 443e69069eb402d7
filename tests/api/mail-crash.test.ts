import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildIsCurrent } from '../../scripts/build-stamp.ts'
import { openPglite } from '../../server/db/client.ts'
import { mailOutbox } from '../../server/db/schema.ts'
import { PASSWORD } from '../support/factories.ts'
import { startTestSmtp } from '../support/smtp.ts'

// The real process killed with SIGKILL in the middle of sending an e-mail, then started again.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-mail-crash-'))

type Started = { child: ChildProcess; port: number; exited: Promise<number | null> }

function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PORT: '0',
      MAIL_FROM: 'Kalaa Setu <shop@example.in>',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString()
      const m = out.match(/running at http:\/\/localhost:(\d+)/)
      if (m) resolve({ child, port: Number(m[1]), exited })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    exited.then((code) => reject(new Error(`exited ${code}: ${out}`)))
  })
}

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 100))
  }
}

beforeAll(async () => {
  if (!buildIsCurrent()) {
    const { build } = await import('../../scripts/build.ts')
    build()
  }
}, 120_000)
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

it('sends after a restart the e-mail a killed process was sending, once, with the same Message-ID', async () => {
  // 1. The mail server takes the message and never answers: the shop is mid-delivery.
  const stalled = await startTestSmtp({ stall: true })
  const first = await start({ SMTP_URL: stalled.url })
  const email = `crash.${Date.now()}@example.in`
  const started = Date.now()
  const res = await fetch(`http://127.0.0.1:${first.port}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Tara Singh', email, password: PASSWORD }),
  })
  expect(res.status).toBe(201)
  expect(Date.now() - started).toBeLessThan(5_000)
  await waitFor(() => stalled.stalled() === 1)

  // 2. kill -9 while the message is claimed and unsent.
  first.child.kill('SIGKILL')
  await first.exited
  await stalled.destroy()

  // 3. Its lease runs out (two minutes; moved back here instead of waiting).
  const db = await openPglite(dataDir)
  const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))
  expect(row).toMatchObject({ status: 'sending', attempts: 0 })
  await db.db
    .update(mailOutbox)
    .set({ claimedUntil: new Date(Date.now() - 1000) })
    .where(eq(mailOutbox.id, row!.id))
  await db.close()

  // 4. The restarted shop sends it to a working server.
  const working = await startTestSmtp()
  const again = await start({ SMTP_URL: working.url })
  try {
    await waitFor(() => working.to(email).length > 0)
    // A few more worker runs: it must not be sent twice.
    await new Promise((r) => setTimeout(r, 4_500))
    expect(working.to(email)).toHaveLength(1)
    expect(working.to(email)[0]!.messageId).toBe(row!.messageId)
  } finally {
    again.child.kill('SIGTERM')
    await again.exited
    await working.close()
  }
  // Two shop starts on a fresh data folder: on a loaded machine (CI runs the browser tests beside this) each
  // took up to a minute, as in process.test.ts.
}, 240_000)
