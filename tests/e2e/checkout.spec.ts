import type { APIRequestContext, Page } from '@playwright/test'
import { signupMessages } from '../../app/features/account/messages.ts'
import { orderMessages } from '../../app/features/orders/messages.ts'
import { cartMessages } from '../../app/lib/cart-messages.ts'
import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import {
  checkoutLabels,
  checkoutMessages,
  paymentTexts,
  simulatedPaymentTexts,
} from '../../app/lib/checkout-messages.ts'
import { paymentStatusLabel } from '../../contracts/order-states.ts'
import { listedProducts } from './cart-helpers.ts'
import {
  type Customer,
  expect,
  hydrated,
  payOrderByApi,
  registerCustomer,
  signInBrowser,
  test,
  uniqueEmail,
} from './fixtures.ts'

type Listed = { _id: string; title: string; price: number }

async function twoProducts(request: APIRequestContext): Promise<Listed[]> {
  return (await listedProducts(request)).slice(0, 2)
}

/** Puts two products in the customer's server cart. */
async function fillCart(request: APIRequestContext, c: Customer) {
  const products = await twoProducts(request)
  for (const p of products) {
    const res = await request.post('/api/v1/cart/add', {
      headers: { authorization: `Bearer ${c.accessToken}` },
      data: { productId: p._id },
    })
    expect(res.ok(), await res.text()).toBeTruthy()
  }
  return products
}

/** /Cart: apply WELCOME10 and proceed, which stores the checkout keys. */
async function cartToCheckout(page: Page) {
  await page.goto('/Cart')
  await hydrated(page)
  await page.getByLabel('Promo code').fill('WELCOME10')
  await page.getByRole('button', { name: 'Redeem' }).click()
  await expect(page.getByText('10%').first()).toBeVisible()
  await page
    .getByRole('button', { name: 'Proceed to Checkout' })
    .or(page.getByRole('link', { name: 'Proceed to Checkout' }))
    .click()
  await expect(page).toHaveURL(/\/checkout$/i)
}

async function fillShipping(page: Page) {
  const alerts: string[] = []
  page.on('dialog', (d) => {
    alerts.push(d.message())
    void d.accept()
  })
  await page.getByLabel('First name *').fill('Asha')
  await page.getByLabel('Last name *').fill('Verma')
  await page.getByLabel('Address *').fill('14 Ashok Marg, Hazratganj')
  await page.getByLabel('PIN code *').pressSequentially('226001')
  // The PIN lookup fills state, city and country.
  await expect(page.getByLabel('State *')).toHaveValue('Uttar Pradesh')
  await expect(page.getByLabel('City *')).toHaveValue('Lucknow')
  await expect(page.getByLabel('Country')).toHaveValue('India')
  await page.getByLabel('Email *').fill('asha.verma@example.in')
  await page.getByLabel('Phone number *').fill('98765abc43210999')
  await expect(page.getByLabel('Phone number *')).toHaveValue('9876543210')
  expect(alerts).toEqual([])
}

test.describe('checkout', () => {
  test('a new customer pays in the sandbox, sees the order, opens it and cancels it', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('asha')
    const password = 'Kalaa@12345'
    await page.goto('/SignUp')
    await hydrated(page)
    await page.getByLabel('Name').fill('Asha Verma')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password', { exact: true }).fill(password)
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await expect(page.getByText(signupMessages.success)).toBeVisible()
    // Registering signs the customer in (decision 027); home after the spec's 2 seconds.
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 })

    for (const product of await twoProducts(request)) {
      await page.goto(`/Productdetails/${product._id}`)
      await hydrated(page)
      await page.getByRole('button', { name: catalogueText.addToCart, exact: true }).first().click()
      await expect(page.getByText(cartMessages.added).first()).toBeVisible()
    }
    await cartToCheckout(page)

    await expect(page.getByText(checkoutLabels.total)).toBeVisible()
    await fillShipping(page)
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()

    const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) }).click()

    await expect(page).toHaveURL(/\/Order-History$/)
    const row = page.getByRole('row').nth(1)
    await expect(row).toContainText(/KS-\d{4}-\d{6}/)
    await expect(row).toContainText('Pending')
    expect(await page.evaluate(() => localStorage.getItem('cartProducts'))).toBeNull()
    expect(await page.evaluate(() => localStorage.getItem('orderId'))).toMatch(/^[0-9a-f]{24}$/)

    await row.getByRole('link', { name: /View/ }).click()
    await expect(page).toHaveURL(/\/orderDetails\/[0-9a-f]{24}$/)
    await expect(page.getByText(`Payment: ${paymentStatusLabel('Paid')}`)).toBeVisible()
    await expect(page.getByText('Uttar Pradesh')).toBeVisible()

    await page.getByRole('button', { name: orderMessages.trackOrder }).click()
    await expect(page.getByText(orderMessages.notChanged)).toBeVisible()
    await page.getByRole('button', { name: 'OK' }).click()

    await page.getByRole('button', { name: orderMessages.cancel, exact: true }).click()
    await page.getByRole('button', { name: 'Yes, cancel order' }).click()
    await expect(page.getByText(orderMessages.cancelled)).toBeVisible()
    await expect(page.getByText('Cancelled').first()).toBeVisible()
    await expect(page.getByRole('button', { name: orderMessages.cancel, exact: true })).toHaveCount(0)
    await expect(page.getByText(`Payment: ${paymentStatusLabel('Refunded')}`)).toBeVisible()
  })

  test('a declined payment lands on /payment-failed, which offers to try again', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, 'Ravi Kumar')
    await signInBrowser(page, customer)
    await fillCart(request, customer)
    await cartToCheckout(page)
    await fillShipping(page)
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
    const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
    await dialog.getByRole('button', { name: paymentTexts.fail }).click()

    await expect(page).toHaveURL(/\/payment-failed$/)
    await expect(page.getByRole('heading', { name: paymentTexts.failedHeading })).toBeVisible()
    await expect(page.getByText(/declined/)).toBeVisible()
    // The cart is kept for the retry.
    expect(await page.evaluate(() => localStorage.getItem('cartProducts'))).not.toBeNull()
    const orderNumber = (await page.getByText(/KS-\d{4}-\d{6}/).textContent())?.match(/KS-\d{4}-\d{6}/)?.[0]
    expect(orderNumber).toBeTruthy()
    await page.getByRole('link', { name: paymentTexts.tryAgain }).click()
    await expect(page).toHaveURL(/\/checkout$/i)

    // Trying again starts from the address typed before and pays the same order rather than a second one.
    await expect(page.getByLabel('Address *')).toHaveValue('14 Ashok Marg, Hazratganj')
    await expect(page.getByLabel('Phone number *')).toHaveValue('9876543210')
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
    const retry = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
    await expect(retry.getByText(`Order ${orderNumber}`)).toBeVisible()
    await retry.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) }).click()
    await expect(page).toHaveURL(/\/Order-History$/)
    await expect(page.getByRole('row')).toHaveCount(2)
  })

  test('a total changed in the browser is refused and explained', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'Farah Khan')
    await signInBrowser(page, customer)
    await fillCart(request, customer)
    await cartToCheckout(page)
    await page.evaluate(() => localStorage.setItem('cartTotal', '1.00'))
    await page.reload()
    await hydrated(page)
    await fillShipping(page)
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
    const problem = page.getByRole('alert').filter({ hasText: 'your cart shows ₹1' })
    await expect(problem).toBeVisible()
    await expect(problem).toContainText('Review your cart')
    await expect(page.getByRole('dialog', { name: paymentTexts.sandboxTitle })).toHaveCount(0)
  })

  test('says payments are simulated when the production shop runs the sandbox', async ({ page, request }) => {
    // The e2e shop runs NODE_ENV=production with the default sandbox provider.
    const customer = await registerCustomer(request, 'Neha Sen')
    await signInBrowser(page, customer)
    await fillCart(request, customer)
    await cartToCheckout(page)
    const notice = page.getByTestId('simulated-payments')
    await expect(notice).toHaveText(simulatedPaymentTexts.checkout)
    await expect(notice).toBeVisible()
  })

  test('submit rules, typing rules, an unknown PIN and a missing user id', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'Meera Iyer')
    await signInBrowser(page, customer)
    await page.goto('/CheckOut')
    await hydrated(page)
    // The account's e-mail is filled in when known; clear it to see the rule.
    await expect(page.getByLabel('Email *')).toHaveValue(customer.email)
    await page.getByLabel('Email *').fill('')
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
    for (const text of [
      checkoutMessages.addressRequired,
      checkoutMessages.cityRequired,
      checkoutMessages.stateRequired,
      checkoutMessages.postalCodeRequired,
      checkoutMessages.emailRequired,
      checkoutMessages.phoneRequired,
    ]) {
      // Under its field, and again in the summary beside Place Order.
      await expect(page.getByText(text, { exact: true })).toHaveCount(2)
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
    }
    await page.getByLabel('Email *').fill('asha@')
    await page.getByLabel('PIN code *').fill('22a60')
    await expect(page.getByLabel('PIN code *')).toHaveValue('2260')
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
    await expect(page.getByText(checkoutMessages.emailInvalid, { exact: true }).first()).toBeVisible()
    await expect(page.getByText(checkoutMessages.postalCodeDigits, { exact: true }).first()).toBeVisible()

    // Accepted as it comes: the alert can open before the last key is up, and an unanswered one holds the typing.
    const pinAlerts: string[] = []
    page.once('dialog', (d) => {
      pinAlerts.push(d.message())
      void d.accept()
    })
    await page.getByLabel('PIN code *').fill('')
    await page.getByLabel('PIN code *').pressSequentially('999999')
    await expect.poll(() => pinAlerts).toEqual([checkoutMessages.invalidPincode])

    await page.evaluate(() => {
      localStorage.setItem('__signedOutByTest', '1')
      localStorage.removeItem('userid')
    })
    await page.reload()
    await hydrated(page)
    await expect(page.getByText(checkoutMessages.userIdMissing)).toBeVisible()
    await page.getByLabel('Address *').fill('12 Hazratganj')
    await page.getByLabel('PIN code *').pressSequentially('226001')
    await expect(page.getByLabel('City *')).toHaveValue('Lucknow')
    await page.getByLabel('Email *').fill('meera@example.in')
    await page.getByLabel('Phone number *').fill('9876543210')
    const alerts: string[] = []
    page.on('dialog', (d) => {
      alerts.push(d.message())
      void d.accept()
    })
    await page.getByRole('button', { name: checkoutLabels.placeOrder }).click()
    await expect.poll(() => alerts).toEqual([checkoutMessages.customerIdMissing])
  })
})

test.describe('order history', () => {
  test('an unpaid order can be paid from its details page', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'Irfan Ali')
    const [product] = await twoProducts(request)
    const res = await request.post('/api/v1/order/add', {
      headers: { authorization: `Bearer ${customer.accessToken}` },
      data: {
        customerId: customer.userId,
        products: [{ productId: product!._id, quantity: 2, price: product!.price }],
        totalAmount: product!.price * 2,
        shippingInfo: {
          address: '3 Residency Road',
          city: 'Lucknow',
          state: 'Uttar Pradesh',
          postalCode: '226001',
          country: 'Country',
          phoneNumber: '9876543210',
        },
        paymentInfo: { method: 'Credit Card', status: 'Pending' },
      },
    })
    expect(res.ok(), await res.text()).toBeTruthy()
    const order = (await res.json()).data[0]
    await signInBrowser(page, customer)
    await page.goto(`/OrderDetails/${order._id}`)
    await hydrated(page)
    await expect(page.getByText(`Payment: ${paymentStatusLabel('Pending')}`)).toBeVisible()
    await page.getByRole('button', { name: paymentTexts.payNow }).click()
    const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
    await dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) }).click()
    await expect(page.getByText(`Payment: ${paymentStatusLabel('Paid')}`)).toBeVisible()
    await expect(page.getByRole('button', { name: paymentTexts.payNow })).toHaveCount(0)
  })

  test('says when there are no orders, and pages ten at a time', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'Kabir Das')
    await signInBrowser(page, customer)
    await page.goto('/Order-History')
    await expect(page.getByText(orderMessages.empty)).toBeVisible()

    // Eleven orders, one piece each, spread over several products so no shelf runs dry; each paid before
    // the next, as one account may have only two orders waiting for payment (decision 110).
    const shelf = (await listedProducts(request)).slice(0, 6)
    for (let i = 0; i < 11; i++) {
      const product = shelf[i % shelf.length]
      const res = await request.post('/api/v1/order/add', {
        headers: { authorization: `Bearer ${customer.accessToken}` },
        data: {
          customerId: customer.userId,
          products: [{ productId: product!._id, quantity: 1, price: product!.price }],
          totalAmount: product!.price,
          shippingInfo: {
            address: '1 Mall Road',
            city: 'Lucknow',
            state: 'Uttar Pradesh',
            postalCode: '226001',
            country: 'Country',
            phoneNumber: '9876543210',
          },
          paymentInfo: { method: 'Credit Card', status: 'Pending' },
        },
      })
      expect(res.ok(), await res.text()).toBeTruthy()
      await payOrderByApi(request, customer, (await res.json()).data[0]._id)
    }
    await page.reload()
    await hydrated(page)
    await expect(page.getByRole('row')).toHaveCount(11)
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    await expect(page.getByRole('button', { name: orderMessages.previous })).toBeDisabled()
    await page.getByRole('button', { name: orderMessages.next }).click()
    await expect(page.getByRole('row')).toHaveCount(2)
    await expect(page.getByText('Page 2 of 2')).toBeVisible()
    await expect(page.getByRole('button', { name: orderMessages.next })).toBeDisabled()
    for (const header of orderMessages.columns) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible()
    }
  })
})
