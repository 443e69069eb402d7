import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedShop } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
  await seedShop(app)
})
afterAll(async () => {
  await app?.cleanup()
})

describe('GET /pincode/{pin}', () => {
  it('answers a known PIN in the third-party shape the checkout reads', async () => {
    const res = await app.inject('/api/v1/pincode/226001')
    expect(res.statusCode).toBe(200)
    const [first] = res.json()
    expect(first.Status).toBe('Success')
    expect(first.PostOffice[0]).toMatchObject({
      State: 'Uttar Pradesh',
      District: 'Lucknow',
      Country: 'India',
    })
    expect(res.headers['cache-control']).toContain('max-age')
  })

  it('knows the current states (Telangana, Ladakh)', async () => {
    expect((await app.inject('/api/v1/pincode/500001')).json()[0].PostOffice[0].State).toBe('Telangana')
    expect((await app.inject('/api/v1/pincode/194101')).json()[0].PostOffice[0].State).toBe('Ladakh')
  })

  it('answers Status Error for an unknown PIN', async () => {
    const res = await app.inject('/api/v1/pincode/999999')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{ Status: 'Error', Message: 'No records found', PostOffice: null }])
  })

  it('refuses anything but 6 digits with 400', async () => {
    for (const pin of ['22600', '2260011', 'abcdef']) {
      const res = await app.inject(`/api/v1/pincode/${pin}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().success).toBe(false)
    }
  })
})
