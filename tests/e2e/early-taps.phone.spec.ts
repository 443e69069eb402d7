import type { Page } from '@playwright/test'
import { loginMessages } from '../../app/features/account/messages.ts'
import { orderMessages } from '../../app/features/orders/messages.ts'
import { checkoutLabels } from '../../app/lib/checkout-messages.ts'
import { apiAddToCart, listedProducts } from './cart-helpers.ts'
import {
  expect,
  hydrated,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  signInBrowser,
  test,
  uniquePhone,
} from './fixtures.ts'

// A slow phone: the page is painted and tapped before its code has arrived. What was chosen then is not lost.

/** Holds every script back until `release` is called, as a slow connection does. */
async function holdScripts(page: Page) {
  let release: () => void = () => {}
  const held = new Promise<void>((r) => {
    release = r
  })
  await page.route(/\.js(\?|$)/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test('a sort chosen before the page’s code runs is followed once it does, and shows while its list loads', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto('/product/Handloom', { waitUntil: 'commit' })
  const sort = page.getByTestId('sort-select')
  await expect(sort).toBeVisible()
  await sort.selectOption('5')
  release()
  await hydrated(page)
  await expect(page).toHaveURL(/\/product\/Handloom\?sort=5$/)
  await expect(sort).toHaveValue('5')
  // The list is the sorted one: prices from low to high.
  const prices = await page
    .getByTestId('product-card')
    .evaluateAll((cards) =>
      cards.map((c) =>
        Number((c.querySelector('[data-testid="product-price"]')?.textContent ?? '').replace(/[^\d.]/g, '')),
      ),
    )
  expect(prices.length).toBeGreaterThan(1)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
})

test('an e-mail and password typed before the sign-in page’s code runs are kept, and SIGN IN signs in', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'Meena Pillai')
  const release = await holdScripts(page)
  await page.goto('/login', { waitUntil: 'commit' })
  const email = page.getByLabel('Email')
  await expect(email).toBeVisible()
  await email.fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  release()
  await hydrated(page)
  await expect(email).toHaveValue(customer.email)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(customer.password)
  await page.getByRole('button', { name: 'SIGN IN' }).click()
  await expect(page.getByText(loginMessages.success)).toBeVisible()
  await expect(page.getByText(loginMessages.invalidEmail)).toHaveCount(0)
})

test('the sign-up form keeps what was typed and ticked before its code runs', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/SignUp', { waitUntil: 'commit' })
  const name = page.getByLabel('Name', { exact: true })
  await expect(name).toBeVisible()
  await name.fill('Kiran Rao')
  await page.getByLabel('Email').fill('kiran.early@example.in')
  await page.getByLabel('Password', { exact: true }).fill('Kalaa@12345')
  await page.getByLabel('Confirm Password', { exact: true }).fill('Kalaa@12345')
  await page.getByRole('checkbox').check()
  release()
  await hydrated(page)
  await expect(name).toHaveValue('Kiran Rao')
  await expect(page.getByLabel('Email')).toHaveValue('kiran.early@example.in')
  await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveValue('Kalaa@12345')
  await expect(page.getByRole('checkbox')).toBeChecked()
  // A render after the code took over (a field corrected) keeps the rest.
  await name.fill('Kiran S. Rao')
  await expect(page.getByLabel('Email')).toHaveValue('kiran.early@example.in')
  await expect(page.getByRole('checkbox')).toBeChecked()
})

test('a quick view tapped before the page’s code runs opens the product page instead', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/product/Handloom', { waitUntil: 'commit' })
  const quick = page.getByRole('button', { name: /^Quick view: / }).first()
  await expect(quick).toBeVisible()
  const href = await quick.getAttribute('href')
  expect(href).toMatch(/^\/Productdetails\/[0-9a-f]{24}$/)
  await quick.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  release()
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add To Cart' }).first()).toBeVisible()
})

test('once the code runs, a quick view opens in place and the page stays', async ({ page }) => {
  await page.goto('/product/Handloom')
  await hydrated(page)
  await page
    .getByRole('button', { name: /^Quick view: / })
    .first()
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page).toHaveURL(/\/product\/Handloom$/)
})

test('the order pager tapped before the page’s code runs shows the next ten orders', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const customer = await registerCustomer(request, 'Kabir Das')
  // Eleven orders, each paid before the next (one account may have two waiting for payment, decision 110).
  const shelf = (await listedProducts(request)).slice(0, 6)
  const numbers: string[] = []
  for (let i = 0; i < 11; i++) {
    const p = shelf[i % shelf.length]
    const order = await placeOrderByApi(request, customer, [p])
    await payOrderByApi(request, customer, order._id)
    numbers.push(order.orderID)
  }
  await signInBrowser(page, customer)
  const release = await holdScripts(page)
  await page.goto('/Order-History', { waitUntil: 'commit' })
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await page.getByRole('button', { name: orderMessages.next }).click()
  await expect(page).toHaveURL(/\/Order-History\?page=2$/)
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  release()
  await hydrated(page)
  // The first order placed is the oldest: alone on page 2.
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem')
  await expect(cards).toHaveCount(1)
  await expect(cards.getByText(numbers[0])).toBeVisible()
  await expect(page.getByRole('button', { name: orderMessages.previous })).toBeEnabled()
  await page.getByRole('button', { name: orderMessages.previous }).click()
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await expect(page.getByRole('button', { name: orderMessages.previous })).toBeDisabled()
})

test('SIGN IN tapped before the page’s code runs signs in on the server, and the code keeps that session', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'Farah Khan')
  const release = await holdScripts(page)
  await page.goto('/login?next=/Order-History', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'SIGN IN' }).click()
  await expect(page).toHaveURL(/\/Order-History$/)
  release()
  await hydrated(page)
  // The page's code took the session the server set: its own calls are signed in.
  expect(await page.evaluate(() => localStorage.getItem('userid'))).toBe(customer.userId)
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
  await expect(page.getByText(orderMessages.empty)).toBeVisible()
})

test('a delivery address typed and COD picked before the checkout’s code runs are kept, and Place Order places it', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'Sunita Das')
  const product = (await listedProducts(request)).find((x) => x.quantity > 3 && x.price <= 5000)
  expect(product).toBeTruthy()
  await apiAddToCart(request, customer.accessToken, product!._id)
  await signInBrowser(page, customer)
  const release = await holdScripts(page)
  await page.goto('/CheckOut', { waitUntil: 'commit' })
  const phone = uniquePhone()
  const typed: Array<[string, string]> = [
    ['First name *', 'Sunita'],
    ['Last name *', 'Das'],
    ['Address *', '14 Lake Road'],
    ['PIN code *', '226001'],
    ['City *', 'Lucknow'],
    ['State *', 'Uttar Pradesh'],
    ['Phone number *', phone],
  ]
  await expect(page.getByLabel('First name *')).toBeVisible()
  for (const [label, value] of typed) await page.getByLabel(label).fill(value)
  const cod = page.getByRole('radio', { name: checkoutLabels.paymentOptionNames.COD })
  await cod.check()
  release()
  await hydrated(page)
  for (const [label, value] of typed) await expect(page.getByLabel(label)).toHaveValue(value)
  await expect(cod).toBeChecked()
  await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
  await expect(page).toHaveURL(/\/Order-History$/)
  const orders = await request.get('/api/v1/order/allorder', {
    headers: { authorization: `Bearer ${customer.accessToken}` },
  })
  const [order] = (await orders.json()).data
  expect(order).toMatchObject({
    paymentInfo: { method: 'COD' },
    shippingInfo: { address: '14 Lake Road', postalCode: '226001', phoneNumber: phone },
  })
})

test('Redeem tapped before the cart page’s code runs sends the code, which is applied once the code runs', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'Farah Khan')
  const [product] = await listedProducts(request)
  await apiAddToCart(request, customer.accessToken, product!._id)
  await signInBrowser(page, customer)
  const release = await holdScripts(page)
  await page.goto('/Cart', { waitUntil: 'commit' })
  const code = page.getByLabel('Promo code')
  await expect(code).toBeVisible()
  await code.fill('WELCOME10')
  await page.getByRole('button', { name: 'Redeem' }).click()
  // The server's page keeps the code in the field while the code is on its way.
  await expect(page).toHaveURL(/\/Cart\?code=WELCOME10$/)
  await expect(code).toHaveValue('WELCOME10')
  release()
  await hydrated(page)
  await expect(page.getByText('10%').first()).toBeVisible()
  await expect(page).toHaveURL(/\/Cart$/)
  await expect(code).toHaveValue('WELCOME10')
})
