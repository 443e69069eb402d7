import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { invoiceText } from '../../contracts/invoices.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import {
  expect,
  horizontalOverflow,
  hydrated,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  signInBrowser,
  test,
} from './fixtures.ts'

const shots = 'test-results/invoices'

/** Clicks a download button and answers the file's first bytes and suggested name. */
async function downloaded(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ])
  const file = await download.path()
  return { name: download.suggestedFilename(), head: readFileSync(file).subarray(0, 5).toString() }
}

test('staff set the invoice details; the customer and staff download a paid order’s invoice as a PDF', async ({
  browser,
  page,
  request,
}) => {
  // Staff fill in the supplier printed on invoices, in the console's Settings.
  const staff = await createAdminWithCli('gst')
  const staffContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })
  const console_ = await staffContext.newPage()
  await signInAsStaff(console_, staff)
  await console_.goto('/admin/settings')
  await hydrated(console_)
  const form = console_.getByRole('region', { name: 'GST invoices' })
  await form.getByLabel('Legal name').fill('Kalaa Seva Foundation')
  await form.getByLabel('Registered address').fill('5 Ashok Marg, Lucknow 226001')
  await form.getByLabel('State').fill('Uttar Pradesh')
  await form.getByLabel('GSTIN').fill('09AAATK1234F1Z5')
  await form.getByLabel('Invoice number prefix').fill('KS')
  await form.getByRole('button', { name: 'Save invoice details' }).click()
  await expect(console_.getByText('Invoice details saved')).toBeVisible()
  await console_.screenshot({ path: `${shots}/console-settings.png`, fullPage: true })

  // A customer's paid order and an unpaid one.
  const customer = await registerCustomer(request, 'Asha Verma')
  const [product] = await listedProducts(request)
  const paid = await placeOrderByApi(request, customer, [product!])
  await payOrderByApi(request, customer, paid._id)
  const unpaid = await placeOrderByApi(request, customer, [product!])

  await signInBrowser(page, customer)
  await page.goto(`/OrderDetails/${unpaid._id}`)
  await expect(page.getByRole('heading', { name: `Order ${unpaid.orderID}` })).toBeVisible()
  await expect(page.getByRole('button', { name: invoiceText.download })).toHaveCount(0)

  await page.goto(`/OrderDetails/${paid._id}`)
  const button = page.getByRole('button', { name: invoiceText.download })
  await expect(button).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/order-details.png`, fullPage: true })
  const mine = await downloaded(page, invoiceText.download)
  expect(mine.head).toBe('%PDF-')
  expect(mine.name).toMatch(/^KS-\d\d-\d\d-\d{5}\.pdf$/)

  // Staff get the same invoice from the console's order page.
  await console_.goto(`/admin/orders/${paid._id}`)
  await expect(console_.getByRole('button', { name: invoiceText.download })).toBeVisible()
  expect(await horizontalOverflow(console_)).toBeLessThanOrEqual(1)
  await console_.screenshot({ path: `${shots}/console-order.png` })
  const theirs = await downloaded(console_, invoiceText.download)
  expect(theirs).toEqual(mine)
  await staffContext.close()
})

test('staff add, change and remove a GST rule by HSN code on a phone, each said in words', async ({
  page,
}) => {
  const staff = await createAdminWithCli('gst-rules')
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAsStaff(page, staff)
  await page.goto('/admin/settings')
  await hydrated(page)
  const section = page.getByRole('region', { name: 'GST rates by HSN code' })
  // The rules a fresh shop starts with: apparel by value per piece.
  const rules = section.getByRole('list', { name: 'GST rules' })
  await expect(
    rules.getByText('Chapter 62, from 22 Sept 2025: 5% up to ₹2,500 a piece before tax, 18% above', {
      exact: true,
    }),
  ).toBeVisible()
  // A rule from a day far ahead, so no other order's invoice meets it.
  await section.getByLabel('HSN chapter or code').fill('460210')
  await section.getByLabel('Applies from').fill('2099-01-01')
  await section.getByLabel('GST rate', { exact: true }).selectOption('5')
  await section.getByLabel('Up to a value per piece (₹, optional)').fill('1000')
  await section.getByLabel('Rate above that value').selectOption('18')
  await section.getByLabel('Note (optional)').fill('Bamboo baskets (test)')
  await section.getByRole('button', { name: 'Add the rule' }).click()
  await expect(page.getByText('GST rule added')).toBeVisible()
  const added = rules.getByRole('listitem').filter({ hasText: 'HSN 460210' })
  await expect(added).toContainText(
    'HSN 460210, from 1 Jan 2099: 5% up to ₹1,000 a piece before tax, 18% above',
  )
  await expect(added).toContainText('Not in force today')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await added.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/console-gst-rules.png` })

  await added.getByRole('button', { name: 'Edit' }).click()
  await section.getByLabel('Up to a value per piece (₹, optional)').fill('')
  await section.getByLabel('Rate above that value').selectOption('')
  await section.getByRole('button', { name: 'Save the rule' }).click()
  await expect(page.getByText('GST rule saved')).toBeVisible()
  await expect(added).toContainText('HSN 460210, from 1 Jan 2099: 5%')
  await added.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove the rule' }).click()
  await expect(page.getByText('GST rule removed')).toBeVisible()
  await expect(rules.getByRole('listitem').filter({ hasText: 'HSN 460210' })).toHaveCount(0)
})
