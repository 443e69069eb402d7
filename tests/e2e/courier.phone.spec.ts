import { mkdirSync, readFileSync } from 'node:fs'
import { devices } from '@playwright/test'
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
  uniqueEmail,
} from './fixtures.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

test('on a phone, staff ship three orders with the sandbox courier at once, and the customer follows the parcel', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000)
  const shots = 'test-results/courier-phone'
  mkdirSync(shots, { recursive: true })
  const email = uniqueEmail('courier')
  const customer = await registerCustomer(request, 'Courier Buyer', email)
  const [product] = await listedProducts(request)
  const orders = []
  for (let n = 0; n < 3; n++) {
    const o = await placeOrderByApi(request, customer, [product!])
    await payOrderByApi(request, customer, o._id)
    orders.push(o)
  }

  const staff = await createAdminWithCli('courier')
  const staffContext = await browser.newContext({ ...devices['Pixel 7'] })
  const console = await staffContext.newPage()
  try {
    await signInAsStaff(console, staff)
    await console.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
    await hydrated(console)
    const rows = console.getByRole('listitem').filter({ hasText: 'Courier Buyer' })
    await expect(rows).toHaveCount(3)
    for (const o of orders) await console.getByRole('checkbox', { name: `Tick order ${o.orderID}` }).check()
    const bar = console.getByRole('region', { name: 'Ticked orders' })
    await expect(bar.getByRole('status')).toHaveText('3 orders ticked')

    // One press books all three and hands over their labels with the packing slips, one PDF.
    const [download] = await Promise.all([
      console.waitForEvent('download'),
      bar.getByRole('button', { name: 'Ship with courier' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('labels-3-orders.pdf')
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    for (const o of orders) {
      await expect(rows.filter({ hasText: o.orderID }).getByText('Shipped', { exact: true })).toBeVisible()
    }
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await console.screenshot({ path: `${shots}/01-booked.png`, fullPage: true })

    // The sandbox courier's buttons move the first parcel to the door.
    await rows.filter({ hasText: orders[0]!.orderID }).getByRole('link').click()
    const panel = console.getByRole('region', { name: 'Courier' })
    await expect(panel.getByTestId('awb')).toHaveText(/^SBX\d{10}$/)
    const awb = (await panel.getByTestId('awb').textContent())!
    await panel.getByRole('button', { name: 'Out for delivery' }).click()
    await expect(panel.getByTestId('shipment-status')).toHaveText('Out for delivery')
    await panel.getByRole('button', { name: 'Delivered' }).click()
    await expect(panel.getByTestId('shipment-status')).toHaveText('Delivered')
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await console.screenshot({ path: `${shots}/02-console-order.png`, fullPage: true })

    // The customer sees the courier's timeline on the order page, newest first.
    await signInBrowser(page, customer)
    await page.goto(`/OrderDetails/${orders[0]!._id}`)
    const timeline = page.getByTestId('courier-timeline')
    await expect(timeline).toContainText(awb)
    await expect(timeline.getByRole('listitem')).toHaveText([
      /^Delivered/,
      /^Out for delivery/,
      /^Booked with the courier/,
    ])
    // With no tracking page of the courier's own, Track order brings the scans into view.
    await page.getByRole('button', { name: 'Track order' }).click()
    await expect(page.locator('#order-parcel')).toBeFocused()
    await timeline.scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
    await page.screenshot({ path: `${shots}/03-customer-timeline.png`, fullPage: true })
  } finally {
    await staffContext.close()
  }
})
