import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../tests/support/pg-cluster.ts'
import {
  dropKeys,
  machineRedisUrl,
  quietLog,
  redisAnswers,
  requirePiece,
  uniquePrefix,
} from '../../../tests/support/redis.ts'
import { openSharedLimits, type SharedLimits } from '../../lib/shared-limits.ts'
import { createMemoryLimiter, createSharedLimiter } from './login-limiter.ts'

describe('createMemoryLimiter', () => {
  it('lets max attempts through per window, then answers the seconds left; clear forgets the key', async () => {
    let now = 1_000_000
    const limiter = createMemoryLimiter({ max: 3, windowSeconds: 60, now: () => now })
    for (let i = 0; i < 3; i++) expect(await limiter.take('a')).toBe(0)
    expect(await limiter.take('a')).toBe(60)
    expect(await limiter.take('b')).toBe(0)
    now += 30_000
    expect(await limiter.take('a')).toBe(30)
    now += 30_001
    expect(await limiter.take('a')).toBe(0)
    await limiter.take('a')
    await limiter.take('a')
    expect(await limiter.take('a')).toBeGreaterThan(0)
    await limiter.clear('a')
    expect(await limiter.take('a')).toBe(0)
  })

  it('counts simultaneous takes exactly: of 50 at once only max go ahead', async () => {
    const limiter = createMemoryLimiter({ max: 5, windowSeconds: 60 })
    const answers = await Promise.all(Array.from({ length: 50 }, () => limiter.take('k')))
    expect(answers.filter((w) => w === 0)).toHaveLength(5)
  })

  it('refund gives one attempt back without clearing the others', async () => {
    const limiter = createMemoryLimiter({ max: 2, windowSeconds: 60 })
    await limiter.take('k')
    await limiter.take('k')
    expect(await limiter.take('k')).toBeGreaterThan(0)
    await limiter.refund('k')
    expect(await limiter.take('k')).toBe(0)
    expect(await limiter.take('k')).toBeGreaterThan(0)
  })
})

const redisUp = requirePiece(await redisAnswers(machineRedisUrl), `Redis at ${machineRedisUrl}`)

describe.skipIf(!redisUp)('createSharedLimiter on Redis', () => {
  const prefix = uniquePrefix()
  // Two connections, as two instances of the shop would hold.
  let one: SharedLimits
  let two: SharedLimits
  beforeAll(async () => {
    one = openSharedLimits({ url: machineRedisUrl, prefix, log: quietLog })
    two = openSharedLimits({ url: machineRedisUrl, prefix, log: quietLog })
    await Promise.all([one.started, two.started])
    expect(one.store()).toBe('redis')
  })
  afterAll(async () => {
    await one?.close()
    await two?.close()
    await dropKeys(machineRedisUrl, prefix)
  })

  it('counts simultaneous takes on two connections exactly: of 50 at once only max go ahead', async () => {
    const a = createSharedLimiter(one, 'burst', { max: 5, windowSeconds: 60 })
    const b = createSharedLimiter(two, 'burst', { max: 5, windowSeconds: 60 })
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).take('k')))
    expect(answers.filter((w) => w === 0)).toHaveLength(5)
    // The refused ones are told the seconds left in the window.
    expect(answers.filter((w) => w > 0).every((w) => w >= 59 && w <= 60)).toBe(true)
  })

  it('refund gives one attempt back (never below zero), clear forgets the key, each on either instance', async () => {
    const a = createSharedLimiter(one, 'refund', { max: 2, windowSeconds: 60 })
    const b = createSharedLimiter(two, 'refund', { max: 2, windowSeconds: 60 })
    await b.refund('k')
    expect(await a.take('k')).toBe(0)
    expect(await b.take('k')).toBe(0)
    expect(await a.take('k')).toBeGreaterThan(0)
    await b.refund('k')
    expect(await a.take('k')).toBe(0)
    expect(await b.take('k')).toBeGreaterThan(0)
    await b.clear('k')
    expect(await a.take('k')).toBe(0)
  })

  it('keys are separate per limiter name and hold no e-mail address in the clear', async () => {
    const a = createSharedLimiter(one, 'account', { max: 1, windowSeconds: 60 })
    const other = createSharedLimiter(one, 'address', { max: 1, windowSeconds: 60 })
    expect(await a.take('asha@example.in')).toBe(0)
    expect(await other.take('asha@example.in')).toBe(0)
    const keys = await one.redis.keys(`${prefix}attempts:*`)
    expect(keys.some((k) => k.startsWith(`${prefix}attempts:account:`))).toBe(true)
    expect(keys.join(' ')).not.toContain('asha')
    // The window is set on the first attempt.
    const [key] = keys.filter((k) => k.startsWith(`${prefix}attempts:account:`))
    expect(await one.redis.pttl(key as string)).toBeGreaterThan(59_000)
  })
})

describe('createSharedLimiter without an answering Redis', () => {
  it('counts in memory at once (no wait), with the same limits', async () => {
    const nobody = `redis://127.0.0.1:${await freePort()}`
    const limits = openSharedLimits({ url: nobody, prefix: uniquePrefix(), log: quietLog })
    try {
      await limits.started
      expect(limits.store()).toBe('memory')
      const limiter = createSharedLimiter(limits, 'down', { max: 2, windowSeconds: 60 })
      const started = Date.now()
      expect(await limiter.take('k')).toBe(0)
      expect(await limiter.take('k')).toBe(0)
      expect(await limiter.take('k')).toBe(60)
      await limiter.refund('k')
      expect(await limiter.take('k')).toBe(0)
      await limiter.clear('k')
      expect(await limiter.take('k')).toBe(0)
      expect(Date.now() - started).toBeLessThan(100)
    } finally {
      await limits.close()
    }
  })
})
