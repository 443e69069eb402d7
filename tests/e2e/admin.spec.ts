import { createAdminWithCli, openOrderFromList, pngFile, type Staff, signInAsStaff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import { expect, hydrated, payOrderByApi, placeOrderByApi, signInBrowser, test } from './fixtures.ts'

let staff: Staff

test.beforeAll(async () => {
  staff = await createAdminWithCli()
})

test('an admin signs in, creates a product with pictures, approves it, and finds it in the shop', async ({
  page,
  request,
}) => {
  await signInAsStaff(page, staff)
  await page.goto('/admin')
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await expect(page.getByText('Products awaiting approval')).toBeVisible()

  await page.getByRole('navigation', { name: 'Shop console' }).getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible()
  await page.getByRole('link', { name: '+ Add product' }).click()
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible()
  const title = `Pattachitra Wall Scroll ${Date.now().toString(36)}`
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel(/^Price/).fill('2450')
  await page.getByLabel(/^Cut price/).fill('2999')
  // Staff type only the two prices; the percent is worked out (549 off 2,999 is 18.3%, shown as 18%).
  await expect(page.getByRole('status', { name: 'Discount shown in the shop' })).toHaveText('-18% (₹549 off)')
  await page.getByLabel(/^Stock/).fill('7')
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Art & Painting' })
  await page.getByLabel(/^SKU/).fill(`PAT-${Date.now().toString(36)}`)
  await page.getByLabel(/^Short description/).fill('Hand-painted on cloth by artists of Raghurajpur, Odisha.')
  // Staff who know HTML can still type it (the formatting buttons have their own test).
  // The form's first formatted text is the English description (its Hindi one follows).
  await page.getByRole('button', { name: 'Edit as HTML' }).first().click()
  await page.getByLabel(/^Full description/).fill('<p>Natural colours on <b>tussar</b> silk.</p>')

  // A wrong value is refused with a message at the field.
  await page.getByLabel(/^YouTube video link/).fill('https://vimeo.com/123')
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('The YouTube link must be a youtube.com or youtu.be address.')).toBeVisible()
  await page.getByLabel(/^YouTube video link/).fill('')
  await page.getByRole('button', { name: 'Create product' }).click()

  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f]{24}$/)
  const productId = page.url().split('/').pop()!
  await expect(page.getByText('Awaiting approval')).toBeVisible()

  await page
    .getByLabel('Add pictures')
    .setInputFiles([
      await pngFile('front.png', { r: 200, g: 80, b: 30 }),
      await pngFile('back.png', { r: 30, g: 90, b: 160 }),
    ])
  await expect(page.getByText('Main picture')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('img', { name: `${title}, view 2` })).toBeVisible()

  await page.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(page.getByText('Approved — in the shop')).toBeVisible()

  // The public list shows it at once (the catalogue cache was invalidated).
  const list = await request.get('/api/v1/Product/products')
  const found = (await list.json()).data.find((p: { _id: string }) => p._id === productId)
  expect(found).toMatchObject({ title, price: 2450, categories: 'Art & Painting' })
  expect(found.thumbnail).toHaveLength(2)

  await page.goto(`/Productdetails/${productId}`)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  const picture = await request.get(found.image.replace('-800.webp', '-400.webp'))
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toBe('image/webp')
})

test('a customer is refused the console (403) and a visitor is sent to sign in', async ({
  page,
  customer,
}) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/i)
  await signInBrowser(page, customer)
  const res = await page.goto('/admin')
  expect(res?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible()
})

test('an admin cannot ship an unpaid order; once paid, ships it with a tracking link, and the customer Track order opens it', async ({
  browser,
  page,
  request,
  customer,
  baseURL,
}) => {
  const [item] = await listedProducts(request)
  const order = await placeOrderByApi(request, customer, [item!])

  await signInAsStaff(page, staff)
  await page.goto('/admin/orders')
  await hydrated(page)
  await openOrderFromList(page, order.orderID)

  // Unpaid: staff see that it awaits payment and can only cancel it.
  await expect(page.getByTestId('awaiting-payment')).toBeVisible()
  await expect(page.getByTestId('payment-status')).toHaveText('Awaiting payment')
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible()
  for (const name of ['Mark Processing', 'Mark Shipped', 'Mark Delivered']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0)
  }

  // The customer pays in the sandbox (as the checkout dialog does).
  await payOrderByApi(request, customer, order._id)
  await page.reload()
  await hydrated(page)
  await expect(page.getByTestId('payment-status')).toHaveText('Paid')
  await expect(page.getByTestId('awaiting-payment')).toHaveCount(0)

  await page.getByRole('button', { name: 'Mark Processing' }).click()
  await expect(page.getByRole('button', { name: 'Mark Shipped' })).toBeVisible()
  await page.getByRole('button', { name: 'Mark Shipped' }).click()
  await expect(
    page.getByText('Enter the tracking link from the courier before marking the order Shipped.'),
  ).toBeVisible()
  const trackingLink = `${baseURL}/track-demo/AWB${Date.now()}`
  await page.getByLabel('Tracking link from the courier').fill(trackingLink)
  await page.getByRole('button', { name: 'Mark Shipped' }).click()
  await expect(page.getByRole('button', { name: 'Mark Delivered' })).toBeVisible()
  const history = page.getByRole('region', { name: /History/ })
  await expect(history.getByText('Shipped', { exact: true })).toBeVisible()

  const customerContext = await browser.newContext()
  const customerPage = await customerContext.newPage()
  await customerPage.goto('/')
  await signInBrowser(customerPage, customer)
  await customerPage.goto(`/orderDetails/${order._id}`)
  await hydrated(customerPage)
  const popup = customerPage.waitForEvent('popup')
  await customerPage.getByRole('button', { name: 'Track order' }).click()
  expect((await popup).url()).toBe(trackingLink)
  await customerContext.close()
})
