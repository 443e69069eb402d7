import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResets } from '../../server/db/schema.ts'
import { signInLimits } from '../../server/modules/accounts/login-limiter.ts'
import { hashToken, newOpaqueToken } from '../../server/modules/accounts/tokens.ts'
import { freshEmail, PASSWORD, type Registered, registerCustomer } from '../support/factories.ts'
import { machineRedisUrl, redisAnswers, requirePiece } from '../support/redis.ts'
import { type Instances, startInstances } from '../support/test-app.ts'

// The sign-in limits (docs/decisions/021): wrong passwords per account, per account from one address, and a
// high ceiling per address, so one carrier address shared by many phones (CGNAT) does not lock them all out.
const redisUp = requirePiece(await redisAnswers(machineRedisUrl), `Redis at ${machineRedisUrl}`)

const lockout = /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/

const shops = [
  { name: 'one instance, limits in memory', redis: false, instances: 1 },
  { name: 'two instances sharing their limits in Redis', redis: true, instances: 2 },
]

for (const setup of shops) {
  describe.skipIf(setup.redis && !redisUp)(`sign-in limits: ${setup.name}`, () => {
    let shop: Instances
    let block = 0
    // Each test signs in from addresses of its own.
    const addresses = () => {
      block += 1
      return [1, 2, 3].map((n) => `10.21.${block}.${n}`)
    }
    let sent = 0
    /** Sign-ins take turns over the instances. */
    const signIn = (email: string, password: string, address: string) => {
      const app = shop.apps[sent++ % shop.apps.length]!
      return app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email, password },
        remoteAddress: address,
      })
    }
    const expectStatus = async (answer: ReturnType<typeof signIn>, status: number) => {
      const res = await answer
      expect(res.statusCode, res.body).toBe(status)
      if (status === 429)
        expect(res.json()).toEqual({ success: false, message: expect.stringMatching(lockout) })
    }

    beforeAll(async () => {
      shop = await startInstances(setup)
      if (setup.redis) expect(shop.apps[0]!.limits?.store()).toBe('redis')
    }, 120_000)
    afterAll(async () => {
      await shop?.close()
    }, 60_000)

    it("other people's 20 wrong passwords from one address do not stop a right one from it", async () => {
      const [carrier] = addresses()
      const customer = await registerCustomer(shop.apps[0]!, 'Shared Address')
      for (let i = 0; i < 20; i++)
        await expectStatus(signIn(freshEmail('neighbour'), 'Wrong@12345', carrier!), 401)
      await expectStatus(signIn(customer.email, PASSWORD, carrier!), 200)
    })

    it('six wrong guesses at one account from one address: the sixth is refused there, though its owner signed in elsewhere', async () => {
      const [attacker, home, office] = addresses()
      const victim = await registerCustomer(shop.apps[0]!, 'Pair Victim')
      for (let i = 0; i < 4; i++) await expectStatus(signIn(victim.email, `Guess-${i}-xx`, attacker!), 401)
      // The owner's right password starts the account's count again, not the guesser's.
      await expectStatus(signIn(victim.email, PASSWORD, home!), 200)
      await expectStatus(signIn(victim.email, 'Guess-4-xx', attacker!), 401)
      await expectStatus(signIn(victim.email, 'Guess-5-xx', attacker!), 429)
      await expectStatus(signIn(victim.email, PASSWORD, attacker!), 429)
      await expectStatus(signIn(victim.email, PASSWORD, office!), 200)
    })

    it('the ceiling per address stops a spray of guesses across many accounts; other addresses sign in', async () => {
      const [sprayer, elsewhere] = addresses()
      const customer = await registerCustomer(shop.apps[0]!, 'Spray Bystander')
      for (let i = 0; i < signInLimits.address.max; i++)
        await expectStatus(signIn(freshEmail('spray'), 'Password@1', sprayer!), 401)
      await expectStatus(signIn(freshEmail('spray'), 'Password@1', sprayer!), 429)
      await expectStatus(signIn(customer.email, PASSWORD, sprayer!), 429)
      await expectStatus(signIn(customer.email, PASSWORD, elsewhere!), 200)
    }, 120_000)

    it('a customer who locked themselves out and chose a new password signs in at once from the same phone', async () => {
      const [phone] = addresses()
      const who: Registered = await registerCustomer(shop.apps[0]!, 'Forgetful Customer')
      for (let i = 0; i < signInLimits.pair.max; i++)
        await expectStatus(signIn(who.email, `Old-${i}-xx`, phone!), 401)
      await expectStatus(signIn(who.email, PASSWORD, phone!), 429)
      // A reset link, as the forgotten-password e-mail carries one.
      const token = newOpaqueToken()
      await shop.apps[0]!.database.db.insert(passwordResets).values({
        userId: who.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 600_000),
      })
      const reset = await shop.apps[1 % shop.apps.length]!.inject({
        method: 'POST',
        url: '/api/v1/user/reset-password',
        payload: { token, password: 'Naya@Pass2026' },
        remoteAddress: phone,
      })
      expect(reset.statusCode, reset.body).toBe(200)
      await expectStatus(signIn(who.email, 'Naya@Pass2026', phone!), 200)
    })
  })
}
