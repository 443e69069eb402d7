import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { freePort } from './pg-cluster.ts'

/** The machine's Redis, shared with other tests: write only under a prefix of your own (`uniquePrefix`). */
export const machineRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

const redisServerBinary = '/usr/bin/redis-server'

/** A key prefix no other test uses. */
export const uniquePrefix = () => `test-${randomBytes(6).toString('hex')}:`

/** Whether Redis at `url` answers PING within a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    return (await client.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

/**
 * Whether a test needing `what` can run: outside CI a missing piece skips it with a warning saying
 * why; in CI (CI=true) it fails instead, so a broken machine never passes by skipping.
 */
export function requirePiece(present: boolean, what: string): boolean {
  if (present) return true
  if (process.env.CI === 'true') throw new Error(`${what} is required in CI`)
  console.warn(`Skipping: ${what} is not available here (required in CI).`)
  return false
}

/** Removes the keys written under `prefix` (never anything else on a shared server). */
export async function dropKeys(url: string, prefix: string) {
  const client = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null })
  client.on('error', () => {})
  try {
    let cursor = '0'
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      if (keys.length > 0) await client.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } catch {
    // Best effort: the keys expire with their windows anyway.
  } finally {
    client.disconnect()
  }
}

/** Keys under `prefix` on the server at `url`. */
export async function keysUnder(url: string, prefix: string): Promise<string[]> {
  const client = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null })
  client.on('error', () => {})
  try {
    return await client.keys(`${prefix}*`)
  } finally {
    client.disconnect()
  }
}

export const hasRedisServer = () => existsSync(redisServerBinary)

/**
 * A Redis server of the test's own on a free port, without persistence, that the test may kill and
 * start again on the same port (the machine's Redis is shared and must never be stopped).
 */
export type OwnRedis = {
  url: string
  port: number
  start(): Promise<void>
  kill(): Promise<void>
  /** SIGSTOP: the connection stays open but nothing answers (a hung server). */
  freeze(): void
  thaw(): void
}

export async function startOwnRedis(onPort?: number): Promise<OwnRedis> {
  const port = onPort ?? (await freePort())
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | null = null
  const own: OwnRedis = {
    url,
    port,
    async start() {
      const started = spawn(
        redisServerBinary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      )
      child = started
      const until = Date.now() + 10_000
      while (!(await redisAnswers(url))) {
        if (started.exitCode !== null)
          throw new Error(`redis-server on port ${port} exited (${started.exitCode})`)
        if (Date.now() > until) throw new Error(`redis-server on port ${port} did not answer within 10 s`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    freeze() {
      child?.kill('SIGSTOP')
    },
    thaw() {
      child?.kill('SIGCONT')
    },
    async kill() {
      const running = child
      child = null
      if (!running || running.exitCode !== null) return
      const exited = new Promise((r) => running.once('exit', r))
      running.kill('SIGKILL')
      running.kill('SIGCONT')
      await exited
    },
  }
  await own.start()
  return own
}

/** A logger that keeps nothing, for building the limits outside an app. */
export const quietLog = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return quietLog
  },
} as unknown as FastifyBaseLogger
