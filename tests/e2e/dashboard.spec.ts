import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import { expect, payOrderByApi, placeOrderByApi, test } from './fixtures.ts'

test('the dashboard counts a paid order to ship, and the count opens the orders list filtered to it', async ({
  page,
  request,
  customer,
}) => {
  const staff = await createAdminWithCli('dash')
  // The dearest piece of those stocked above ten (stock.spec.ts buys out a smaller one), bought twice: other
  // tests' sales cannot push it out of the top five.
  const item = (await listedProducts(request))
    .filter((p) => p.quantity > 10)
    .sort((a, b) => b.price - a.price)[0]
  const order = await placeOrderByApi(request, customer, [{ ...item!, count: 2 }])
  await payOrderByApi(request, customer, order._id)

  await signInAsStaff(page, staff)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  const toShip = page.getByRole('link', { name: /Paid, to ship/ })
  await expect(toShip).toHaveText(/^[1-9]\d*/)
  const counted = Number((await toShip.textContent())?.match(/^\d+/)?.[0])
  // The chart reads out today's figures, and a tap on its first bar that day's; every day opens as a table.
  await expect(page.getByText(/^Yesterday/)).toBeVisible()
  const readout = page.getByTestId('chart-day')
  await expect(readout).toContainText(/^Today, .+: ₹[\d,.]+, [1-9]\d* orders?$/)
  const chart = page.getByRole('figure', { name: /Sales per day/ }).locator('svg')
  const box = (await chart.boundingBox())!
  await chart.click({ position: { x: 2, y: box.height / 2 } })
  await expect(readout).not.toContainText('Today')
  await page.getByText("Every day's figures").click()
  await expect(page.getByRole('table', { name: /Sales per day/ }).getByRole('row')).toHaveCount(31)
  await expect(page.getByRole('table', { name: /Top products/ })).toContainText(item!.title)

  await toShip.click()
  await expect(page).toHaveURL(/\/admin\/orders\?queue=toShip$/)
  await expect(page.getByRole('button', { name: 'Paid, to ship' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('link', { name: new RegExp(order.orderID) })).toBeVisible()
  await expect(page.getByText(`${counted} found`)).toBeVisible()
})
