import { type APIRequestContext, test as base, expect, type Page, type Response } from '@playwright/test'

export type Customer = {
  email: string
  password: string
  fullName: string
  userId: string
  accessToken: string
  refreshToken: string
}

/** The phone drawer's entries, as the spec lists them (section 2, Header). */
export const drawerEntries = [
  'Home',
  'Art & Painting',
  'Handloom',
  'Handicraft',
  'Traditional',
  'Eco-friendly',
  'Gift Items',
  'State Wise',
  'About Us',
  'Contact-Us',
  'Temple',
  'Support',
]

let counter = 0
export function uniqueEmail(prefix = 'customer') {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}@example.in`
}

/** Where the browser tests' shop sends its e-mails (scripts/e2e-server.ts, tests/support/mailbox.ts). */
const mailboxUrl = `http://127.0.0.1:${Number(process.env.E2E_MAILBOX_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1)}`

export type ReceivedMail = { subject: string; text: string; html: string }

/** What one address has received so far. */
export async function mailboxOf(request: APIRequestContext, to: string): Promise<ReceivedMail[]> {
  const res = await request.get(`${mailboxUrl}/messages?to=${encodeURIComponent(to)}`)
  return (await res.json()) as ReceivedMail[]
}

/** Waits for an e-mail to `to` whose plain text has a link starting with `path`; answers the link. */
export async function linkFromMailbox(
  request: APIRequestContext,
  to: string,
  path: string,
  subject?: RegExp,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s\\])>]*`)
  let link = ''
  await expect
    .poll(
      async () => {
        const found = (await mailboxOf(request, to))
          .filter((m) => !subject || subject.test(m.subject))
          .map((m) => m.text.match(pattern)?.[0])
          .filter(Boolean)
          .at(-1)
        link = found ?? ''
        return link
      },
      { timeout: 20_000 },
    )
    .not.toBe('')
  return link
}

/** Confirms an address with the link of its welcome e-mail, as its owner would (decision 109). */
export async function confirmEmail(request: APIRequestContext, email: string) {
  const link = await linkFromMailbox(request, email, '/confirm-email?token=')
  const token = new URL(link).searchParams.get('token') ?? ''
  const res = await request.post('/api/v1/user/confirm-email', { data: { token } })
  expect(res.ok(), await res.text()).toBeTruthy()
}

/**
 * A delivery phone number no other test uses: one phone may have only one cash-on-delivery order on its way
 * (decision 110), and every test shares the one e2e shop.
 */
export function uniquePhone() {
  return `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
}

/**
 * Registers a new customer through the API and signs in through the API; the address is confirmed from
 * its welcome e-mail unless `confirmed: false`.
 */
export async function registerCustomer(
  request: APIRequestContext,
  fullName = 'Asha Verma',
  email = uniqueEmail(),
  opts: { confirmed?: boolean } = {},
): Promise<Customer> {
  const password = 'Kalaa@12345'
  const reg = await request.post('/api/v1/user/register', { data: { fullName, email, password } })
  expect(reg.ok(), await reg.text()).toBeTruthy()
  if (opts.confirmed !== false) await confirmEmail(request, email)
  const login = await request.post('/api/v1/user/login', { data: { email, password } })
  expect(login.ok(), await login.text()).toBeTruthy()
  const body = await login.json()
  return {
    email,
    password,
    fullName,
    userId: body.data.user._id,
    accessToken: body.data.accessToken,
    refreshToken: body.data.refreshToken,
  }
}

/** Puts a signed-in session into the browser exactly as the login page does (storage keys and cookies). */
export async function signInBrowser(page: Page, c: Customer) {
  const url = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url())
  await page.context().addCookies([
    { name: 'accessToken', value: c.accessToken, domain: url.hostname, path: '/' },
    { name: 'refreshToken', value: c.refreshToken, domain: url.hostname, path: '/' },
  ])
  await page.addInitScript((s) => {
    if (window.localStorage.getItem('__signedOutByTest')) return
    window.localStorage.setItem('accessToken', s.accessToken)
    window.localStorage.setItem('refreshToken', s.refreshToken)
    window.localStorage.setItem('userid', s.userId)
    window.localStorage.setItem('user', s.fullName)
  }, c)
}

/**
 * Places an order through the API as the checkout does: `count` pieces (1 unless said) of each product.
 * (A listed product's own `quantity` is its stock, never the amount ordered.)
 */
export async function placeOrderByApi(
  request: APIRequestContext,
  customer: Pick<Customer, 'userId' | 'accessToken' | 'email'>,
  lines: Array<{ _id: string; price: number; count?: number }>,
): Promise<{ _id: string; orderID: string }> {
  const total = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * (l.count ?? 1), 0) / 100
  const placed = await request.post('/api/v1/order/add', {
    headers: { authorization: `Bearer ${customer.accessToken}` },
    data: {
      customerId: customer.userId,
      products: lines.map((l) => ({ productId: l._id, quantity: l.count ?? 1, price: l.price })),
      totalAmount: total,
      shippingInfo: {
        firstName: 'Asha',
        lastName: 'Verma',
        email: customer.email,
        address: '12 Hazratganj',
        city: 'Lucknow',
        state: 'Uttar Pradesh',
        postalCode: '226001',
        country: 'INDIA',
        phoneNumber: '9876543210',
      },
      paymentInfo: { method: 'Credit Card', status: 'Pending' },
    },
  })
  expect(placed.ok(), await placed.text()).toBeTruthy()
  return (await placed.json()).data[0]
}

/** Pays an order in the sandbox as the checkout dialog does: open the payment, Pay, verify. */
export async function payOrderByApi(
  request: APIRequestContext,
  customer: Pick<Customer, 'accessToken'>,
  orderId: string,
) {
  const headers = { authorization: `Bearer ${customer.accessToken}` }
  const session = await (await request.post('/api/v1/payments/create', { headers, data: { orderId } })).json()
  const paid = await (
    await request.post('/api/v1/payments/sandbox/pay', { headers, data: { razorpay_order_id: session.id } })
  ).json()
  const verified = await request.post('/api/v1/payments/verify', {
    headers,
    data: {
      orderId,
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    },
  })
  expect(verified.ok(), await verified.text()).toBeTruthy()
}

/** Waits until the page's code has hydrated it: a tap before then reaches only the server's HTML. */
export async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/**
 * How many pixels a page is wider than the width the test set. A phone browser zooms out to fit a
 * wide page, so window.innerWidth grows with the page: never measure against it.
 */
export async function horizontalOverflow(page: Page): Promise<number> {
  const width = page.viewportSize()?.width ?? 0
  return (await page.evaluate(() => document.documentElement.scrollWidth)) - width
}

/**
 * After a document load, waits for its code to take over when the document is one of the shop's pages:
 * the code is fetched after the first paint (decision 105), and a tap before it reaches only the HTML.
 */
async function settle(page: Page, response: Response | null, waitUntil: string | undefined) {
  if (!response || waitUntil === 'commit') return
  if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return
  await hydrated(page)
}

type Fixtures = { customer: Customer; signedInPage: Page }

export const test = base.extend<Fixtures>({
  // The test's page: with JavaScript on, `goto` and `reload` return once the page's code runs.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        await settle(page, response, options?.waitUntil)
        return response
      }
      page.reload = async (options) => {
        const response = await reload(options)
        await settle(page, response, options?.waitUntil)
        return response
      }
    }
    await use(page)
  },
  customer: async ({ request }, use) => {
    await use(await registerCustomer(request))
  },
  signedInPage: async ({ page, customer }, use) => {
    await signInBrowser(page, customer)
    await use(page)
  },
})

export { expect }
