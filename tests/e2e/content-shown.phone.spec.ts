import type { Page } from '@playwright/test'
import { previewText } from '../../app/lib/catalogue-messages.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

/**
 * Things a thumb taps in the console that are shorter or narrower than 44 px. A checkbox or radio counts
 * by its label (the whole label is the target); a text link inside a sentence is not a control.
 */
function smallTargets(page: Page, scope: string) {
  return page.locator(scope).evaluateAll((roots) => {
    const small: string[] = []
    for (const root of roots)
      for (const el of Array.from(
        root.querySelectorAll<HTMLElement>('a, button, input, select, textarea, summary, [role=button]'),
      )) {
        if (el.closest('p') && el.tagName === 'A') continue
        const target =
          el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
            ? (el.closest('label') ?? el)
            : el
        const r = target.getBoundingClientRect()
        if (r.width === 0 || r.height === 0 || getComputedStyle(target).visibility === 'hidden') continue
        if (r.height < 44 || r.width < 44)
          small.push(
            `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('type') || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
          )
      }
    return small
  })
}

test('on a phone, every console menu item and list control is at least 44 px', async ({ page }) => {
  await signInAsStaff(page, await createAdminWithCli('phone-targets'))
  await page.goto('/admin')
  const menu = page.getByRole('navigation', { name: 'Shop console' })
  await expect(menu.getByRole('link', { name: 'Banners' })).toBeAttached()
  expect(await smallTargets(page, 'nav[aria-label="Shop console"]')).toEqual([])

  for (const screen of ['products', 'banners', 'states', 'orders', 'audit', 'policies', 'settings']) {
    await page.goto(`/admin/${screen}`)
    // The screen's data has arrived (or it said the list is empty).
    await expect(page.getByText('Loading…')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await smallTargets(page, '#main'), screen).toEqual([])
  }
  // An open form too: its fields and the picture chooser.
  await page.goto('/admin/banners')
  await hydrated(page)
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .tap()
  await expect(page.getByRole('region', { name: 'Edit banner' })).toBeVisible()
  expect(await smallTargets(page, '#main')).toEqual([])
})

test('on a phone, the preview banner and the sale banner fit the screen', async ({ page }) => {
  await signInAsStaff(page, await createAdminWithCli('phone-preview'))
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const made = await page.request.post('/api/v1/admin/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: `Pattachitra scroll ${stamp}`,
      price: 2400,
      cutPrice: 2400,
      sku: `PPH-${stamp}`.toUpperCase(),
      shortDescription: 'Painted on cloth in Raghurajpur.',
      description: '<p>Natural colours.</p>',
      quantity: 1,
      isApproved: false,
    },
  })
  expect(made.ok(), await made.text()).toBeTruthy()
  const id = (await made.json()).data._id as string
  await page.goto(`/Productdetails/${id}?preview=1`)
  const note = page.getByRole('note')
  await expect(note).toContainText(previewText.unapproved)
  await expect(note).toBeInViewport()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

  await page.goto('/')
  const sale = page.getByTestId('sale-banner')
  await sale.scrollIntoViewIfNeeded()
  const link = sale.getByRole('link')
  await expect(link).toBeVisible()
  const box = await link.boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(44)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
})
