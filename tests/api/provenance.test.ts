import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../server/db/ids.ts'
import { states } from '../../server/db/schema.ts'
import { makeAdmin, makeProduct, makeStaff, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { multipartFiles, png } from './admin-helpers.ts'

/** Artisans, clusters, makers and marks (decision 098): the console writes them, the shop shows them. */

let app: TestApp
let owner: Person
let catalogueStaff: Person
let ordersStaff: Person
let stateId = ''
const stateName = `Bihar ${newId().slice(-4)}`

const admin = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who.auth, payload })
const get = (url: string) => app.inject({ url: `/api/v1${url}` })

const clusterBody = (over: Record<string, unknown> = {}) => ({
  name: 'Madhubani painters',
  craft: 'Madhubani painting',
  village: 'Jitwarpur',
  district: 'Madhubani',
  stateId,
  story: '<p>Painters of the Mithila region.</p><script>alert(1)</script>',
  photos: [],
  videoLink: '',
  ...over,
})
const artisanBody = (over: Record<string, unknown> = {}) => ({
  ...clusterBody(),
  name: 'Kamla Devi',
  story: '<p>Paints fish and lotus with a bamboo nib.</p>',
  clusterId: '',
  ...over,
})

beforeAll(async () => {
  app = await createTestApp()
  owner = await makeAdmin(app, 'Meera Owner')
  catalogueStaff = await makeStaff(app, 'catalogue', 'Kiran Catalogue')
  ordersStaff = await makeStaff(app, 'orders', 'Om Orders')
  stateId = newId()
  await app.database.db.insert(states).values({ id: stateId, name: stateName })
})
afterAll(() => app?.cleanup())

/** A state of the test's own, for a list of a state's clusters that holds only what the test made. */
async function ownState() {
  const state = { id: newId(), name: `Bihar ${newId().slice(-6)}` }
  await app.database.db.insert(states).values(state)
  return state
}

describe('provenance', () => {
  it('lists only approved products on an artisan’s page, and names the maker on the product', async () => {
    const shown = await makeProduct(app, { title: 'Fish painting on handmade paper' })
    const pending = await makeProduct(app, { title: 'Unapproved lotus painting', isApproved: false })
    const created = await admin(catalogueStaff, 'POST', '/artisans', artisanBody({ name: 'Sunita Devi' }))
    expect(created.statusCode, created.body).toBe(200)
    const artisan = created.json().data
    expect(artisan.slug).toBe('sunita-devi')
    for (const p of [shown, pending]) {
      const saved = await admin(catalogueStaff, 'PUT', `/products/${p.id}/provenance`, {
        makerIds: [artisan.id],
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }

    const page = await get('/artisans/sunita-devi')
    expect(page.statusCode, page.body).toBe(200)
    const data = page.json().data
    expect(data.artisan).toMatchObject({ name: 'Sunita Devi', village: 'Jitwarpur', state: stateName })
    expect(data.products.map((p: { _id: string }) => p._id)).toEqual([shown.id])

    const detail = await get(`/Product/product?id=${shown.id}`)
    expect(detail.json().product.makers).toEqual([
      {
        name: 'Sunita Devi',
        slug: 'sunita-devi',
        craft: 'Madhubani painting',
        place: `Jitwarpur, Madhubani district, ${stateName}`,
      },
    ])
    // The spec's fields are all still there.
    expect(detail.json().product).toMatchObject({ _id: shown.id, title: shown.title, IsApproved: true })

    expect((await get('/artisans/nobody-here')).statusCode).toBe(404)
  })

  it('keeps the marks as typed (trimmed), refuses a GI tag without its number, and serves them', async () => {
    const p = await makeProduct(app, { title: 'Handloom silk saree' })
    const half = await admin(owner, 'PUT', `/products/${p.id}/provenance`, { giName: 'Banaras Brocades' })
    expect(half.statusCode).toBe(400)
    expect(half.json().errors.giAuthorisedUser).toMatch(/authorised-user number/)
    const tooLong = await admin(owner, 'PUT', `/products/${p.id}/provenance`, { silkMark: 'x'.repeat(61) })
    expect(tooLong.statusCode).toBe(400)

    const saved = await admin(owner, 'PUT', `/products/${p.id}/provenance`, {
      giName: '  Banaras Brocades and Sarees ',
      giAuthorisedUser: ' AU/GI-99/2024 ',
      handloomMark: 'HLM 12345',
      silkMark: 'SM-0042',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({
      giName: 'Banaras Brocades and Sarees',
      giAuthorisedUser: 'AU/GI-99/2024',
      handloomMark: 'HLM 12345',
      silkMark: 'SM-0042',
    })
    const read = await admin(owner, 'GET', `/products/${p.id}/provenance`)
    expect(read.json().data).toEqual(saved.json().data)
    const detail = await get(`/Product/product?id=${p.id}`)
    expect(detail.json().product.marks).toEqual({
      gi: { name: 'Banaras Brocades and Sarees', authorisedUser: 'AU/GI-99/2024' },
      handloomMark: 'HLM 12345',
      silkMark: 'SM-0042',
    })

    // Emptied again: no marks.
    const cleared = await admin(owner, 'PUT', `/products/${p.id}/provenance`, { giName: '', silkMark: ' ' })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await get(`/Product/product?id=${p.id}`)).json().product.marks).toEqual({
      gi: null,
      handloomMark: null,
      silkMark: null,
    })
  })

  it('lists the clusters of a state by its name, and a cluster with its artisans and products', async () => {
    const state = await ownState()
    const cluster = (await admin(owner, 'POST', '/clusters', clusterBody({ stateId: state.id }))).json().data
    expect(cluster.slug).toBe('madhubani-painters')
    expect(cluster.story).toBe('<p>Painters of the Mithila region.</p>')
    const member = (
      await admin(
        owner,
        'POST',
        '/artisans',
        artisanBody({ name: 'Rani Jha', clusterId: cluster.id, stateId: state.id }),
      )
    ).json().data
    const p = await makeProduct(app, { title: 'Mithila peacock' })
    await admin(owner, 'PUT', `/products/${p.id}/provenance`, { makerIds: [member.id] })

    const ofState = await get(`/clusters?state=${encodeURIComponent(state.name.toUpperCase())}`)
    expect(ofState.statusCode, ofState.body).toBe(200)
    expect(ofState.json().data).toEqual([
      {
        name: 'Madhubani painters',
        slug: 'madhubani-painters',
        craft: 'Madhubani painting',
        place: `Jitwarpur, Madhubani district, ${state.name}`,
        photo: null,
      },
    ])
    expect((await get('/clusters?state=Goa')).json().data).toEqual([])

    const page = (await get('/clusters/madhubani-painters')).json().data
    expect(page.artisans.map((a: { name: string }) => a.name)).toEqual(['Rani Jha'])
    expect(page.products.map((x: { _id: string }) => x._id)).toEqual([p.id])
    expect((await get(`/artisans/${member.slug}`)).json().data.artisan.cluster).toEqual({
      name: 'Madhubani painters',
      slug: 'madhubani-painters',
    })

    // A cluster with artisans is not deleted behind their backs.
    const refused = await admin(owner, 'DELETE', `/clusters/${cluster.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/1 artisan belongs to Madhubani painters/)
  })

  it('refuses to delete an artisan named on products, saying how many', async () => {
    const a = (await admin(owner, 'POST', '/artisans', artisanBody({ name: 'Gopal Prasad' }))).json().data
    const one = await makeProduct(app, { title: 'Terracotta horse' })
    const two = await makeProduct(app, { title: 'Terracotta elephant' })
    for (const p of [one, two])
      await admin(owner, 'PUT', `/products/${p.id}/provenance`, { makerIds: [a.id] })
    const refused = await admin(owner, 'DELETE', `/artisans/${a.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(
      '2 products name Gopal Prasad as maker (Terracotta elephant and Terracotta horse). Remove Gopal Prasad from the makers of those products first, then delete.',
    )
    for (const p of [one, two]) await admin(owner, 'PUT', `/products/${p.id}/provenance`, { makerIds: [] })
    expect((await admin(owner, 'DELETE', `/artisans/${a.id}`)).statusCode).toBe(200)
    expect((await get(`/artisans/${a.slug}`)).statusCode).toBe(404)
  })

  it('drops the cached pages and answers when an artisan is edited', async () => {
    const a = (await admin(owner, 'POST', '/artisans', artisanBody({ name: 'Lakshmi Amma' }))).json().data
    expect((await get(`/artisans/${a.slug}`)).json().data.artisan.craft).toBe('Madhubani painting')
    const edited = await admin(
      owner,
      'PUT',
      `/artisans/${a.id}`,
      artisanBody({ name: 'Lakshmi Amma', craft: 'Kalamkari' }),
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().data.slug).toBe(a.slug)
    expect((await get(`/artisans/${a.slug}`)).json().data.artisan.craft).toBe('Kalamkari')
  })

  it('checks the forms: a state from the list, a YouTube link, a free web name, stored photos only', async () => {
    const noState = await admin(owner, 'POST', '/artisans', artisanBody({ stateId: newId() }))
    expect(noState.statusCode).toBe(400)
    expect(noState.json().errors.stateId).toBe('Choose the state from the list.')
    const video = await admin(owner, 'POST', '/artisans', artisanBody({ videoLink: 'https://vimeo.com/1' }))
    expect(video.json().errors.videoLink).toMatch(/youtube/)
    const pasted = await admin(
      owner,
      'POST',
      '/clusters',
      clusterBody({ photos: ['https://example.in/a.jpg'] }),
    )
    expect(pasted.json().errors['photos.0']).toMatch(/Upload the photos here/)
    const seven = Array.from({ length: 7 }, (_, i) => `/uploads/clusters/x${i}-800.webp`)
    expect(
      (await admin(owner, 'POST', '/clusters', clusterBody({ photos: seven }))).json().errors.photos,
    ).toBe('At most 6 photos.')
    const first = await admin(
      owner,
      'POST',
      '/artisans',
      artisanBody({ name: 'Same Name', slug: 'same-name' }),
    )
    expect(first.statusCode).toBe(200)
    // The same name again gets the next free web name; typing a taken one is refused.
    expect(
      (await admin(owner, 'POST', '/artisans', artisanBody({ name: 'Same Name' }))).json().data.slug,
    ).toBe('same-name-2')
    const taken = await admin(owner, 'POST', '/artisans', artisanBody({ name: 'Other', slug: 'same-name' }))
    expect(taken.statusCode).toBe(400)
    expect(taken.json().errors.slug).toMatch(/already has this web name/)
  })

  it('stores an uploaded photo in the artisan sizes', async () => {
    const picture = multipartFiles([
      { field: 'image', filename: 'a.png', content: await png(), type: 'image/png' },
    ])
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/artisans/photos',
      headers: { ...catalogueStaff.auth, ...picture.headers },
      payload: picture.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    const url: string = res.json().data.url
    expect(url).toMatch(/^\/uploads\/artisans\/[0-9a-f]{24}-800\.webp$/)
    const saved = await admin(
      catalogueStaff,
      'POST',
      '/artisans',
      artisanBody({ name: 'With Photo', photos: [url] }),
    )
    expect(saved.json().data.photos).toEqual([url])
  })

  it('refuses Orders staff', async () => {
    for (const [method, url] of [
      ['GET', '/artisans'],
      ['POST', '/clusters'],
      ['PUT', `/products/${newId()}/provenance`],
    ] as const) {
      const res = await admin(ordersStaff, method, url, method === 'GET' ? undefined : {})
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it('audits each change as a sentence', async () => {
    const a = (await admin(owner, 'POST', '/artisans', artisanBody({ name: 'Devika Naik' }))).json().data
    const p = await makeProduct(app, { title: 'Kasuti stole' })
    await admin(owner, 'PUT', `/products/${p.id}/provenance`, { makerIds: [a.id] })
    await admin(owner, 'PUT', `/artisans/${a.id}`, artisanBody({ name: 'Devika Naik', district: 'Dharwad' }))
    const log = await admin(owner, 'GET', '/audit')
    const sentences = log.json().data.items.map((e: { sentence: string }) => e.sentence)
    expect(sentences).toContain('Meera Owner added the artisan Devika Naik')
    expect(sentences).toContain('Meera Owner named Devika Naik as the maker of Kasuti stole')
    expect(sentences).toContain(
      'Meera Owner changed the district of the artisan Devika Naik from Madhubani to Dharwad',
    )
  })
})
