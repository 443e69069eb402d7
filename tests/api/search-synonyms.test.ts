import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAdmin, makeCustomer, makeProduct, type Person } from '../support/factories.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let staff: Person

beforeAll(async () => {
  app = await createTestApp()
  await insertCatalogue(app.database.db)
  staff = await makeAdmin(app)
})
afterAll(() => app.cleanup())

const search = async (q: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/Product/searchproduct?query=${encodeURIComponent(q)}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().data as Array<{ title: string }>).map((p) => p.title)
}

const synonyms = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object) =>
  app.inject({ method, url: `/api/v1/admin/search-synonyms${path}`, headers: who.auth, payload })

describe('search in Hindi and in Latin letters', () => {
  it('finds sarees for साड़ी, saadi and sadi (the seeded synonyms)', async () => {
    for (const q of ['साड़ी', 'saadi', 'sadi', 'रेशमी साड़ी']) {
      expect(await search(q), q).toContain('Banarasi Silk Saree')
    }
  })

  it('finds a word typed with the precomposed ड़ as with ड plus nukta', async () => {
    expect(await search('सा\u095Cी')).toContain('Banarasi Silk Saree')
  })

  it('a synonym staff add works with the next search, and its removal too', async () => {
    const piece = await makeProduct(app, { title: 'Pashmina Wrap from Srinagar' })
    expect(await search('दुशाला')).not.toContain(piece.title)

    const added = await synonyms(staff, 'POST', '', { term: ' दुशाला ', expansions: 'pashmina, wrap' })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().data).toMatchObject({ term: 'दुशाला', expansions: ['pashmina', 'wrap'] })
    expect(await search('दुशाला')).toContain(piece.title)

    const list = await synonyms(staff, 'GET')
    expect(list.json().data.map((r: { term: string }) => r.term)).toContain('दुशाला')

    const audit = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?entity=synonym',
      headers: staff.auth,
    })
    expect(audit.body).toContain('synonym.create')

    const removed = await synonyms(staff, 'DELETE', `/${added.json().data.id}`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await search('दुशाला')).not.toContain(piece.title)
  })

  it('refuses a second entry for one word, and words that are not words', async () => {
    const twice = await synonyms(staff, 'POST', '', { term: 'SAADI', expansions: 'saree' })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().errors.term).toMatch(/already has synonyms/)
    const bad = await synonyms(staff, 'POST', '', { term: 'two words', expansions: 'saree' })
    expect(bad.statusCode).toBe(400)
    const sneaky = await synonyms(staff, 'POST', '', { term: 'xyzzy', expansions: 'saree:* | !pot' })
    expect(sneaky.statusCode).toBe(400)
  })

  it('a customer or a visitor cannot read or edit the synonyms', async () => {
    const customer = await makeCustomer(app)
    expect((await synonyms(customer, 'GET')).statusCode).toBe(403)
    expect((await synonyms(customer, 'POST', '', { term: 'kapda', expansions: 'cotton' })).statusCode).toBe(
      403,
    )
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/search-synonyms',
      payload: { term: 'kapda', expansions: 'cotton' },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await search('kapda')).toEqual([])
  })
})
