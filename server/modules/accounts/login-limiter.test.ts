import { describe, expect, it } from 'vitest'
import { createMemoryLimiter } from './login-limiter.ts'

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
