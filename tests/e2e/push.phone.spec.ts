import { createECDH, randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { createAdminWithCli, type Staff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import {
  expect,
  horizontalOverflow,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  signInBrowser,
  test,
} from './fixtures.ts'

// Web push on the phone (issue 35, decision 144): asked for after an order and only on a tap, the browser's
// subscription handed to the shop, the next order update written for that device in the Outbox, the
// worker's notification of that update, and the device stopped in Settings.
//
// A headless browser has no push service to subscribe with (Chrome's is reached over the internet), so the
// browser's PushManager hands out a subscription made here, with a real P-256 key and auth secret, on the
// push service's address; the update is then handed to the worker as the push service would (DevTools'
// ServiceWorker.deliverPushMessage). Sending it to a push service is tested in tests/api/push.test.ts.
//
// Debian's full Chromium (in its own headless mode), not the headless build the other tests use: that build
// refuses every notification permission (scripts/ensure-chromium.ts installs both).
test.use({
  viewport: { width: 390, height: 844 },
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  },
})
const shots = 'test-results/push'
mkdirSync(shots, { recursive: true })

let staff: Staff
test.beforeAll(async () => {
  staff = await createAdminWithCli('push')
})

/** The browser's PushManager, answering with the subscription a push service would have made. */
async function pushServiceInBrowser(page: Page) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const subscription = {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  }
  await page.addInitScript((json) => {
    // The browser keeps a subscription across pages, as this one is kept in the phone's storage.
    const keptKey = 'test.push-subscription'
    const made = {
      ...json,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(keptKey)
        return true
      },
    }
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey
      // The shop's VAPID public key: a 65-byte P-256 point, as the push service requires.
      localStorage.setItem('test.subscribed-with', String(key instanceof Uint8Array ? key.length : -1))
      localStorage.setItem(keptKey, '1')
      return made as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async () =>
      localStorage.getItem(keptKey) ? (made as unknown as PushSubscription) : null
  }, subscription)
  return subscription
}

async function staffToken(request: APIRequestContext) {
  const res = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return (await res.json()).data.accessToken as string
}

test('asked after an order, a tap turns push on; the next update reaches the phone; stopped in Settings', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Lakshmi Pillai')
  const auth = { authorization: `Bearer ${customer.accessToken}` }
  const [product] = await listedProducts(request)
  const first = await placeOrderByApi(request, customer, [product!])
  await payOrderByApi(request, customer, first._id)

  await context.grantPermissions(['notifications'])
  await pushServiceInBrowser(page)
  await signInBrowser(page, customer)
  await page.addInitScript((id) => localStorage.setItem('orderId', id), first._id)

  // Never on arrival: the home page asks nothing.
  await page.goto('/')
  await expect(page.getByTestId('push-offer')).toHaveCount(0)

  await page.goto('/Order-History')
  const offer = page.getByTestId('order-confirmation').getByTestId('push-offer')
  await expect(offer.getByText('Get updates on this phone?')).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.getByTestId('order-confirmation').screenshot({ path: `${shots}/01-offer-after-order.png` })
  await offer.getByRole('button', { name: 'Turn on notifications' }).click()
  await expect(offer).toContainText('Notifications are on for this phone.')
  expect(await page.evaluate(() => localStorage.getItem('test.subscribed-with'))).toBe('65')

  const devices = await (await request.get('/api/v1/user/push-subscriptions', { headers: auth })).json()
  expect(devices.data).toHaveLength(1)
  expect(devices.data[0].device).toBe('Chrome on Android')

  // The next order's update is written for this device, beside its WhatsApp and e-mail.
  const second = await placeOrderByApi(request, customer, [product!])
  await payOrderByApi(request, customer, second._id)
  const token = await staffToken(request)
  let update: { text: string; template: string; to: string } | undefined
  await expect
    .poll(async () => {
      const outbox = await (
        await request.get('/api/v1/admin/outbox?channel=push', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
      update = outbox.data.items.find((m: { text: string }) => m.text.includes(second.orderID))
      return update?.template
    })
    .toBe('order-paid')
  expect(update!.to).toBe('Chrome on Android')

  // The push service hands the update to the shop's worker, which shows it.
  const devtools = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) =>
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await devtools.send('ServiceWorker.enable')
  const origin = new URL(page.url()).origin
  const payload = {
    title: 'Kalaa Setu',
    body: update!.text,
    url: `${origin}/orderDetails/${second._id}`,
    tag: `order-${second._id}`,
  }
  await devtools.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  })
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          url: (n.data as { url?: string } | null)?.url,
        })),
      ),
    )
    .toEqual([
      {
        title: 'Kalaa Setu',
        body: update!.text,
        tag: `order-${second._id}`,
        icon: `${origin}/icons/icon-192.png`,
        url: `${origin}/orderDetails/${second._id}`,
      },
    ])

  // Settings lists the device; Stop ends it, and the shop writes it no more updates.
  await page.goto('/profile')
  const settings = page.getByTestId('push-settings')
  await expect(settings.getByText('Chrome on Android')).toBeVisible()
  // On here already: nothing to turn on.
  await expect(settings.getByRole('button', { name: 'Turn on notifications on this phone' })).toHaveCount(0)
  await settings.scrollIntoViewIfNeeded()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/02-settings-device.png` })
  await settings.getByRole('button', { name: 'Stop notifications on Chrome on Android' }).click()
  await expect(settings.getByText('No device gets notifications yet.')).toBeVisible()
  const after = await (await request.get('/api/v1/user/push-subscriptions', { headers: auth })).json()
  expect(after.data).toEqual([])
  // The subscription is this phone's, stopped here: it may be turned on again.
  await expect(settings.getByRole('button', { name: 'Turn on notifications on this phone' })).toBeVisible()
})
