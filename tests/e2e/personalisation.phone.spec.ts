import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { checkoutLabels, paymentTexts } from '../../app/lib/checkout-messages.ts'
import { everyListedProduct } from './cart-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

const shots = 'test-results/journey'
mkdirSync(shots, { recursive: true })

/**
 * Personalisation (decision 133): the demo's Banarasi saree offers fall & pico, blouse stitching and a message
 * for the card. A customer chooses on the product page; the cart, the checkout and the order say what was
 * chosen, and the price counts the add-ons.
 */
test('a customer makes a saree theirs: add-ons and a message travel from the product page to the order', async ({
  page,
  request,
}) => {
  const pieces = await everyListedProduct(request)
  const saree = pieces.find((p) => p.title === 'Banarasi Silk Saree')
  expect(saree).toBeDefined()
  const customer = await registerCustomer(request, 'Kavita Mishra')
  const saved = await request.post('/api/v1/adress/add', {
    headers: { authorization: `Bearer ${customer.accessToken}` },
    data: {
      userId: customer.userId,
      fullName: 'Kavita Mishra',
      phoneNumber: '9123456781',
      streetAddress: '21 Assi Ghat Road',
      city: 'Varanasi',
      state: 'Uttar Pradesh',
      postalCode: '221005',
      country: 'INDIA',
      addressType: 'Home',
    },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  await signInBrowser(page, customer)

  await page.goto(`/Productdetails/${saree!._id}`)
  await hydrated(page)
  const box = page.getByTestId('personalise')
  await expect(box.getByText('Make it yours')).toBeVisible()
  await box.getByRole('checkbox', { name: /Fall & pico/ }).check()
  await expect(box.getByRole('group', { name: 'Blouse measurements' })).toHaveCount(0)
  await box.getByRole('checkbox', { name: /Blouse stitching/ }).check()
  // Stitching asks for the blouse's measurements, which may wait until after the order.
  const form = box.getByRole('group', { name: 'Blouse measurements' })
  await expect(form.getByText('You may give them after ordering')).toBeVisible()
  await expect(form.getByLabel('Bust (in)')).toBeVisible()
  await box.getByLabel(/Message for the card/).fill('Happy Diwali, Amma')
  await expect(page.getByTestId('personalised-price')).toHaveText('With your choices: ₹19,799 each')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await box.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/personalisation-01-product-page.png` })
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="personalise"]').analyze()
  expect(violations.map((v) => v.id)).toEqual([])

  await page.getByTestId('buy-row').getByRole('button', { name: 'Add To Cart' }).click()
  await expect(page.getByText('Product added to cart!')).toBeVisible()

  await page.goto('/Cart')
  await hydrated(page)
  const line = page.getByTestId('cart-line')
  await expect(line.getByTestId('cart-personalisation')).toHaveText(
    /Message for the card: Happy Diwali, Amma\s*Blouse measurements: to give after ordering\s*\+ Fall & pico \(\+ ₹150 each\)\s*\+ Blouse stitching \(\+ ₹650 each\)/,
  )
  await expect(line).toContainText('₹19,799')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/personalisation-02-cart.png` })

  await page
    .getByRole('button', { name: 'Proceed to Checkout' })
    .or(page.getByRole('link', { name: 'Proceed to Checkout' }))
    .click()
  await expect(page.getByTestId('summary-personalisation')).toContainText('Happy Diwali, Amma')
  await page.getByRole('button', { name: checkoutLabels.deliverHere }).click()
  await expect(page.getByLabel('City *')).toHaveValue('Varanasi')
  await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
  const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
  await expect(dialog).toContainText('19,799')
  await dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) }).click()

  await expect(page).toHaveURL(/\/Order-History$/)
  await page.getByRole('link', { name: /View/ }).first().click()
  const ordered = page.getByTestId('order-line-personalisation')
  await expect(ordered).toContainText('Message for the card: Happy Diwali, Amma')
  await expect(ordered).toContainText('+ Blouse stitching (+ ₹650 each)')
  await expect(page.getByText('1 × ₹19,799')).toBeVisible()
  await expect(ordered).toContainText('Blouse measurements: Awaited: please give them from your order page.')

  // The measurements, given from the order page while it waits to be processed.
  const give = page.getByTestId('measurement-form')
  for (const [label, value] of [
    ['Bust (in)', '34'],
    ['Waist (in)', '30'],
    ['Shoulder (in)', '14.5'],
    ['Sleeve length (in)', '11'],
    ['Blouse length (in)', '15'],
  ])
    await give.getByLabel(label).fill(value)
  await give.scrollIntoViewIfNeeded()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/personalisation-03-give-measurements.png` })
  await page.getByRole('button', { name: 'Save measurements' }).click()
  await expect(page.getByText('Thank you: your measurements are saved.')).toBeVisible()
  await expect(ordered).toContainText(
    'Blouse measurements: Bust 34 in, Waist 30 in, Shoulder 14.5 in, Sleeve length 11 in, Blouse length 15 in',
  )
  await expect(page.getByTestId('measurement-form')).toHaveCount(0)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await ordered.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/personalisation-04-order.png` })
})
