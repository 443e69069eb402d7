import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAdmin, makeProduct, type Person } from '../support/factories.ts'
import { createRenderingTestApp, type TestApp } from '../support/test-app.ts'

// Staff's Hindi names for categories, subcategories and states, and Hindi questions and policies
// (decision 097): Hindi readers see them on the rendered pages, the English shows where they are empty,
// and the pages' addresses keep the English names. Pages come from the production build, cache on.
let app: TestApp
let owner: Person

beforeAll(async () => {
  app = await createRenderingTestApp()
  owner = await makeAdmin(app, 'Meera Iyer')
}, 180_000)
afterAll(() => app?.cleanup())

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
  expect(res.statusCode, url).toBe(200)
  return res.body
}
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: owner.auth, ...(payload ? { payload } : {}) })
/** The page's first <h1>, tags dropped. */
const heading = (html: string) =>
  (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').trim()

describe('category, subcategory and state names in Hindi', () => {
  it('shows staff’s Hindi names to Hindi readers while the addresses keep the English names', async () => {
    const cat = await admin('POST', '/categories', {
      title: 'Metal Craft',
      titleHi: 'धातु शिल्प',
      status: 'active',
      isHeaderCategory: true,
      isCollectionCategory: true,
      position: 0,
    })
    expect(cat.statusCode, cat.body).toBe(200)
    expect(cat.json().data.translations).toEqual({ hi: { title: 'धातु शिल्प' } })
    const catId = cat.json().data.id
    const sub = await admin('POST', '/subcategories', {
      categoryId: catId,
      title: 'Dhokra',
      titleHi: 'ढोकरा',
      position: 0,
    })
    expect(sub.statusCode, sub.body).toBe(200)
    const state = await admin('POST', '/states', { name: 'Chhattisgarh', nameHi: 'छत्तीसगढ़', position: 0 })
    expect(state.statusCode, state.body).toBe(200)
    const made = await makeProduct(app, {
      title: 'Dhokra Horse',
      categoryId: catId,
      subcategoryId: sub.json().data.id,
      stateId: state.json().data.id,
    })

    const listing = await page('/product/Metal%20Craft/Dhokra?lang=hi')
    expect(heading(listing)).toBe('ढोकरा')
    // The breadcrumb names the category in Hindi and links to its English address.
    expect(listing).toMatch(/href="\/product\/Metal%20Craft"[^>]*>धातु शिल्प</)
    expect(heading(await page('/product/Metal%20Craft?lang=hi'))).toBe('धातु शिल्प')
    expect(heading(await page('/product/Metal%20Craft'))).toBe('Metal Craft')

    const home = await page('/?lang=hi')
    expect(home).toContain('धातु शिल्प')
    expect(home).toContain('छत्तीसगढ़')
    // The header's menu: the Hindi name links to the English address.
    expect(home).toMatch(/href="\/product\/Metal%20Craft"[^>]*>धातु शिल्प/)
    expect(await page('/')).not.toContain('धातु शिल्प')

    const stateHtml = await page('/StateProduct/Chhattisgarh?lang=hi')
    expect(heading(stateHtml)).toContain('छत्तीसगढ़')
    expect(heading(await page('/StateProduct/Chhattisgarh'))).toBe('Crafts of Chhattisgarh')

    // A product page names its category and state in Hindi, linking to their English addresses.
    const product = await page(`/Productdetails/${made.id}?lang=hi`)
    expect(product).toMatch(/href="\/StateProduct\/Chhattisgarh"[^>]*>छत्तीसगढ़</)
    expect(product).toMatch(/href="\/product\/Metal%20Craft"[^>]*>धातु शिल्प</)
  })

  it('falls back to the English where the Hindi box is empty, keeps the Hindi when a form does not send it', async () => {
    const cat = await admin('POST', '/categories', {
      title: 'Leather Craft',
      status: 'active',
      position: 1,
    })
    expect(cat.statusCode, cat.body).toBe(200)
    expect(cat.json().data.translations).toEqual({})
    expect(heading(await page('/product/Leather%20Craft?lang=hi'))).toBe('Leather Craft')

    const id = cat.json().data.id
    const named = await admin('PUT', `/categories/${id}`, {
      title: 'Leather Craft',
      titleHi: 'चमड़ा शिल्प',
      status: 'active',
      position: 1,
    })
    expect(named.statusCode, named.body).toBe(200)
    expect(heading(await page('/product/Leather%20Craft?lang=hi'))).toBe('चमड़ा शिल्प')
    // A body without the Hindi box (an older client) leaves the saved Hindi alone…
    const kept = await admin('PUT', `/categories/${id}`, {
      title: 'Leather Craft',
      status: 'active',
      position: 2,
    })
    expect(kept.json().data.translations).toEqual({ hi: { title: 'चमड़ा शिल्प' } })
    // …and an emptied box removes it.
    const emptied = await admin('PUT', `/categories/${id}`, {
      title: 'Leather Craft',
      titleHi: '  ',
      status: 'active',
      position: 2,
    })
    expect(emptied.json().data.translations).toEqual({})
    expect(heading(await page('/product/Leather%20Craft?lang=hi'))).toBe('Leather Craft')
  })

  it('refuses a Hindi name that is too long with a message for its box', async () => {
    const res = await admin('POST', '/states', { name: 'Goa', nameHi: 'ग'.repeat(101), position: 0 })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('The Hindi name can be at most 100 characters.')
  })
})

describe('questions and policies in Hindi', () => {
  it('shows the Hindi question, answer and policy sections to Hindi readers, sanitised', async () => {
    const faq = await admin('POST', '/faqs', {
      question: 'Do you ship prasad abroad?',
      answer: '<p>Only within India.</p>',
      questionHi: 'क्या आप प्रसाद विदेश भेजते हैं?',
      answerHi: '<p>केवल भारत में।</p><script>alert(1)</script>',
      position: 0,
    })
    expect(faq.statusCode, faq.body).toBe(200)
    expect(faq.json().data.translations.hi.answer).toBe('<p>केवल भारत में।</p>')
    const support = await page('/Support?lang=hi')
    expect(support).toContain('क्या आप प्रसाद विदेश भेजते हैं?')
    expect(support).toContain('केवल भारत में।')
    expect(support).not.toContain('alert(1)')
    const english = await page('/Support')
    expect(english).toContain('Do you ship prasad abroad?')
    expect(english).not.toContain('केवल भारत में।')

    const section = await admin('POST', '/policy-sections', {
      kind: 'privacy',
      title: 'What we collect',
      content: '<p>Your name and address.</p>',
      titleHi: 'हम क्या एकत्र करते हैं',
      contentHi: '<p>आपका नाम और पता।</p>',
      position: 0,
    })
    expect(section.statusCode, section.body).toBe(200)
    const privacy = await page('/Privacy?lang=hi')
    expect(privacy).toContain('हम क्या एकत्र करते हैं')
    expect(privacy).toContain('आपका नाम और पता।')
    expect(await page('/Privacy')).toContain('What we collect')

    const saved = await admin('PUT', '/return-policy', {
      content: '<p>Return within 7 days.</p>',
      contentHi: '<p>सात दिनों में लौटाएँ।</p>',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({ contentHi: '<p>सात दिनों में लौटाएँ।</p>' })
    expect(await page('/ReturnPolicy?lang=hi')).toContain('सात दिनों में लौटाएँ।')
    expect(await page('/ReturnPolicy')).toContain('Return within 7 days.')
    // Saving only the English keeps the Hindi.
    await admin('PUT', '/return-policy', { content: '<p>Return within 10 days.</p>' })
    expect(await page('/ReturnPolicy?lang=hi')).toContain('सात दिनों में लौटाएँ।')
    expect(await page('/ReturnPolicy')).toContain('Return within 10 days.')
  })
})
