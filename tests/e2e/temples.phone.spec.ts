import type { APIRequestContext, Page } from '@playwright/test'
import { contentText, templeServicesSoon } from '../../app/features/content/messages.ts'
import { cartMessages } from '../../app/lib/cart-messages.ts'
import { checkoutLabels, paymentTexts } from '../../app/lib/checkout-messages.ts'
import { templeServiceLabels } from '../../contracts/temples.ts'
import { createAdminWithCli, type Staff, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

// Temples' own pages on a phone (decision 099). These tests change only Somnath and Baidyanath, whose
// services other tests do not look at, and put them back.
test.use({ viewport: { width: 390, height: 844 } })

type TempleRow = Record<string, unknown> & { id: string; slug: string; name: string }

async function staffToken(request: APIRequestContext, staff: Staff) {
  const res = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return { authorization: `Bearer ${(await res.json()).data.accessToken}` }
}

async function templeRow(request: APIRequestContext, auth: Record<string, string>, slug: string) {
  const res = await request.get('/api/v1/admin/temples', { headers: auth })
  expect(res.ok()).toBeTruthy()
  const row = ((await res.json()).data as TempleRow[]).find((t) => t.slug === slug)
  expect(row, slug).toBeDefined()
  return row as TempleRow
}

/** The console form's body for a stored temple, with some fields changed. */
function templeBody(row: TempleRow, over: Record<string, unknown> = {}) {
  const hi = ((row.translations as { hi?: Record<string, string> }).hi ?? {}) as Record<string, string>
  return {
    name: row.name,
    slug: row.slug,
    location: row.location,
    about: row.about,
    image: row.image ?? '',
    images: row.images,
    servicesLink: row.servicesLink,
    virtualTourLink: row.virtualTourLink ?? '',
    liveAartiLink: row.liveAartiLink ?? '',
    orderParshadLink: row.orderParshadLink ?? '',
    bookGuideLink: row.bookGuideLink ?? '',
    nameHi: hi.name ?? '',
    locationHi: hi.location ?? '',
    aboutHi: hi.about ?? '',
    position: row.position,
    ...over,
  }
}

const card = (page: Page, name: string) =>
  page
    .getByTestId('temple-cards')
    .locator('li')
    .filter({ has: page.getByRole('heading', { name }) })

test('a temple’s card opens its own page, with its pictures and the service links staff set', async ({
  page,
  request,
  baseURL,
}) => {
  const auth = await staffToken(request, await createAdminWithCli('temple-links'))
  const somnath = await templeRow(request, auth, 'somnath')
  const aarti = `${baseURL}/AboutUs`
  const set = await request.put(`/api/v1/admin/temples/${somnath.id}`, {
    headers: auth,
    data: templeBody(somnath, { liveAartiLink: aarti, bookGuideLink: '/Support' }),
  })
  expect(set.ok(), await set.text()).toBeTruthy()
  try {
    await page.goto('/temple')
    await hydrated(page)
    const somnathCard = card(page, 'Somnath')
    // The spec's Visit Now still leads to /templedetails; the temple's own page has its own link.
    await expect(
      somnathCard.getByRole('link', { name: new RegExp(`^${contentText.visitNow}`) }),
    ).toHaveAttribute('href', '/templedetails?temple=somnath')
    await somnathCard.getByRole('link', { name: new RegExp(`^${contentText.templePage}`) }).tap()
    await expect(page).toHaveURL(/\/temple\/somnath$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Somnath')
    await expect(page.getByRole('heading', { name: contentText.aboutTemple })).toBeVisible()

    // The gallery: two pictures side by side to swipe through, the page itself no wider than the phone.
    const gallery = page.getByTestId('temple-gallery')
    await expect(gallery.getByRole('img')).toHaveCount(2)
    expect(await gallery.evaluate((g) => g.scrollWidth > g.clientWidth)).toBe(true)
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

    // Live Aarti and Book Guide open the links staff set, in a new tab; the other two have none yet.
    const services = page.getByTestId('temple-services')
    const live = services.getByRole('link', { name: new RegExp(`^${templeServiceLabels.liveAarti}`) })
    await live.scrollIntoViewIfNeeded()
    const [tab] = await Promise.all([page.waitForEvent('popup'), live.tap()])
    await expect(tab).toHaveURL(aarti)
    await tab.close()
    const guide = services.getByRole('link', { name: new RegExp(`^${templeServiceLabels.bookGuide}`) })
    const [guideTab] = await Promise.all([page.waitForEvent('popup'), guide.tap()])
    await expect(guideTab).toHaveURL(/\/Support$/)
    await guideTab.close()
    for (const key of ['virtualTour', 'orderParshad'] as const) {
      await expect(services.locator('li').filter({ hasText: templeServiceLabels[key] })).toContainText(
        templeServicesSoon,
      )
    }
    await expect(services.getByRole('link')).toHaveCount(2)
    await page.screenshot({ path: 'test-results/temples/somnath-phone.png', fullPage: true })

    // /templedetails, the spec's page, opens the same links.
    await page.goto('/templedetails?temple=somnath')
    await expect(
      page
        .getByTestId('temple-services')
        .getByRole('link', { name: new RegExp(`^${templeServiceLabels.liveAarti}`) }),
    ).toHaveAttribute('href', aarti)
  } finally {
    await request.put(`/api/v1/admin/temples/${somnath.id}`, { headers: auth, data: templeBody(somnath) })
  }
})

test('a prasad package ordered from its temple’s page, through cart, checkout and the sandbox payment', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Lakshmi Nair')
  await signInBrowser(page, customer)

  // The Prasad collection lists the temples' packages.
  await page.goto('/product/Prasad')
  await expect(page.getByRole('link', { name: /Kashi Vishwanath Prasad Box/ }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: /Mahakaleshwar Prasad Laddoo Box/ }).first()).toBeVisible()

  await page.goto('/temple')
  await hydrated(page)
  await card(page, 'Kashi Vishwanath')
    .getByRole('link', { name: new RegExp(`^${contentText.templePage}`) })
    .tap()
  await expect(page).toHaveURL(/\/temple\/kashi-vishwanath$/)
  await hydrated(page)
  const prasad = page.getByTestId('temple-prasad')
  // Order Parshad has no link of its own here, but the page sells the temple's prasad: the service leads
  // down to it instead of saying 'not available yet'.
  const service = page
    .getByTestId('temple-services')
    .getByRole('link', { name: templeServiceLabels.orderParshad })
  await expect(service).toHaveAttribute('href', '#temple-prasad')
  await expect(service).not.toContainText(templeServicesSoon)
  await service.tap()
  await expect(page.getByRole('heading', { name: contentText.prasad })).toBeInViewport()
  const box = prasad.getByTestId('product-card').filter({ hasText: 'Kashi Vishwanath Prasad Box' })
  await box.scrollIntoViewIfNeeded()
  await box.getByRole('button', { name: 'Add to Cart', exact: true }).tap()
  await expect(page.getByText(cartMessages.added).first()).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  await page.goto('/Cart')
  await expect(page.getByText('Kashi Vishwanath Prasad Box').first()).toBeVisible()
  await page
    .getByRole('button', { name: 'Proceed to Checkout' })
    .or(page.getByRole('link', { name: 'Proceed to Checkout' }))
    .tap()
  await expect(page.getByText(checkoutLabels.total)).toBeVisible()
  await page.getByLabel('First name *').fill('Lakshmi')
  await page.getByLabel('Last name *').fill('Nair')
  await page.getByLabel('Address *').fill('14 Assi Ghat Road')
  await page.getByLabel('PIN code *').pressSequentially('226001')
  await expect(page.getByLabel('City *')).toHaveValue('Lucknow')
  await page.getByLabel('Phone number *').pressSequentially('9829012345')
  await page.getByRole('button', { name: checkoutLabels.placeOrder }).tap()
  const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
  await dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) }).tap()
  await expect(page).toHaveURL(/\/Order-History$/)

  const orders = await request.get('/api/v1/order/allorder', {
    headers: { authorization: `Bearer ${customer.accessToken}` },
  })
  const [order] = (await orders.json()).data as Array<{
    paymentInfo: { status: string }
    products: Array<{ product: { title: string }; quantity: number }>
  }>
  expect(order!.paymentInfo.status).toBe('Paid')
  expect(order!.products.map((l) => [l.product.title, l.quantity])).toEqual([
    ['Kashi Vishwanath Prasad Box', 1],
  ])
})

test('in the console on a phone, staff set a temple’s Book Guide link and Hindi name; the shop shows them', async ({
  page,
  request,
  baseURL,
}) => {
  const staff = await createAdminWithCli('temple-console')
  const auth = await staffToken(request, staff)
  const baidyanath = await templeRow(request, auth, 'baidyanath')
  try {
    await signInAsStaff(page, staff)
    await page.goto('/admin/temples')
    await page.getByRole('button', { name: 'Edit Baidyanath' }).tap()
    const form = page.getByRole('region', { name: 'Edit temple' })
    await form.getByLabel(`${templeServiceLabels.bookGuide} link (optional)`).fill('https://example.in/guide')
    await form.getByLabel('Hindi name (optional)').fill('बाबा बैद्यनाथ धाम')
    // A link that is no address is refused in the form, saying what to enter.
    await form.getByLabel(`${templeServiceLabels.liveAarti} link (optional)`).fill('aarti at dawn')
    await form.getByRole('button', { name: 'Save changes' }).tap()
    await expect(
      form.getByLabel(`${templeServiceLabels.liveAarti} link (optional)`),
    ).toHaveAccessibleDescription(/address in the shop/)
    await form.getByLabel(`${templeServiceLabels.liveAarti} link (optional)`).fill('')
    await form.getByRole('button', { name: 'Save changes' }).tap()
    await expect(page.getByText('Temple saved')).toBeVisible()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

    // The storefront, as a visitor: the link on the temple's page, the Hindi name for Hindi readers.
    const visitor = await page
      .context()
      .browser()!
      .newContext({ baseURL, viewport: { width: 390, height: 844 } })
    const shop = await visitor.newPage()
    await shop.goto('/temple/baidyanath')
    await expect(
      shop
        .getByTestId('temple-services')
        .getByRole('link', { name: new RegExp(`^${templeServiceLabels.bookGuide}`) }),
    ).toHaveAttribute('href', 'https://example.in/guide')
    await shop.goto('/temple?lang=hi')
    await expect(
      shop.getByTestId('temple-cards').getByRole('heading', { name: 'बाबा बैद्यनाथ धाम' }),
    ).toBeVisible()
    await shop.goto('/temple/baidyanath?lang=hi')
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText('बाबा बैद्यनाथ धाम')
    await visitor.close()
  } finally {
    await request.put(`/api/v1/admin/temples/${baidyanath.id}`, {
      headers: auth,
      data: templeBody(baidyanath),
    })
  }
})
