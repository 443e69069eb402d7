import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildIsCurrent } from '../../scripts/build-stamp.ts'

// The real process: configuration checks, the data-folder lock, graceful shutdown and restarts.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-process-'))
const baseEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  SEED: 'none',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
}

type Started = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> }

function start(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...baseEnv, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
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
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the shop process', () => {
  it('refuses a bad configuration with a message naming the variable', async () => {
    const err = (await start({ PORT: 'abc' }).catch((e) => e)) as { out: string; code: number }
    expect(err.code).toBe(1)
    expect(err.out).toContain('PORT')
    expect(err.out).not.toMatch(/at .*\.ts:\d+/)
  })

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
  }, 60_000)

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
  }, 120_000)
})
