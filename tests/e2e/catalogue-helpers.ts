import type { APIRequestContext } from '@playwright/test'
import { createAdminWithCli } from './admin-helpers.ts'
import { expect } from './fixtures.ts'

/**
 * A listed product of the test's own, made through the admin API (the demo shop has no video or View 360
 * links, so a test that needs them makes a product that has them). Returns its id.
 */
export async function createListedProduct(
  request: APIRequestContext,
  fields: { youtubeVideoLink?: string; view360Link?: string; quantity?: number } = {},
): Promise<{ _id: string; title: string }> {
  const staff = await createAdminWithCli('catalogue')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  expect(login.ok(), await login.text()).toBeTruthy()
  const token = (await login.json()).data.accessToken as string
  // In a seeded category, so the page has related products like any other.
  const categories = (await (await request.get('/api/v1/category/allcategory')).json()).data as Array<{
    _id: string
  }>
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const title = `Hand-block printed cotton stole ${stamp}`
  const res = await request.post('/api/v1/admin/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      price: 1499,
      cutPrice: 1999,
      sku: `TST-${stamp}`.toUpperCase(),
      categoryId: categories[0]?._id,
      shortDescription: 'A soft cotton stole printed by hand with carved wooden blocks in Bagru.',
      // As long as a demo product's, so its page scrolls like theirs.
      description: Array.from(
        { length: 8 },
        (_, i) =>
          `<p>Part ${i + 1}: printed with natural dyes, each colour stamped by hand with carved wooden blocks, then washed in the river and dried in the sun before the next colour goes on.</p>`,
      ).join(''),
      quantity: fields.quantity ?? 25,
      youtubeVideoLink: fields.youtubeVideoLink ?? null,
      view360Link: fields.view360Link ?? null,
      isApproved: true,
    },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return { _id: (await res.json()).data._id as string, title }
}
