import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { returnWords } from '../../app/features/orders/return-messages.ts'
import { returnText } from '../../contracts/return-requests.ts'
import { createAdminWithCli, pngFile } from './admin-helpers.ts'
import { createListedProduct } from './catalogue-helpers.ts'
import {
  type Customer,
  expect,
  horizontalOverflow,
  hydrated,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  signInBrowser,
  test,
  uniqueEmail,
  uniquePhone,
} from './fixtures.ts'
import { bearer, deliverByApi, staffToken } from './return-helpers.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

/** A new member of staff delivers the order through the console's API; answers the staff's token. */
async function deliver(request: APIRequestContext, orderId: string) {
  const token = await staffToken(request, await createAdminWithCli('returns'))
  await deliverByApi(request, orderId, token)
  return token
}

/** A cash-on-delivery order placed as the checkout does, to a phone no other test uses. */
async function placeCodOrder(request: APIRequestContext, customer: Customer, product: { _id: string }) {
  const placed = await request.post('/api/v1/order/add', {
    headers: bearer(customer.accessToken),
    data: {
      customerId: customer.userId,
      products: [{ productId: product._id, quantity: 1, price: 1499 }],
      totalAmount: 1499,
      shippingInfo: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: customer.email,
        address: '7 Aminabad Road',
        city: 'Lucknow',
        state: 'Uttar Pradesh',
        postalCode: '226001',
        country: 'INDIA',
        phoneNumber: uniquePhone(),
      },
      paymentInfo: { method: 'COD' },
    },
  })
  expect(placed.ok(), await placed.text()).toBeTruthy()
  return (await placed.json()).data[0] as { _id: string; orderID: string }
}

/** Counts the requests the page sends to ask for a return. */
function countReturnPosts(page: Page) {
  const sent = { count: 0 }
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/returns') sent.count += 1
  })
  return sent
}

test('on a phone, a customer returns one of two delivered pieces as damaged, with a photo', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const shots = 'test-results/return-request-phone'
  mkdirSync(shots, { recursive: true })
  const customer = await registerCustomer(request, 'Asha Verma', uniqueEmail('returns'))
  const [stole, runner] = [await createListedProduct(request), await createListedProduct(request)]
  const order = await placeOrderByApi(request, customer, [
    { _id: stole._id, price: 1499 },
    { _id: runner._id, price: 1499 },
  ])
  await payOrderByApi(request, customer, order._id)
  await deliver(request, order._id)

  await signInBrowser(page, customer)
  await page.goto(`/OrderDetails/${order._id}`)
  await hydrated(page)
  const returns = page.getByTestId('order-returns')
  await returns.getByRole('button', { name: returnText.askReturn }).click()
  const form = page.getByTestId('return-form')
  await expect(form.getByRole('heading', { name: returnWords.formHeading })).toBeVisible()

  // A damaged piece needs its photo: the form says so beside the photos before anything is sent.
  const sent = countReturnPosts(page)
  await form.getByLabel(returnText.reason.damaged).check()
  await form.getByLabel(`${returnWords.howMany} (${stole.title})`).selectOption('1')
  await form.getByLabel(returnWords.description).fill('The stole came torn along one edge.')
  await form.getByRole('button', { name: returnWords.submit }).click()
  await expect(form.getByText(returnText.photosNeeded)).toBeVisible()
  await expect(form.getByRole('alert')).toHaveText(returnWords.fixFields)
  expect(sent.count).toBe(0)

  await form
    .getByLabel(returnWords.addPhoto)
    .setInputFiles(await pngFile('torn.png', { r: 200, g: 60, b: 40 }))
  await expect(form.getByRole('img', { name: 'Your photo 1 of 1' })).toBeVisible()
  await expect(form.getByText(returnText.photosNeeded)).toHaveCount(0)
  await expect(form.getByTestId('return-estimate')).toHaveText('₹1,499')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await form.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/01-form-390.png`, fullPage: true })

  // A double tap sends one request.
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/returns'),
  )
  await form.getByRole('button', { name: returnWords.submit }).dblclick()
  expect((await answered).status()).toBe(200)

  const card = returns.getByTestId('return-request')
  await expect(card).toHaveCount(1)
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(/^Return RET-\d{4}-\d+$/)
  const number = ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').replace('Return ', '')
  await expect(returns.getByRole('status')).toHaveText(returnText.requested.replace('{number}', number))
  await expect(card.getByTestId('return-status')).toHaveText(returnText.status.requested)
  await expect(card).toContainText(`1 × ${stole.title}`)
  await expect(card).not.toContainText(runner.title)
  await expect(card).toContainText(returnText.reason.damaged)
  await expect(card.getByRole('img', { name: 'Your photo 1 of 1' })).toBeVisible()
  await expect(card.getByTestId('return-refund')).toContainText('₹1,499')
  expect(sent.count).toBe(1)

  // Read again from the server: the request stays, and the other piece may still be returned.
  await page.reload()
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Return ${number}`)
  await expect(card.getByTestId('return-timeline').getByRole('listitem')).toHaveText([
    new RegExp(`^${returnText.status.requested}`),
  ])
  await expect(returns.getByRole('button', { name: returnText.askReturn })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/02-request-390.png`, fullPage: true })

  // The same on a computer's screen: the request, and the form for the piece still with the customer.
  await page.setViewportSize({ width: 1280, height: 900 })
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/03-request-1280.png`, fullPage: true })
  await returns.getByRole('button', { name: returnText.askReturn }).click()
  await expect(form.getByLabel(`${returnWords.howMany} (${stole.title})`)).toBeDisabled()
  await form.getByLabel(returnText.reason.size).check()
  await form.getByLabel(`${returnWords.howMany} (${runner.title})`).selectOption('1')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/04-form-1280.png`, fullPage: true })
})

test('on a phone, a cash-on-delivery return asks where to send the refund and refuses a bad IFSC', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const shots = 'test-results/return-request-phone'
  mkdirSync(shots, { recursive: true })
  const customer = await registerCustomer(request, 'Ravi Kumar', uniqueEmail('codreturn'))
  const product = await createListedProduct(request)
  const order = await placeCodOrder(request, customer, product)
  await deliver(request, order._id)

  // The server refuses it too, naming the field.
  const refused = await request.post('/api/v1/returns', {
    headers: bearer(customer.accessToken),
    data: {
      orderId: order._id,
      lines: [{ itemId: 'x', quantity: 1 }],
      reason: 'size',
      refundTo: { kind: 'bank', accountName: 'Ravi Kumar', accountNumber: '123456789012', ifsc: 'SBIN123' },
    },
  })
  expect(refused.status()).toBe(400)
  expect((await refused.json()).errors).toMatchObject({ 'refundTo.ifsc': returnText.badIfsc })

  await signInBrowser(page, customer)
  await page.goto(`/OrderDetails/${order._id}`)
  await hydrated(page)
  const returns = page.getByTestId('order-returns')
  await returns.getByRole('button', { name: returnText.askReturn }).click()
  const form = page.getByTestId('return-form')
  await form.getByLabel(returnText.reason.size).check()
  await form.getByLabel(`${returnWords.howMany} (${product.title})`).selectOption('1')
  await expect(form.getByRole('group', { name: returnWords.refundLegend })).toBeVisible()
  await form.getByLabel(returnWords.bankOption).check()
  await form.getByLabel(returnWords.accountName).fill('Ravi Kumar')
  await form.getByLabel(returnWords.accountNumber).fill('123456789012')
  const ifsc = form.getByLabel(returnWords.ifsc)
  await ifsc.fill('sbin123')
  const sent = countReturnPosts(page)
  await form.getByRole('button', { name: returnWords.submit }).click()
  await expect(ifsc).toHaveAttribute('aria-invalid', 'true')
  await expect(ifsc).toHaveAccessibleDescription(
    new RegExp(returnText.badIfsc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  )
  await expect(ifsc).toBeFocused()
  expect(sent.count).toBe(0)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await ifsc.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/05-cod-bad-ifsc-390.png`, fullPage: true })

  // Corrected, it goes; what was typed stayed in the form meanwhile.
  await expect(form.getByLabel(returnWords.accountName)).toHaveValue('Ravi Kumar')
  await ifsc.fill('SBIN0001234')
  await form.getByRole('button', { name: returnWords.submit }).click()
  const card = returns.getByTestId('return-request')
  await expect(card.getByTestId('return-status')).toHaveText(returnText.status.requested)
  await expect(card.getByTestId('return-refund')).toContainText('9012')
  expect(sent.count).toBe(1)
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/06-cod-request-390.png`, fullPage: true })
})

test('on a phone, the customer follows what staff answer: a pickup, the refund and its credit note, a rejection', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const shots = 'test-results/return-request-phone'
  mkdirSync(shots, { recursive: true })
  const customer = await registerCustomer(request, 'Meera Iyer', uniqueEmail('returned'))
  const [lamp, runner] = [await createListedProduct(request), await createListedProduct(request)]
  const order = await placeOrderByApi(request, customer, [
    { _id: lamp._id, price: 1499 },
    { _id: runner._id, price: 1499 },
  ])
  await payOrderByApi(request, customer, order._id)
  const staff = bearer(await deliver(request, order._id))
  const own = bearer(customer.accessToken)
  const options = (
    await (await request.get(`/api/v1/returns/options?orderId=${order._id}`, { headers: own })).json()
  ).data as { lines: Array<{ itemId: string; title: string }> }
  const itemOf = (title: string) => options.lines.find((l) => l.title === title)!.itemId

  // One request with its photo, collected by the courier, received and refunded; another turned down.
  const asked = await request.post('/api/v1/returns', {
    headers: own,
    multipart: {
      request: JSON.stringify({
        orderId: order._id,
        lines: [{ itemId: itemOf(lamp.title), quantity: 1 }],
        reason: 'damaged',
        description: 'Cracked at the base.',
      }),
      photo: await pngFile('cracked.png', { r: 90, g: 120, b: 200 }),
    },
  })
  expect(asked.ok(), await asked.text()).toBeTruthy()
  const refunded = (await asked.json()).data as { _id: string; number: string }
  for (const [step, data] of [
    ['approve', { method: 'pickup' }],
    ['receive', { resaleable: false, note: 'Cracked, as the photo shows.' }],
    ['refund', {}],
  ] as const) {
    const done = await request.post(`/api/v1/admin/returns/${refunded._id}/${step}`, { headers: staff, data })
    expect(done.ok(), await done.text()).toBeTruthy()
  }
  const other = await request.post('/api/v1/returns', {
    headers: own,
    data: {
      orderId: order._id,
      lines: [{ itemId: itemOf(runner.title), quantity: 1 }],
      reason: 'changed-mind',
    },
  })
  expect(other.ok(), await other.text()).toBeTruthy()
  const rejected = (await other.json()).data as { _id: string; number: string }
  const reason = 'The runner was used and washed before it came back.'
  const turnedDown = await request.post(`/api/v1/admin/returns/${rejected._id}/reject`, {
    headers: staff,
    data: { reason },
  })
  expect(turnedDown.ok(), await turnedDown.text()).toBeTruthy()

  await signInBrowser(page, customer)
  await page.goto(`/OrderDetails/${order._id}`)
  const returns = page.getByTestId('order-returns')
  const cards = returns.getByTestId('return-request')
  // Newest first.
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
    `Return ${rejected.number}`,
    `Return ${refunded.number}`,
  ])
  const done = cards.nth(1)
  await expect(done.getByTestId('return-status')).toHaveText(returnText.status.refunded)
  await expect(done.getByTestId('return-refund')).toContainText(
    returnText.refundedTo.source.replace('{amount}', '₹1,499'),
  )
  await expect(done).toContainText(/, tracking number \S+/)
  await expect(done.getByRole('button', { name: /^Credit note / })).toBeVisible()
  await expect(done.getByTestId('return-timeline').getByRole('listitem')).toHaveText([
    new RegExp(`^${returnText.status.refunded}`),
    new RegExp(`^${returnText.status.received}`),
    new RegExp(`^${returnText.status.approved}`),
    new RegExp(`^${returnText.status.requested}`),
  ])
  const no = cards.nth(0)
  await expect(no.getByTestId('return-status')).toHaveText(returnText.status.rejected)
  await expect(no).toContainText(returnWords.notAccepted.replace('{reason}', reason))
  // The rejected piece may be asked for again.
  await expect(returns.getByRole('button', { name: returnText.askReturn })).toBeVisible()

  // The credit note downloads as a PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('button', { name: /^Credit note / }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)

  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await returns.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/07-answered-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: `${shots}/08-answered-1280.png`, fullPage: true })
})
