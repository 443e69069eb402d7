import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

test('on a phone, Edit on the 9th FAQ opens its form right there, in view, with the focus in it', async ({
  page,
  request,
}) => {
  await signInAsStaff(page, await createAdminWithCli('phone-faq'))
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const auth = { authorization: `Bearer ${token}` }
  const question = `Do you gift-wrap orders? ${Date.now().toString(36)}`
  const made = await request.post('/api/v1/admin/faqs', {
    headers: auth,
    data: { question, answer: '<p>Yes, on request, at no cost.</p>', position: 999 },
  })
  expect(made.ok(), await made.text()).toBeTruthy()
  const id = (await made.json()).data.id as string
  try {
    await page.goto('/admin/faq')
    await hydrated(page)
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Edit / }) })
    await expect(cards.last()).toContainText(question)
    expect(await cards.count()).toBeGreaterThanOrEqual(9)

    await page.getByRole('button', { name: `Edit ${question}` }).tap()
    const form = page.getByRole('region', { name: 'Edit question' })
    const field = form.getByLabel('Question', { exact: true })
    await expect(field).toBeFocused()
    await expect(field).toHaveValue(question)
    await expect(form.getByRole('heading', { name: 'Edit question' })).toBeInViewport()
    // Not hidden under the shop's header, which stays at the top of the screen.
    const headerBottom = await page
      .locator('header')
      .first()
      .evaluate((h) => h.getBoundingClientRect().bottom)
    // (The page scrolls smoothly: once it has settled.)
    await expect
      .poll(() => form.evaluate((f) => f.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(headerBottom)

    // Cancel gives the focus back to the Edit button it came from.
    await form.getByRole('button', { name: 'Cancel' }).tap()
    await expect(page.getByRole('button', { name: `Edit ${question}` })).toBeFocused()
  } finally {
    await request.delete(`/api/v1/admin/faqs/${id}`, { headers: auth })
  }
})

test('on a phone, the formatting toolbar wraps, every button 44 px, and the product form fits the screen', async ({
  page,
}) => {
  await signInAsStaff(page, await createAdminWithCli('phone-editor'))
  await page.goto('/admin/products/new')
  await hydrated(page)
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).first()
  await expect(toolbar).toBeVisible()
  const boxes = await toolbar
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON() as DOMRect))
  expect(boxes).toHaveLength(10)
  for (const b of boxes) {
    expect(b.width).toBeGreaterThanOrEqual(44)
    expect(b.height).toBeGreaterThanOrEqual(44)
    expect(b.right).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
  }
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  // Typing with the buttons works by touch too.
  await page.getByRole('textbox', { name: 'Full description' }).tap()
  await page.keyboard.type('Hand block printed')
  await toolbar.getByRole('button', { name: 'Numbered list' }).tap()
  await expect(toolbar.getByRole('button', { name: 'Numbered list' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('textbox', { name: 'Full description' }).locator('ol > li')).toHaveText(
    'Hand block printed',
  )
})
