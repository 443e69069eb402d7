import { mkdirSync } from 'node:fs'
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

test.use({ viewport: { width: 390, height: 844 } })

test('on a phone, a failed delivery is corrected by the customer, then the parcel comes back and staff receive it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000)
  const shots = 'test-results/delivery-problems-phone'
  mkdirSync(shots, { recursive: true })
  const customer = await registerCustomer(request, 'Missed Parcel', uniqueEmail('missed'))
  const [product] = await listedProducts(request)
  const order = await placeOrderByApi(request, customer, [product!])
  await payOrderByApi(request, customer, order._id)

  const staff = await createAdminWithCli('missed')
  const staffContext = await browser.newContext({ ...devices['Pixel 7'] })
  const console = await staffContext.newPage()
  try {
    await signInAsStaff(console, staff)
    await console.goto(`/admin/orders/${order._id}`)
    await hydrated(console)
    const panel = console.getByRole('region', { name: 'Courier' })
    await panel.getByRole('button', { name: 'Ship with courier' }).click()
    await expect(panel.getByTestId('awb')).toHaveText(/^SBX\d{10}$/)
    await panel.getByRole('button', { name: 'Out for delivery' }).click()
    await expect(panel.getByTestId('shipment-status')).toHaveText('Out for delivery')
    await panel.getByRole('button', { name: 'Delivery attempt failed' }).click()
    await expect(panel.getByTestId('shipment-status')).toHaveText('Delivery attempt failed')
    await expect(panel.getByTestId('delivery-problem')).toContainText(
      'Delivery failed: Customer not reachable on the phone given.',
    )

    // The customer corrects the phone number and asks for another attempt.
    await signInBrowser(page, customer)
    await page.goto(`/OrderDetails/${order._id}`)
    await hydrated(page)
    const fix = page.getByTestId('fix-delivery')
    await expect(fix.getByRole('heading')).toHaveText('The courier could not deliver your parcel')
    await fix.getByLabel('Phone number').fill('9845012399')
    await fix.getByLabel('A word for the courier (optional)').fill('Ring the bell twice')
    await fix.scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
    await page.screenshot({ path: `${shots}/01-customer-fix.png`, fullPage: true })
    await fix.getByRole('button', { name: 'Ask for another attempt' }).click()
    await expect(fix.getByRole('status')).toContainText('You asked for another attempt on')

    // Staff see the request in the queue, then send the parcel back and receive it.
    await console.goto('/admin/orders?queue=deliveryProblems')
    await hydrated(console)
    await expect(console.getByRole('listitem').filter({ hasText: order.orderID })).toBeVisible()
    await console.goto(`/admin/orders/${order._id}`)
    await hydrated(console)
    const problem = panel.getByTestId('delivery-problem')
    await expect(problem).toContainText('Another attempt asked by the customer')
    await problem.getByRole('button', { name: 'Return to the shop' }).click()
    await expect(panel.getByTestId('shipment-status')).toHaveText('Returning to the shop')
    await expect(problem).toContainText('and the payment is refunded')
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await console.screenshot({ path: `${shots}/02-console-returning.png`, fullPage: true })
    await problem.getByRole('button', { name: 'Parcel received back' }).click()
    await expect(panel).toContainText('Received back on')

    // The COD remittances screen reads on a phone too.
    await console.goto('/admin/remittances')
    await hydrated(console)
    await expect(console.getByRole('heading', { name: 'COD remittances' })).toBeVisible()
    await expect(console.getByRole('heading', { name: 'Delivered, cash not received yet' })).toBeVisible()
    await expect(console.getByRole('button', { name: 'Sandbox courier: remit now' })).toBeVisible()
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await console.screenshot({ path: `${shots}/04-remittances.png`, fullPage: true })

    await page.reload()
    await hydrated(page)
    await expect(page.getByText('Returned to the shop').first()).toBeVisible()
    await expect(page.getByTestId('fix-delivery')).toHaveCount(0)
    await page.screenshot({ path: `${shots}/03-customer-returned.png`, fullPage: true })
  } finally {
    await staffContext.close()
  }
})
