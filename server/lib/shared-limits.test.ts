import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  dropKeys,
  machineRedisUrl,
  quietLog,
  redisAnswers,
  requirePiece,
  uniquePrefix,
} from '../../tests/support/redis.ts'
import { bounded, COMMAND_TIMEOUT_MS, openSharedLimits, type SharedLimits } from './shared-limits.ts'

const busyFor = (ms: number) => {
  const end = Date.now() + ms
  while (Date.now() < end) {}
}

describe('bounded', () => {
  it('gives up on work that does not settle, shortly after the bound', async () => {
    const started = Date.now()
    await expect(bounded(new Promise(() => {}), 50)).rejects.toThrow('Redis gave no answer within 50 ms')
    expect(Date.now() - started).toBeLessThan(500)
  })

  it('passes answers and failures through', async () => {
    expect(await bounded(Promise.resolve(7), 50)).toBe(7)
    await expect(bounded(Promise.reject(new Error('refused')), 50)).rejects.toThrow('refused')
  })
})

const redisUp = requirePiece(await redisAnswers(machineRedisUrl), `Redis at ${machineRedisUrl}`)

describe.skipIf(!redisUp)('openSharedLimits on the machine Redis', () => {
  const prefix = uniquePrefix()
  let limits: SharedLimits
  beforeAll(async () => {
    limits = openSharedLimits({ url: machineRedisUrl, prefix, log: quietLog })
    await limits.started
  })
  afterAll(async () => {
    await limits?.close()
    await dropKeys(machineRedisUrl, prefix)
  })

  it('a reply that came in while this process was busy past the bound still counts (no false outage)', async () => {
    expect(limits.store()).toBe('redis')
    const answer = limits.attempt(
      (redis) => redis.incr(`${prefix}busy`),
      () => -1,
    )
    busyFor(COMMAND_TIMEOUT_MS + 150)
    expect(await answer).toBe(1)
    expect(limits.store()).toBe('redis')
  })

  it('ping answers within the bound', async () => {
    await expect(limits.ping()).resolves.toBeUndefined()
  })
})
