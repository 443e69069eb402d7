import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signInLimits } from '../../server/modules/accounts/login-limiter.ts'
import { PASSWORD, registerCustomer } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// Counts every real password check the sign-in makes, whatever the requests answer.
const checks = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../server/modules/accounts/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/modules/accounts/passwords.ts')>()
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      checks.count += 1
      return real.verifyPassword(hash, password)
    },
  }
})

let app: TestApp
beforeAll(async () => {
  // The route's own request limit far above the sign-in limits, so only they refuse here.
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

const ACCOUNT_LIMIT = signInLimits.account.max

describe('sign-in limits under a burst', () => {
  it('30 simultaneous guesses at one account check the password at most the limit, and the right password late in the burst is refused', async () => {
    const victim = await registerCustomer(app, 'Burst Target')
    checks.count = 0
    const guesses = Array.from({ length: 29 }, (_, i) => `wrong-guess-${i}`)
    const answers = await Promise.all(
      [...guesses, PASSWORD].map((password, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/user/login',
          payload: { email: victim.email, password },
          // Many addresses, so only the per-account limit stands in the way.
          remoteAddress: `10.30.${i}.1`,
        }),
      ),
    )
    expect(checks.count).toBeLessThanOrEqual(ACCOUNT_LIMIT)
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - ACCOUNT_LIMIT)
    expect(answers.at(-1)?.statusCode).toBe(429)
    expect(answers.at(-1)?.json().message).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    )
  })

  it('a burst of guesses from one address at many accounts checks at most the address ceiling', async () => {
    const ADDRESS_LIMIT = signInLimits.address.max
    const burst = ADDRESS_LIMIT + 20
    checks.count = 0
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/user/login',
          payload: { email: `nobody.${i}@example.in`, password: 'wrong-guess' },
          remoteAddress: '10.31.0.1',
        }),
      ),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 401)).toHaveLength(ADDRESS_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(burst - ADDRESS_LIMIT)
  })
})
