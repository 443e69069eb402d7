import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { offerKey } from '../../app/features/install/visits.ts'
import { apiAddToCart, listedProducts } from './cart-helpers.ts'
import { expect, horizontalOverflow, registerCustomer, signInBrowser, test } from './fixtures.ts'

// The shop as an app (issue 35, decision 142) on the phone most customers use: the offline worker registered
// once the page is idle, the shop offline after a visit (the product last seen opens again, anything else is
// the offline page, and the cart is never kept), and the install offer: not on the first visit, once from
// the second on.
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' })
const shots = 'test-results/app-install'
mkdirSync(shots, { recursive: true })

/** Waits until the shop's worker controls the page (it claims the page it was registered from). */
async function workerInCharge(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js$/)
}

/** The addresses of the pages the worker has kept. */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('shop-pages-'))
    const kept = await Promise.all(
      names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)),
    )
    return kept.flat()
  })

test('offline after a visit: the product last seen opens again, the cart and unseen pages do not', async ({
  page,
  context,
  request,
}) => {
  const [seen, unseen] = await listedProducts(request)
  const customer = await registerCustomer(request, 'Kavya Rao')
  await apiAddToCart(request, customer.accessToken, seen!._id)
  await signInBrowser(page, customer)

  await page.goto('/')
  await workerInCharge(page)
  await page.goto(`/Productdetails/${seen!._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seen!.title)
  await expect.poll(() => keptPages(page)).toContain(new URL(`/Productdetails/${seen!._id}`, page.url()).href)
  await page.goto('/Cart')
  await expect(page.getByText(seen!.title).first()).toBeVisible()
  // Nothing of the customer's own is kept: not the cart page, not an API answer.
  const everything = await page.evaluate(async () => {
    const all = await Promise.all(
      (await caches.keys()).map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)),
    )
    return all.flat()
  })
  expect(everything.filter((u) => /\/Cart|\/api\//.test(u))).toEqual([])

  await context.setOffline(true)
  await page.goto(`/Productdetails/${seen!._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seen!.title)
  await page.screenshot({ path: `${shots}/01-offline-product-kept.png` })

  // The offline page has no code of its own to wait for.
  await page.goto('/Cart', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline')
  // The offline page lists what can be opened now: the product seen.
  await expect(page.getByRole('link', { name: seen!.title })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/02-offline-cart.png` })

  await page.goto(`/Productdetails/${unseen!._id}`, { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline')
  await page.getByRole('link', { name: seen!.title }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seen!.title)

  await context.setOffline(false)
  await page.goto('/Cart')
  await expect(page.getByText(seen!.title).first()).toBeVisible()
})

/**
 * The browser's own install offer, as Chromium fires it on an installable site (a headless browser never
 * does): an event with `prompt()` and `userChoice`, which records whether the shop held it back and used it.
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  return page.evaluate((outcome) => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        ;(window as unknown as { prompted: number }).prompted =
          ((window as unknown as { prompted?: number }).prompted ?? 0) + 1
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    })
    dispatchEvent(event)
    return event.defaultPrevented
  }, outcome)
}

/** A new visit: a new tab of the same browser (its own session, the same phone's storage). */
async function visit(page: Page, visits: number) {
  await page.goto('/')
  // The shop app's code has come (at idle) and counted the visit.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shop.visits'))).toBe(String(visits))
}

test('the install offer: never on the first visit, shown once on the second, not again once answered', async ({
  page,
  context,
}) => {
  await visit(page, 1)
  expect(await offerInstall(page, 'dismissed')).toBe(true)
  // The offer is decided as soon as the event is handled: the first visit marks nothing as shown.
  expect(await page.evaluate((key) => localStorage.getItem(key), offerKey)).toBeNull()
  await expect(page.getByTestId('install-offer')).toHaveCount(0)

  const second = await context.newPage()
  await visit(second, 2)
  expect(await offerInstall(second, 'dismissed')).toBe(true)
  const offer = second.getByTestId('install-offer')
  await expect(offer).toBeVisible()
  await expect(offer.getByRole('heading')).toHaveText('Install the shop on your phone')
  expect(await horizontalOverflow(second)).toBeLessThanOrEqual(1)
  await second.screenshot({ path: `${shots}/03-install-offer.png` })
  await offer.getByRole('button', { name: 'Install' }).click()
  await expect(offer).toHaveCount(0)
  expect(await second.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1)
  // Declined in the browser's own dialog: the shop does not ask again.
  expect(await second.evaluate((key) => localStorage.getItem(key), offerKey)).toBe('dismissed')

  const third = await context.newPage()
  await visit(third, 3)
  expect(await offerInstall(third, 'accepted')).toBe(true)
  expect(await third.evaluate((key) => localStorage.getItem(key), offerKey)).toBe('dismissed')
  await expect(third.getByTestId('install-offer')).toHaveCount(0)
})
