import { mkdirSync, readFileSync } from 'node:fs'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import {
  expect,
  horizontalOverflow,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  test,
} from './fixtures.ts'

// GSTR-1 in the console on a phone (issue 36, decision 145): a paid order's invoice is in this month's
// register, the return's tables add up to it, and each table downloads as the offline tool's CSV.
test.use({ viewport: { width: 390, height: 844 } })
const shots = 'test-results/gst-returns'
mkdirSync(shots, { recursive: true })

test('staff open this month’s GSTR-1, see it reconcile and download a table', async ({ page, request }) => {
  const staff = await createAdminWithCli('gst')
  const customer = await registerCustomer(request, 'Ira Sen')
  const [product] = await listedProducts(request)
  const order = await placeOrderByApi(request, customer, [product!])
  await payOrderByApi(request, customer, order._id)
  const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7)

  await signInAsStaff(page, staff)
  await page.goto(`/admin/gst-returns?month=${month}`)
  await expect(page.getByRole('heading', { name: 'GST returns' })).toBeVisible()
  const invoices = page.getByTestId('register-Invoices')
  // At least this order's invoice (other tests pay orders this month too).
  await expect(invoices.getByRole('heading')).toHaveText(/^Invoices \(\d+\)$/)
  const documents = Number(/\((\d+)\)/.exec((await invoices.getByRole('heading').textContent()) ?? '')?.[1])
  expect(documents).toBeGreaterThanOrEqual(1)
  await expect(page.getByTestId('gstr1-reconciles')).toContainText(
    "The tables add up to the register's net taxable value",
  )
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/01-gstr1-phone.png`, fullPage: true })

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'B2C small CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`gstr1-${month}-b2cs.csv`)
  const text = readFileSync((await file.path())!, 'utf8')
  expect(text.split('\r\n')[0]).toBe(
    'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  )
  // The test's order went to Lucknow: the shop's own state, B2C small inside it.
  expect(text).toContain('OE,09-Uttar Pradesh,')

  const json = page.waitForEvent('download')
  await page.getByRole('button', { name: 'GSTR-1 JSON' }).click()
  const saved = JSON.parse(readFileSync((await (await json).path())!, 'utf8'))
  expect(saved.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`)
  expect(saved.doc_issue.doc_det[0].doc_typ).toBe('Invoices for outward supply')
})
