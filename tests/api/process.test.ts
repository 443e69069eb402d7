import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildIsCurrent } from '../../scripts/build-stamp.ts'
import { quickStartSandbox } from '../../server/config.ts'

// The real process: configuration checks, the data-folder lock, graceful shutdown and restarts.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-process-'))
const baseEnv = {
  ...process.env,
  NODE_ENV: 'production',
  // A production start names its payment provider (docs/decisions/117).
  PAYMENT_PROVIDER: 'sandbox',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  SEED: 'none',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
}

type Started = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> }

// Every shop a test started: one still running when its test ends (a timeout) is stopped before the next test,
// which would otherwise find the data folder in use.
const children = new Map<ChildProcess, Promise<number | null>>()

function start(env: Record<string, string> = {}, script = 'server/main.ts'): Promise<Started> {
  const child = spawn(process.execPath, [script], {
    env: { ...baseEnv, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  children.set(child, exited)
  void exited.then(() => children.delete(child))
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString()
      const m = out.match(/running at http:\/\/localhost:(\d+)/)
      if (m) resolve({ child, port: Number(m[1]), output: () => out, exited })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    exited.then((code) => reject(Object.assign(new Error(`exited ${code}: ${out}`), { out, code })))
  })
}

beforeAll(async () => {
  if (!buildIsCurrent()) {
    const { build } = await import('../../scripts/build.ts')
    build()
  }
}, 120_000)
afterEach(async () => {
  for (const c of children.keys()) c.kill('SIGKILL')
  await Promise.all(children.values())
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// A start takes seconds alone and up to a minute while the other phases share the two cores: 120 s a test.
describe('the shop process', () => {
  it('refuses a bad configuration with a message naming the variable', async () => {
    const err = (await start({ PORT: 'abc' }).catch((e) => e)) as { out: string; code: number }
    expect(err.code).toBe(1)
    expect(err.out).toContain('PORT')
    expect(err.out).not.toMatch(/at .*\.ts:\d+/)
  }, 120_000)

  it('starts in production with PAYMENT_PROVIDER=sandbox, warning that payments are simulated', async () => {
    const shop = await start({ PAYMENT_PROVIDER: 'sandbox' })
    expect((await fetch(`http://127.0.0.1:${shop.port}/readyz`)).status).toBe(200)
    shop.child.kill('SIGTERM')
    expect(await shop.exited).toBe(0)
    expect(shop.output()).toContain('Payments are SIMULATED: PAYMENT_PROVIDER is sandbox')
  }, 120_000)

  it('npm start with no provider named chooses the sandbox and says so', async () => {
    const shop = await start({ PAYMENT_PROVIDER: '' }, 'scripts/start.ts')
    expect((await fetch(`http://127.0.0.1:${shop.port}/readyz`)).status).toBe(200)
    shop.child.kill('SIGTERM')
    expect(await shop.exited).toBe(0)
    expect(shop.output()).toContain(quickStartSandbox)
    expect(shop.output()).toContain('Payments are SIMULATED: PAYMENT_PROVIDER is sandbox')
  }, 120_000)

  it('warns at start when a hop count is trusted on an address other machines can reach', async () => {
    const exposed = await start({ HOST: '0.0.0.0', TRUST_PROXY: '1' })
    exposed.child.kill('SIGTERM')
    expect(await exposed.exited).toBe(0)
    const warned = exposed
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.msg.startsWith('TRUST_PROXY=1 believes X-Forwarded-For from whoever connects'))
    expect(warned).toHaveLength(1)
    expect(warned[0]?.level).toBe(40)
    expect(warned[0]?.msg).toContain('HOST=0.0.0.0')
  }, 120_000)

  it('serves, refuses a second opener of the same data folder, shuts down cleanly on SIGTERM and keeps its data', async () => {
    const first = await start()
    const ready = await fetch(`http://127.0.0.1:${first.port}/readyz`)
    expect(ready.status).toBe(200)
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true)

    const second = (await start().catch((e) => e)) as { out: string; code: number }
    expect(second.code).toBe(1)
    expect(second.out).toContain('in use by another process')

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)

    const again = await start()
    expect((await fetch(`http://127.0.0.1:${again.port}/readyz`)).status).toBe(200)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 240_000)
})
