import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { createAdminWithCli, pngFile, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, test } from './fixtures.ts'

// The phone staff use: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

/**
 * Personalisation in the console on a phone (decision 133): staff add a paid add-on and the measurements it
 * asks for, save, give the form its help picture; on an order, they see what the customer chose and add a
 * photo of the finished piece, which the customer's order page then shows.
 */
test('on a phone, staff set up personalisation, then add the finished piece’s photo to an order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const shots = 'test-results/personalisation-console-phone'
  mkdirSync(shots, { recursive: true })
  const staff = await createAdminWithCli('personalise')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` }
  const stamp = `P${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()
  const made = await request.post('/api/v1/admin/products', {
    headers,
    data: {
      title: `Tussar Saree ${stamp}`,
      price: 6000,
      cutPrice: 7000,
      sku: `S-${stamp}`,
      quantity: 5,
      isApproved: true,
    },
  })
  expect(made.ok(), await made.text()).toBeTruthy()
  const id = (await made.json()).data._id
  const picture = await request.post(`/api/v1/admin/products/${id}/images`, {
    headers,
    multipart: { image: await pngFile('front.png', { r: 160, g: 90, b: 30 }) },
  })
  expect(picture.ok(), await picture.text()).toBeTruthy()

  await signInAsStaff(page, staff)
  await page.goto(`/admin/products/${id}`)
  await hydrated(page)
  const editor = page.getByTestId('personalisation-editor')
  await editor.getByRole('button', { name: 'Add a paid add-on' }).click()
  const addon = editor.getByTestId('choice-row').nth(0)
  await addon.getByLabel('Name customers read').fill('Blouse stitching')
  await addon.getByLabel('Price for each piece (₹)').fill('650')
  await editor.getByRole('button', { name: 'Add measurements' }).click()
  const form = editor.getByTestId('choice-row').nth(1)
  await form.getByLabel('Name customers read').fill('Blouse measurements')
  await form.getByLabel('Unit').selectOption('in')
  await form.getByLabel('Asked').selectOption({ label: 'When “Blouse stitching” is chosen' })
  await form.getByRole('textbox', { name: 'Measurement 1 of Blouse measurements' }).fill('Bust')
  await form.getByRole('button', { name: 'Add a measurement' }).click()
  await form.getByRole('textbox', { name: 'Measurement 2 of Blouse measurements' }).fill('Waist')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await editor.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/01-editor.png`, fullPage: false })
  await editor.getByRole('button', { name: 'Save personalisation' }).click()
  await expect(page.getByText('Personalisation saved')).toBeVisible()

  // Saved: the form keeps its add-on and now takes its picture.
  const saved = page.getByTestId('personalisation-editor').getByTestId('choice-row').nth(1)
  await expect(saved.getByLabel('Asked')).toHaveValue(/.+/)
  await saved
    .getByLabel('Help picture of Blouse measurements')
    .setInputFiles(await pngFile('where.png', { r: 240, g: 240, b: 230 }))
  await expect(page.getByText('Help picture added')).toBeVisible()
  await expect(saved.getByRole('img', { name: 'Where to measure for Blouse measurements' })).toBeVisible()
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="personalisation-editor"]')
    .analyze()
  expect(violations.map((v) => v.id)).toEqual([])

  // A customer orders it with the stitching and leaves the measurements for later.
  const product = (await (await request.get(`/api/v1/Product/product?id=${id}`)).json()).product
  const [stitching] = product.personalisation
  const customer = await registerCustomer(request, 'Meenakshi Iyer')
  const placed = await request.post('/api/v1/order/add', {
    headers: { authorization: `Bearer ${customer.accessToken}` },
    data: {
      customerId: customer.userId,
      products: [{ productId: id, quantity: 1, price: 6650, personalisation: { addons: [stitching.id] } }],
      totalAmount: 6650,
      shippingInfo: {
        firstName: 'Meenakshi',
        lastName: 'Iyer',
        email: customer.email,
        address: '14 Temple Street',
        city: 'Lucknow',
        state: 'Uttar Pradesh',
        postalCode: '226001',
        country: 'INDIA',
        phoneNumber: '9443012345',
      },
      paymentInfo: { method: 'Credit Card', status: 'Pending' },
    },
  })
  expect(placed.ok(), await placed.text()).toBeTruthy()
  const order = (await placed.json()).data[0]

  await page.goto(`/admin/orders/${order._id}`)
  await hydrated(page)
  const lines = page.getByTestId('order-item-personalisation')
  await expect(lines).toContainText('Blouse measurements: awaited from the customer')
  await expect(lines).toContainText('+ Blouse stitching ₹650 each')
  await page
    .getByLabel('Photo of the finished piece')
    .setInputFiles(await pngFile('done.png', { r: 120, g: 30, b: 60 }))
  await expect(page.getByText('Photo added: the customer has been e-mailed it.')).toBeVisible()
  await expect(page.getByRole('img', { name: `The finished Tussar Saree ${stamp}` })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await lines.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/02-order.png` })
  const mine = await request.get(`/api/v1/order/singleorder/${order._id}`, {
    headers: { authorization: `Bearer ${customer.accessToken}` },
  })
  expect((await mine.json()).data.products[0].finishedPhoto).toMatch(/^\/uploads\/orders\/.+-800\.webp$/)
})
