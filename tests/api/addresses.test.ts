import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCustomer, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { badTokens } from './accounts-helpers.ts'

let app: TestApp

const home = {
  fullName: 'Asha Verma',
  phoneNumber: '9876543210',
  streetAddress: '14 Hawa Mahal Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302002',
}

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.cleanup()
})

const add = (who: Person, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/adress/add', headers: who.auth, payload })
const list = (who: Person, userId = who.id) =>
  app.inject({ url: `/api/v1/adress?userId=${userId}`, headers: who.auth })
const update = (who: Person, addressId: string, payload: object) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/adress/update?addressId=${addressId}`,
    headers: who.auth,
    payload,
  })
const remove = (who: Person, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/v1/adress/delete?id=${id}`, headers: who.auth })

const asAsha = () => makeCustomer(app, 'Asha Verma')
const asRavi = () => makeCustomer(app, 'Ravi Kumar')
/** Ravi with the one address he keeps, in Indore. */
async function raviInIndore() {
  const ravi = await asRavi()
  const saved = await add(ravi, { ...home, fullName: 'Ravi Kumar', city: 'Indore', state: 'Madhya Pradesh' })
  expect(saved.statusCode).toBe(201)
  return ravi
}

describe('POST /adress/add', () => {
  it('saves an address with country INDIA and type Office by default', async () => {
    const asha = await asAsha()
    const res = await add(asha, { ...home, userId: asha.id })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { ...home, userId: asha.id, country: 'INDIA', addressType: 'Office', _id: expect.any(String) },
    })
  })

  it.each(['Home', 'Office', 'Hotels', 'Others', 'office', 'HOME'])(
    'accepts addressType %s',
    async (type) => {
      const asha = await asAsha()
      const res = await add(asha, { ...home, addressType: type })
      expect(res.statusCode).toBe(201)
      expect(res.json().data.addressType.toLowerCase()).toBe(type.toLowerCase())
    },
  )

  it("refuses another customer's userId with 403 and saves nothing", async () => {
    const asha = await asAsha()
    const ravi = await asRavi()
    const res = await add(asha, { ...home, userId: ravi.id })
    expect(res.statusCode).toBe(403)
    expect((await list(ravi)).json().data).toEqual([])
  })

  it.each([
    [{ ...home, phoneNumber: '98765' }, 'phoneNumber'],
    [{ ...home, phoneNumber: '98765432101' }, 'phoneNumber'],
    [{ ...home, phoneNumber: '98765abcde' }, 'phoneNumber'],
    [{ ...home, postalCode: '30200' }, 'postalCode'],
    [{ ...home, postalCode: '3020021' }, 'postalCode'],
    [{ ...home, postalCode: 'ABCDEF' }, 'postalCode'],
    [{ ...home, addressType: 'Palace' }, 'addressType'],
    [{ ...home, fullName: '' }, 'fullName'],
    [{ ...home, streetAddress: '  ' }, 'streetAddress'],
    [{ ...home, city: undefined }, 'city'],
    [{ ...home, state: '' }, 'state'],
  ])('refuses invalid fields with 400 naming the field (%#)', async (payload, field) => {
    const asha = await asAsha()
    const res = await add(asha, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
    expect(res.json().message).toContain(field)
  })
})

describe('GET /adress', () => {
  it("lists only the caller's addresses", async () => {
    const asha = await asAsha()
    const ravi = await asRavi()
    await add(ravi, { ...home, fullName: 'Ravi Kumar', city: 'Indore', state: 'Madhya Pradesh' })
    await add(asha, home)
    const mine = (await list(asha)).json().data as { userId: string }[]
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((a) => a.userId === asha.id)).toBe(true)
    const his = (await list(ravi)).json().data
    expect(his).toHaveLength(1)
    expect(his[0]).toMatchObject({ city: 'Indore' })
  })

  it("refuses another customer's userId with 403", async () => {
    const asha = await asAsha()
    const ravi = await raviInIndore()
    const res = await list(asha, ravi.id)
    expect(res.statusCode).toBe(403)
    expect(res.body).not.toContain('Indore')
  })

  it('refuses a missing or bad token with 401', async () => {
    const asha = await asAsha()
    const ravi = await asRavi()
    expect((await app.inject(`/api/v1/adress?userId=${asha.id}`)).statusCode).toBe(401)
    for (const [kind, token] of Object.entries(await badTokens(app, ravi.id, asha.id))) {
      const res = await app.inject({
        url: `/api/v1/adress?userId=${ravi.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode, kind).toBe(401)
    }
  })
})

describe('PATCH /adress/update', () => {
  it('changes the fields sent and keeps the rest', async () => {
    const asha = await asAsha()
    const id = (await add(asha, home)).json().data._id
    const res = await update(asha, id, { city: 'Jodhpur', postalCode: '342001', addressType: 'Home' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      ...home,
      city: 'Jodhpur',
      postalCode: '342001',
      addressType: 'Home',
    })
    const listed = (await list(asha)).json().data.find((a: { _id: string }) => a._id === id)
    expect(listed.city).toBe('Jodhpur')
  })

  it("refuses another customer's address with 403 and leaves it unchanged", async () => {
    const asha = await asAsha()
    const ravi = await raviInIndore()
    const his = (await list(ravi)).json().data[0]
    const res = await update(asha, his._id, { city: 'Stolen' })
    expect(res.statusCode).toBe(403)
    expect((await list(ravi)).json().data[0].city).toBe('Indore')
  })

  it('answers 404 for an unknown address and 400 for invalid fields', async () => {
    const asha = await asAsha()
    const ravi = await asRavi()
    expect((await update(asha, '0'.repeat(24), { city: 'X' })).statusCode).toBe(404)
    const id = (await add(asha, home)).json().data._id
    expect((await update(asha, id, { phoneNumber: '12345' })).statusCode).toBe(400)
    expect((await update(asha, id, { postalCode: '1' })).statusCode).toBe(400)
    expect((await update(asha, id, { userId: ravi.id, city: 'X' })).statusCode).toBe(403)
  })
})

describe('DELETE /adress/delete', () => {
  it('deletes the caller’s address', async () => {
    const asha = await asAsha()
    const id = (await add(asha, home)).json().data._id
    const res = await remove(asha, id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) })
    expect((await list(asha)).json().data.some((a: { _id: string }) => a._id === id)).toBe(false)
    expect((await remove(asha, id)).statusCode).toBe(404)
  })

  it("refuses another customer's address with 403 and keeps it", async () => {
    const asha = await asAsha()
    const ravi = await raviInIndore()
    const his = (await list(ravi)).json().data[0]
    expect((await remove(asha, his._id)).statusCode).toBe(403)
    expect((await list(ravi)).json().data).toHaveLength(1)
  })

  it('refuses without a token', async () => {
    const ravi = await raviInIndore()
    const his = (await list(ravi)).json().data[0]
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/adress/delete?id=${his._id}` })).statusCode,
    ).toBe(401)
  })
})
