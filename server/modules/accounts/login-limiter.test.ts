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
import {
  createMemoryLimiter,
  createSharedLimiter,
  createSignInLimits,
  type LimiterFactory,
  memoryLimiters,
  sharedLimiters,
} from './login-limiter.ts'

// Small figures for the three sign-in limits, so the rules show in a few attempts.
const small: Record<string, { max: number; windowSeconds: number }> = {
  'sign-in-address': { max: 6, windowSeconds: 60 },
  'sign-in-account': { max: 3, windowSeconds: 60 },
  'sign-in-pair': { max: 2, windowSeconds: 60 },
}
const scaled =
  (make: LimiterFactory): LimiterFactory =>
  (name) =>
    make(name, small[name]!)

/** The rules of the sign-in limits, on the limits `open` makes (one per instance: the calls take turns). */
function signInRules(title: string, open: () => Array<ReturnType<typeof createSignInLimits>>) {
  describe(title, () => {
    let all: Array<ReturnType<typeof createSignInLimits>> = []
    beforeAll(() => {
      all = open()
    })
    let turn = 0
    const next = () => all[turn++ % all.length]!
    const reserve = (account: string, address: string, password = 'hash-1') =>
      next().reserve({ account, address, password })

    it('counts a wrong guess on all three; past the pair limit that address is refused, others still guess', async () => {
      expect((await reserve('x@example.in', 'a')).wait).toBe(0)
      expect((await reserve('x@example.in', 'a')).wait).toBe(0)
      expect((await reserve('x@example.in', 'a')).wait).toBeGreaterThan(0)
      // The refused one counted nowhere: the account has one check left, from another address.
      expect((await reserve('x@example.in', 'b')).wait).toBe(0)
      expect((await reserve('x@example.in', 'c')).wait).toBeGreaterThan(0)
    })

    it("a right password clears the account and that address's pair and gives the address its attempt back", async () => {
      await reserve('y@example.in', 'd')
      await reserve('y@example.in', 'e')
      const right = await reserve('y@example.in', 'd')
      expect(right.wait).toBe(0)
      await right.passed()
      // Pair d is clear again; pair e keeps its guess, so it has one left.
      expect((await reserve('y@example.in', 'd')).wait).toBe(0)
      expect((await reserve('y@example.in', 'd')).wait).toBe(0)
      expect((await reserve('y@example.in', 'd')).wait).toBeGreaterThan(0)
      expect((await reserve('y@example.in', 'e')).wait).toBe(0)
      expect((await reserve('y@example.in', 'e')).wait).toBeGreaterThan(0)
    })

    it('an attempt whose password was never checked is given back everywhere', async () => {
      for (let i = 0; i < 10; i++) await (await reserve('z@example.in', 'f')).unchecked()
      expect((await reserve('z@example.in', 'f')).wait).toBe(0)
    })

    it('a new password starts the pair afresh', async () => {
      await reserve('w@example.in', 'g')
      await reserve('w@example.in', 'g')
      expect((await reserve('w@example.in', 'g')).wait).toBeGreaterThan(0)
      expect((await reserve('w@example.in', 'g', 'hash-2')).wait).toBe(0)
    })

    it('the ceiling per address counts every account, and then refuses any', async () => {
      for (let i = 0; i < 6; i++) expect((await reserve(`spray-${i}@example.in`, 'h')).wait).toBe(0)
      expect((await reserve('fresh@example.in', 'h')).wait).toBeGreaterThan(0)
      expect((await reserve('fresh@example.in', 'i')).wait).toBe(0)
    })
  })
}

signInRules('createSignInLimits in memory', () => [createSignInLimits(scaled(memoryLimiters))])

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

  signInRules('createSignInLimits on Redis, taking turns over both connections', () => [
    createSignInLimits(scaled(sharedLimiters(one))),
    createSignInLimits(scaled(sharedLimiters(two))),
  ])

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
