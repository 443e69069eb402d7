import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshMobile, messagesTo } from '../support/factories.ts'
import { machineRedisUrl, redisAnswers, requirePiece } from '../support/redis.ts'
import { type Instances, startInstances } from '../support/test-app.ts'

// Sign-in codes cost the foundation money with a real gateway (SMS pumping): a burst of sends to one number,
// or from one address, is stopped however the requests are spread over the instances (decision 141).
const redisUp = requirePiece(await redisAnswers(machineRedisUrl), `Redis at ${machineRedisUrl}`)

describe.skipIf(!redisUp)('code sends counted by two instances together, in Redis', () => {
  let shop: Instances
  let block = 0
  beforeAll(async () => {
    shop = await startInstances({ redis: true, instances: 2 })
  })
  afterAll(async () => {
    await shop?.close()
  })
  let sent = 0
  const requestCode = (phone: string, from: string) =>
    shop.apps[sent++ % 2]!.inject({
      method: 'POST',
      url: '/api/v1/user/otp/request',
      payload: { phone },
      remoteAddress: from,
    })
  const address = () => `10.142.${++block}.1`

  it('sends one code to a number at a time: the other instance refuses a second within 30 s', async () => {
    const phone = freshMobile()
    const answers = await Promise.all([requestCode(phone, address()), requestCode(phone, address())])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429])
    expect(answers.find((a) => a.statusCode === 429)!.json().message).toMatch(/^Please wait \d+ seconds/)
    expect(await messagesTo(shop.apps[0]!, phone)).toHaveLength(1)
  })

  it('sends at most 20 codes an hour from one address, over both instances', async () => {
    const from = address()
    const answers = await Promise.all(Array.from({ length: 24 }, () => requestCode(freshMobile(), from)))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(20)
    expect(codes.filter((c) => c === 429)).toHaveLength(4)
    for (const refused of answers.filter((a) => a.statusCode === 429))
      expect(refused.json().message).toMatch(/^Too many codes were asked for from this connection\./)
  })
})
