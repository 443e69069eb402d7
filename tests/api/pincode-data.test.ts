import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedPincodes } from '../../server/db/seed/pincodes.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
  await seedPincodes(app.database.db)
})
afterAll(async () => {
  await app?.cleanup()
})

const stateOf = async (pin: string) => {
  const [answer] = (await app.inject(`/api/v1/pincode/${pin}`)).json()
  return answer.PostOffice?.[0]?.State ?? answer.Status
}

describe('the embedded PIN data set', () => {
  it('answers PINs across India with current state names', async () => {
    const [lucknow] = (await app.inject('/api/v1/pincode/226001')).json()
    expect(lucknow.Status).toBe('Success')
    expect(lucknow.PostOffice[0]).toMatchObject({
      State: 'Uttar Pradesh',
      District: 'Lucknow',
      Country: 'India',
    })
    expect(await stateOf('500001')).toBe('Telangana')
    expect(await stateOf('194101')).toBe('Ladakh')
    expect(await stateOf('110001')).toBe('Delhi')
    expect(await stateOf('000000')).toBe('Error')
  })
})

describe('delivery zones from the real PIN data (decision 086)', () => {
  it.each([
    ['110001', 'metro'],
    ['400001', 'metro'],
    ['560001', 'metro'],
    ['781001', 'northeast'],
    ['737101', 'northeast'],
    ['744101', 'islands'],
    ['682555', 'islands'],
    ['302001', 'rest'],
    // The test shop is in Uttar Pradesh (tests/support/shop-details.ts): a PIN in its own state is home.
    ['226001', 'home'],
    ['208001', 'home'],
  ])('puts PIN %s in the %s zone', async (pin, zone) => {
    const res = await app.inject(`/api/v1/delivery/estimate?pin=${pin}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ served: true, zone })
  })
})
