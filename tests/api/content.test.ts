import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { faqs, policySections, sliders, temples } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
  const db = app.database.db
  await db.insert(faqs).values([
    {
      question: 'How long does delivery take?',
      answer: '<p>5 to 7 days.</p><script>alert(1)</script>',
      position: 0,
    },
    {
      question: 'Can I return?',
      answer: '<p onclick="x()">Yes, <a href="javascript:alert(1)">see</a>.</p>',
      position: 1,
    },
  ])
  await db.insert(policySections).values([
    {
      kind: 'privacy',
      title: 'What we collect',
      content: '<p>Your name.</p><img src=x onerror="alert(1)">',
      position: 0,
    },
    { kind: 'privacy', title: 'Cookies', content: '<p>Only sign-in cookies.</p>', position: 1 },
    { kind: 'terms', title: 'Use of the site', content: '<p>Be kind.</p>', position: 0 },
    { kind: 'return', title: '', content: '<p>Returns within 7 days.</p><style>body{}</style>', position: 0 },
  ])
  await db.insert(temples).values([
    {
      slug: 'kashi-vishwanath',
      name: 'Kashi Vishwanath',
      about: '<p>On the Ganga.</p>',
      servicesLink: 'https://example.org/kashi',
      position: 0,
    },
    {
      slug: 'omkareshwar',
      name: 'Omkareshwar',
      about: 'Island temple',
      servicesLink: 'https://example.org/omkar',
      position: 1,
    },
  ])
  await db.insert(sliders).values([{ image: '/media/slide-1-800.webp', title: 'Sarees', position: 0 }])
})
afterAll(async () => {
  await app?.cleanup()
})

const get = async (url: string) => {
  const res = await app.inject(url)
  return { status: res.statusCode, body: res.json() }
}

describe('policies', () => {
  it('answers privacy as data[].sections with title and sanitised content', async () => {
    const { status, body } = await get('/api/v1/privacy')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.data).toHaveLength(1)
    const sections = body.data[0].sections
    expect(sections.map((s: { title: string }) => s.title)).toEqual(['What we collect', 'Cookies'])
    expect(sections[0].content).toContain('<p>Your name.</p>')
    expect(sections[0].content).not.toContain('onerror')
  })
  it('answers terms the same way', async () => {
    const { body } = await get('/api/v1/terms')
    expect(body.data[0].sections).toEqual([
      { _id: expect.any(String), title: 'Use of the site', content: '<p>Be kind.</p>' },
    ])
  })
  it('answers the return policy as data.ReturnPolicy HTML without styles or scripts', async () => {
    const { body } = await get('/api/v1/Returnpolicy')
    expect(body.success).toBe(true)
    expect(body.data.ReturnPolicy).toBe('<p>Returns within 7 days.</p>')
  })
})

describe('FAQ', () => {
  it('answers data with question and sanitised answer, in order', async () => {
    const { status, body } = await get('/api/v1/faq/all')
    expect(status).toBe(200)
    expect(body.data.map((f: { question: string }) => f.question)).toEqual([
      'How long does delivery take?',
      'Can I return?',
    ])
    expect(body.data[0].answer).toBe('<p>5 to 7 days.</p>')
    expect(body.data[1].answer).not.toMatch(/onclick|javascript:/)
  })
})

describe('temples, sliders and banners', () => {
  it('lists temples in order with their services link', async () => {
    const { body } = await get('/api/v1/temple/all')
    expect(body.data.map((t: { slug: string }) => t.slug)).toEqual(['kashi-vishwanath', 'omkareshwar'])
    expect(body.data[1]).toMatchObject({ name: 'Omkareshwar', servicesLink: 'https://example.org/omkar' })
  })
  it('lists active sliders and banners', async () => {
    expect((await get('/api/v1/slider/allslider')).body.data[0]).toMatchObject({
      sliderImage: '/media/slide-1-800.webp',
    })
    expect((await get('/api/v1/Banner/allabnner')).body).toMatchObject({ success: true, data: [] })
  })
})

describe('OpenAPI', () => {
  it('documents every content endpoint with its 200 shape', async () => {
    const doc = (await get('/api/openapi.json')).body
    for (const path of [
      '/privacy',
      '/terms',
      '/Returnpolicy',
      '/faq/all',
      '/temple/all',
      '/slider/allslider',
    ]) {
      expect(doc.paths[`/api/v1${path}`]?.get?.responses?.['200'], path).toBeDefined()
    }
  })
})
