import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { codMessages } from '../../contracts/cod.ts'
import {
  defaultDeliverySettings,
  deliveryMessages,
  deliveryWindow,
  type ZoneId,
} from '../../contracts/delivery.ts'
import { windowText } from '../../contracts/delivery-text.ts'
import { auditLog, pincodes } from '../../server/db/schema.ts'
import { loadTranslations } from '../../server/lib/i18n.ts'
import {
  makeAdmin,
  makeCustomer,
  makeProduct,
  orderPayload,
  type Person,
  placeOrder,
  resetShopSettings,
  shipping,
  stockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let staff: Person

const places = {
  metro: { pin: '110001', district: 'Central Delhi', state: 'Delhi' },
  home: { pin: '226001', district: 'Lucknow', state: 'Uttar Pradesh' },
  northeast: { pin: '781001', district: 'Kamrup', state: 'Assam' },
  islands: { pin: '744101', district: 'South Andaman', state: 'Andaman and Nicobar Islands' },
  lakshadweep: { pin: '682555', district: 'Lakshadweep', state: 'Lakshadweep' },
  rest: { pin: '302001', district: 'Jaipur', state: 'Rajasthan' },
}

const settings = structuredClone(defaultDeliverySettings)
const put = (body: unknown, who: Person = staff) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/delivery',
    headers: who.auth,
    payload: body as object,
  })
const estimate = (pin: string) =>
  app.inject({ url: `/api/v1/delivery/estimate?pin=${encodeURIComponent(pin)}` })

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  // The PIN data: read by every test, changed by none.
  await app.database.db.insert(pincodes).values(Object.values(places))
})
// Tests change the delivery and COD settings: each starts from the defaults and its own staff member.
beforeEach(async () => {
  staff = await makeAdmin(app)
  // The shop's own state comes from the GST settings' legal state (decision 086).
  await resetShopSettings(app, {
    legalName: 'Foundation',
    legalAddress: 'Lucknow',
    legalState: 'Uttar Pradesh',
  })
})
afterAll(async () => {
  await app?.cleanup()
})

describe('the delivery estimate', () => {
  it.each([
    ['metro', places.metro.pin],
    ['home', places.home.pin],
    ['northeast', places.northeast.pin],
    ['islands', places.islands.pin],
    ['islands', places.lakshadweep.pin],
    ['rest', places.rest.pin],
  ] as Array<[ZoneId, string]>)('gives a %s PIN (%s) its zone’s dates', async (zone, pin) => {
    const res = await estimate(pin)
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    const want = deliveryWindow(new Date(), settings.dispatchDays, settings.zones[zone])
    expect(data).toMatchObject({ pin, served: true, zone, from: want.from, to: want.to })
    expect(data.text).toBe(deliveryMessages.window(want.from, want.to))
    expect(data.cod).toMatchObject({ available: true, text: deliveryMessages.codUpTo(1_000_000) })
  })

  it('follows the zone table staff save', async () => {
    const zones = { ...settings.zones, northeast: { enabled: true, minDays: 10, maxDays: 14 } }
    expect((await put({ ...settings, dispatchDays: 2, zones })).statusCode).toBe(200)
    const data = (await estimate(places.northeast.pin)).json().data
    const want = deliveryWindow(new Date(), 2, zones.northeast)
    expect([data.from, data.to]).toEqual([want.from, want.to])
    expect((await put(settings)).statusCode).toBe(200)
  })

  it('refuses a malformed PIN with a 400 and says what a PIN is', async () => {
    for (const pin of ['12345', 'abcdef', '1100011', '']) {
      const res = await estimate(pin)
      expect(res.statusCode, pin).toBe(400)
      expect(res.json().message).toContain('6-digit PIN code')
    }
    expect((await app.inject({ url: '/api/v1/delivery/estimate' })).statusCode).toBe(400)
  })

  it('says an unknown PIN is not served', async () => {
    const data = (await estimate('999999')).json().data
    expect(data).toMatchObject({
      served: false,
      from: null,
      to: null,
      text: deliveryMessages.notServed('999999'),
    })
    expect(data.cod.available).toBe(false)
  })

  it('says whether COD is offered there by the COD settings’ excluded states and PIN codes', async () => {
    const cod = {
      enabled: true,
      maxTotal: 5000,
      fee: 0,
      excludedStates: 'Assam',
      excludedPins: places.metro.pin,
    }
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/cod',
      headers: staff.auth,
      payload: cod,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const ne = (await estimate(places.northeast.pin)).json().data
    expect(ne.served).toBe(true)
    expect(ne.cod).toMatchObject({ available: false, text: codMessages.state('Assam') })
    const metro = (await estimate(places.metro.pin)).json().data
    expect(metro.cod).toMatchObject({ available: false, text: codMessages.pin(places.metro.pin) })
    const home = (await estimate(places.home.pin)).json().data
    expect(home.cod).toMatchObject({
      available: true,
      maxTotal: 5000,
      text: deliveryMessages.codUpTo(500_000),
    })
    await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/cod',
      headers: staff.auth,
      payload: { ...cod, maxTotal: 10_000, excludedStates: '', excludedPins: '' },
    })
  })

  it('words its texts in the asker’s language: a Hindi reader’s COD refusal and dates come in Hindi', async () => {
    const hi = loadTranslations().hi
    const cod = {
      enabled: true,
      maxTotal: 5000,
      fee: 0,
      excludedStates: 'Assam',
      excludedPins: places.metro.pin,
    }
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/cod',
      headers: staff.auth,
      payload: cod,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    try {
      // `?lang=hi`, or the remembered choice the page's own calls carry in their cookie.
      const inHindi = async (pin: string, how: 'param' | 'cookie') => {
        const res = await app.inject(
          how === 'param'
            ? { url: `/api/v1/delivery/estimate?pin=${pin}&lang=hi` }
            : { url: `/api/v1/delivery/estimate?pin=${pin}`, headers: { cookie: 'lang=hi' } },
        )
        expect(res.statusCode, res.body).toBe(200)
        return res.json().data
      }
      const ne = await inHindi(places.northeast.pin, 'cookie')
      const stateRefusal = hi.t(
        'Cash on delivery is not offered for deliveries to {state}. Please pay online for this order.',
        { state: 'Assam' },
      )
      expect(stateRefusal).not.toBe(codMessages.state('Assam'))
      expect(ne.cod).toMatchObject({ available: false, text: stateRefusal })
      expect(ne.text).toBe(windowText(hi, ne.from, ne.to))
      expect(ne.text).not.toBe(deliveryMessages.window(ne.from, ne.to))

      const metro = await inHindi(places.metro.pin, 'param')
      expect(metro.cod.text).toBe(
        hi.t('Cash on delivery is not offered for PIN code {pin}. Please pay online for this order.', {
          pin: places.metro.pin,
        }),
      )
      const home = await inHindi(places.home.pin, 'param')
      expect(home.cod).toMatchObject({
        available: true,
        text: hi.t('Cash on delivery available for orders up to {amount}', { amount: '₹5,000' }),
      })
      const nowhere = await inHindi('999999', 'param')
      expect(nowhere.text).toBe(hi.t('We do not deliver to PIN {pin} yet.', { pin: '999999' }))
      expect(nowhere.cod.text).toBe(nowhere.text)
      // The same call in English is unchanged.
      expect((await estimate(places.northeast.pin)).json().data.cod.text).toBe(codMessages.state('Assam'))
    } finally {
      await app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/cod',
        headers: staff.auth,
        payload: { ...cod, maxTotal: 10_000, excludedStates: '', excludedPins: '' },
      })
    }
  })
})

describe('a zone switched off', () => {
  it('makes its PIN codes unserved, and an order to one is refused', async () => {
    const zones = { ...settings.zones, islands: { ...settings.zones.islands, enabled: false } }
    expect((await put({ ...settings, zones })).statusCode).toBe(200)
    try {
      const data = (await estimate(places.islands.pin)).json().data
      expect(data).toMatchObject({ served: false, text: deliveryMessages.notServed(places.islands.pin) })
      const piece = await makeProduct(app)
      const asha = await makeCustomer(app)
      const to = {
        ...shipping,
        state: places.islands.state,
        city: 'Port Blair',
        postalCode: places.islands.pin,
      }
      const res = await placeOrder(
        app,
        asha,
        orderPayload(asha.id, [{ product: piece, quantity: 1 }], { shippingInfo: to }),
      )
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({
        success: false,
        message: deliveryMessages.orderRefused(places.islands.pin),
      })
      expect(await stockOf(app, piece.id)).toBe(10)
      // Another zone still takes orders.
      const home = await placeOrder(app, asha, orderPayload(asha.id, [{ product: piece, quantity: 1 }]))
      expect(home.statusCode, home.body).toBe(201)
    } finally {
      expect((await put(settings)).statusCode).toBe(200)
    }
  })

  it('a blocked PIN code is unserved in any zone, and orders to it are refused', async () => {
    expect((await put({ ...settings, blockedPins: `${places.metro.pin}\n` })).statusCode).toBe(200)
    try {
      expect((await estimate(places.metro.pin)).json().data.served).toBe(false)
      const piece = await makeProduct(app)
      const asha = await makeCustomer(app)
      const to = { ...shipping, state: 'Delhi', city: 'New Delhi', postalCode: places.metro.pin }
      const res = await placeOrder(
        app,
        asha,
        orderPayload(asha.id, [{ product: piece, quantity: 1 }], { shippingInfo: to }),
      )
      expect(res.statusCode).toBe(422)
    } finally {
      await put(settings)
    }
  })
})

describe('delivery settings', () => {
  it('are for staff only', async () => {
    const asha = await makeCustomer(app)
    expect((await put(settings, asha)).statusCode).toBe(403)
    expect(
      (await app.inject({ url: '/api/v1/admin/settings/delivery', headers: asha.auth })).statusCode,
    ).toBe(403)
    expect((await app.inject({ url: '/api/v1/admin/settings/delivery' })).statusCode).toBe(401)
  })

  it('start from the defaults, name the home state and are audited when saved', async () => {
    const res = await app.inject({ url: '/api/v1/admin/settings/delivery', headers: staff.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ ...settings, homeState: 'Uttar Pradesh' })
    expect((await put({ ...settings, dispatchDays: 3 })).statusCode).toBe(200)
    const rows = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.delivery'), eq(auditLog.actorId, staff.id)))
    expect(rows.at(-1)?.after).toMatchObject({ dispatchDays: 3 })
    await put(settings)
  })

  it('refuse a longest transit shorter than the shortest, and a bad PIN code, with a 400', async () => {
    const zones = { ...settings.zones, metro: { enabled: true, minDays: 5, maxDays: 2 } }
    const bad = await put({ ...settings, zones })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('the longest transit must be at least the shortest')
    const pin = await put({ ...settings, blockedPins: '12345' })
    expect(pin.statusCode).toBe(400)
    expect(pin.json().message).toContain('each PIN code must be 6 digits')
  })
})
