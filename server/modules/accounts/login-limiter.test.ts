import { describe, expect, it } from 'vitest'
import { createMemoryLimiter } from './login-limiter.ts'

describe('createMemoryLimiter', () => {
  it('blocks a key after max failures until its window ends, and reset clears it', () => {
    let now = 1_000_000
    const limiter = createMemoryLimiter({ max: 3, windowSeconds: 60, now: () => now })
    for (let i = 0; i < 3; i++) {
      expect(limiter.blockedFor('a')).toBe(0)
      limiter.fail('a')
    }
    expect(limiter.blockedFor('a')).toBe(60)
    expect(limiter.blockedFor('b')).toBe(0)
    now += 30_000
    expect(limiter.blockedFor('a')).toBe(30)
    now += 30_001
    expect(limiter.blockedFor('a')).toBe(0)
    limiter.fail('a')
    limiter.fail('a')
    limiter.fail('a')
    limiter.reset('a')
    expect(limiter.blockedFor('a')).toBe(0)
  })
})
