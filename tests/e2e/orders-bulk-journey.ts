import { mkdirSync, readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import {
  expect,
  horizontalOverflow,
  hydrated,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  uniqueEmail,
} from './fixtures.ts'

/** Clicks a download button and answers the file's first bytes and suggested name. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const file = await download.path()
  return { name: download.suggestedFilename(), head: readFileSync(file).subarray(0, 5).toString() }
}

/**
 * Issue 16's bulk work on orders, at the width the spec file sets: staff find a customer's orders with
 * the search kept in the address, tick two paid orders and an unpaid one, enter each paid order's
 * tracking link in one form and ship both (the unpaid one is left out, and says why), then download
 * the packing slips of the ticked orders and of one order.
 */
export async function ordersBulkJourney(args: { page: Page; request: APIRequestContext }, label: string) {
  const { page, request } = args
  const shots = `test-results/orders-bulk-${label}`
  mkdirSync(shots, { recursive: true })

  const email = uniqueEmail('bulk')
  const customer = await registerCustomer(request, `Bulk Buyer ${label}`, email)
  const [product] = await listedProducts(request)
  const first = await placeOrderByApi(request, customer, [product!])
  await payOrderByApi(request, customer, first._id)
  const second = await placeOrderByApi(request, customer, [product!])
  await payOrderByApi(request, customer, second._id)
  const unpaid = await placeOrderByApi(request, customer, [product!])

  const staff = await createAdminWithCli('shipper')
  await signInAsStaff(page, staff)
  // The search is in the address: a link to it opens the same list.
  await page.goto(`/admin/orders?q=${encodeURIComponent(email.toUpperCase())}`)
  await hydrated(page)
  await expect(page.getByLabel('Order number, customer, phone or e-mail')).toHaveValue(email.toUpperCase())
  const rows = page.getByRole('listitem').filter({ hasText: `Bulk Buyer ${label}` })
  await expect(rows).toHaveCount(3)

  for (const o of [first, second, unpaid]) {
    await page.getByRole('checkbox', { name: `Tick order ${o.orderID}` }).check()
  }
  const bar = page.getByRole('region', { name: 'Ticked orders' })
  await expect(bar.getByRole('status')).toHaveText('3 orders ticked · 2 can be shipped')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/ticked.png`, fullPage: true })

  await bar.getByRole('button', { name: 'Mark shipped…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Mark orders shipped' })
  await expect(dialog.getByTestId('ship-row')).toHaveCount(2)
  await expect(dialog.getByTestId('not-shippable')).toContainText(unpaid.orderID)
  const rowOf = (orderID: string) => dialog.getByRole('listitem', { name: `${orderID}, Bulk Buyer ${label}` })
  // The first link box has the focus as the form opens.
  await expect(rowOf(first.orderID).getByRole('textbox')).toBeFocused()

  // A missing link is said beside its order before anything is sent.
  await rowOf(first.orderID).getByRole('textbox').fill(`https://track.example.in/${first.orderID}`)
  await dialog.getByRole('button', { name: 'Mark 2 orders Shipped' }).click()
  await expect(rowOf(second.orderID).getByText('Enter the tracking link from the courier.')).toBeVisible()
  await expect(rowOf(second.orderID).getByRole('textbox')).toBeFocused()
  await rowOf(second.orderID).getByRole('textbox').fill(`https://track.example.in/${second.orderID}`)
  await page.screenshot({ path: `${shots}/ship-form.png` })
  await dialog.getByRole('button', { name: 'Mark 2 orders Shipped' }).click()

  await expect(dialog.getByRole('status')).toHaveText('2 orders marked Shipped.')
  for (const o of [first, second]) {
    await expect(rowOf(o.orderID).getByText(`Shipped · https://track.example.in/${o.orderID}`)).toBeVisible()
  }
  await page.screenshot({ path: `${shots}/shipped.png` })
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()

  // The list shows them shipped; the unpaid order is still ticked and still pending.
  for (const o of [first, second]) {
    await expect(rows.filter({ hasText: o.orderID }).getByText('Shipped', { exact: true })).toBeVisible()
  }
  await expect(rows.filter({ hasText: unpaid.orderID }).getByText('Pending', { exact: true })).toBeVisible()
  await expect(bar.getByRole('status')).toHaveText('1 order ticked · 0 can be shipped')
  await expect(bar.getByRole('button', { name: 'Mark shipped…' })).toBeDisabled()

  // Packing slips of the ticked orders, one PDF.
  await page.getByRole('checkbox', { name: `Tick order ${first.orderID}` }).check()
  const slips = await downloaded(page, () => bar.getByRole('button', { name: 'Packing slips' }).click())
  expect(slips).toEqual({ name: 'packing-slips-2-orders.pdf', head: '%PDF-' })

  // And one order's, from its page.
  await rows.filter({ hasText: first.orderID }).getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${first.orderID}` })).toBeVisible()
  await expect(page.getByText(`https://track.example.in/${first.orderID}`)).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  const one = await downloaded(page, () => page.getByRole('button', { name: 'Packing slip' }).click())
  expect(one).toEqual({ name: `packing-slip-${first.orderID}.pdf`, head: '%PDF-' })
  await page.screenshot({ path: `${shots}/order.png`, fullPage: true })
}
