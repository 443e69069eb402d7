import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { couponMessages } from '../../contracts/cart-rules.ts'
import { coupons } from '../../server/db/schema.ts'
import { ValidationError } from '../../server/http/errors.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
  const day = 24 * 3600 * 1000
  await app.database.db.insert(coupons).values([
    { code: 'WELCOME10', discount: 10, status: 'active' },
    { code: 'DIWALI25', discount: 25, status: 'inactive' },
    { code: 'SUMMER15', discount: 15, status: 'active', endsAt: new Date(Date.now() - day) },
    { code: 'MONSOON12', discount: 12, status: 'active', endsAt: new Date(Date.now() + day) },
    { code: 'FIRST50', discount: 50, status: 'active', usageLimit: 2, usedCount: 2 },
    { code: 'ONCE5', discount: 5, status: 'active', usageLimit: 1 },
    { code: 'ARTISAN30', discount: 30, status: 'active', isPublic: false },
    { code: 'OLDFRIEND', discount: 20, status: 'disabled', isPublic: false },
  ])
})
afterAll(async () => {
  await app?.cleanup()
})

const apply = (code: unknown, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/v1/coupon/apply', payload: { code }, remoteAddress })

describe('GET /coupon/coupons', () => {
  it('lists public coupons only, each with code, discount and its status now (no token needed)', async () => {
    const res = await app.inject('/api/v1/coupon/coupons')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.success).toBe(true)
    const byCode = Object.fromEntries(
      body.data.map((c: { code: string; discount: number; status: string }) => [c.code, c]),
    )
    expect(Object.keys(byCode).sort()).toEqual(
      ['DIWALI25', 'FIRST50', 'MONSOON12', 'ONCE5', 'SUMMER15', 'WELCOME10'].sort(),
    )
    expect(byCode.WELCOME10).toEqual({
      _id: expect.any(String),
      code: 'WELCOME10',
      discount: 10,
      status: 'active',
    })
    expect(byCode.DIWALI25.status).toBe('inactive')
    expect(byCode.SUMMER15.status).toBe('expired')
    expect(byCode.FIRST50.status).toBe('expired')
    expect(byCode.MONSOON12.status).toBe('active')
  })
})

describe('POST /coupon/apply', () => {
  it('answers the percent of an active code', async () => {
    const res = await apply('WELCOME10')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, code: 'WELCOME10', discount: 10 })
    expect((await apply('MONSOON12')).json().discount).toBe(12)
  })

  it('matches exactly and case-sensitively', async () => {
    for (const code of ['welcome10', 'Welcome10', 'WELCOME1', 'WELCOME100', 'WELCOME', 'NOPE', '']) {
      const res = await apply(code)
      expect(res.statusCode, code).toBe(400)
      expect(res.json()).toEqual({ success: false, message: couponMessages.invalid })
    }
  })

  it('says expired for an inactive status, a past end date and a used-up limit', async () => {
    for (const code of ['DIWALI25', 'SUMMER15', 'FIRST50', 'OLDFRIEND']) {
      const res = await apply(code)
      expect(res.statusCode, code).toBe(400)
      expect(res.json()).toEqual({ success: false, message: couponMessages.expired })
    }
  })

  it('accepts a private code that the list does not show', async () => {
    const res = await apply('ARTISAN30')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: 'ARTISAN30', discount: 30 })
  })

  it('answers a missing or odd code with 400', async () => {
    expect((await apply(undefined)).statusCode).toBe(400)
    expect((await apply(42)).statusCode).toBe(400)
    expect((await apply('x'.repeat(100))).json()).toEqual({ success: false, message: couponMessages.invalid })
  })
})

describe('coupons service for orders', () => {
  it('check gives code and percent, or a ValidationError with the spec words', async () => {
    await expect(app.services.coupons.check('WELCOME10')).resolves.toEqual({
      code: 'WELCOME10',
      discount: 10,
    })
    await expect(app.services.coupons.check('welcome10')).rejects.toThrow(
      new ValidationError(couponMessages.invalid),
    )
    await expect(app.services.coupons.check('DIWALI25')).rejects.toBeInstanceOf(ValidationError)
    await expect(app.services.coupons.check('DIWALI25')).rejects.toThrow(couponMessages.expired)
  })
})

describe('guessing', () => {
  it('limits code checks per client, so private codes cannot be tried in bulk', async () => {
    // A client of its own: the limit it reaches must not refuse the other tests' checks.
    let limited = false
    for (let i = 0; i < 40 && !limited; i++)
      limited = (await apply(`GUESS${i}`, '10.40.0.1')).statusCode === 429
    expect(limited).toBe(true)
  })
})
