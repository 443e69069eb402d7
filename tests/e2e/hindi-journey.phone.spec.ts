import { confirmationTexts } from '../../app/features/orders/messages.ts'
import { cartMessages } from '../../app/lib/cart-messages.ts'
import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import { checkoutLabels, paymentTexts } from '../../app/lib/checkout-messages.ts'
import { formatRupees } from '../../app/lib/format.ts'
import { loadTranslations } from '../../server/lib/i18n.ts'
import { listedProducts } from './cart-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

// The Hindi shop on a phone (issue 17, docs/decisions/097): switched in the header on the home page,
// a product found and bought, paid in the sandbox, and confirmed — every step in Hindi.
const hi = loadTranslations().hi.t
test.use({ viewport: { width: 390, height: 844 } })

test('switch to Hindi on the home page, browse to a product, add it to the cart and check out in Hindi', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Kavita Rao')
  const [product] = await listedProducts(request)
  await signInBrowser(page, customer)

  await page.goto('/')
  await page.getByTestId('language-switch').click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await expect(page.getByRole('heading', { name: hi('Shop by category') })).toBeVisible()

  // Browse: the drawer's category, then the product from its listing.
  await hydrated(page)
  await page.getByRole('button', { name: hi('Open menu') }).click()
  await page
    .getByRole('navigation', { name: hi('Mobile') })
    .getByRole('link', { name: hi('Handloom') })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await page.goto(`/Productdetails/${product!._id}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible()
  await expect(page.getByRole('heading', { name: hi('Customer reviews') })).toBeVisible()
  await page
    .getByRole('button', { name: hi(catalogueText.addToCart), exact: true })
    .first()
    .click()
  await expect(page.getByText(hi(cartMessages.added)).first()).toBeVisible()

  // The choice survives a reload, and the server's own HTML is Hindi.
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  const html = await (await page.context().request.get(`/Productdetails/${product!._id}`)).text()
  expect(html).toContain('<html lang="hi-IN"')
  expect(html).toContain(hi('Customer reviews'))

  await page.goto('/Cart')
  await hydrated(page)
  const proceed = page
    .getByRole('button', { name: hi(cartMessages.proceed) })
    .or(page.getByRole('link', { name: hi(cartMessages.proceed) }))
  await proceed.click()

  await expect(page.getByText(hi(checkoutLabels.total))).toBeVisible()
  await page.getByLabel(hi('First name *')).fill('Kavita')
  await page.getByLabel(hi('Last name *')).fill('Rao')
  await page.getByLabel(hi('Address *')).fill('22 Civil Lines')
  await page.getByLabel(hi('PIN code *')).pressSequentially('226001')
  await expect(page.getByLabel(hi('City *'))).toHaveValue('Lucknow')
  await page.getByLabel(hi('Phone number *')).pressSequentially('9829012345')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.getByRole('button', { name: hi(checkoutLabels.placeOrder) }).click()

  const dialog = page.getByRole('dialog', { name: hi(paymentTexts.sandboxTitle) })
  await dialog
    .getByRole('button', { name: hi('Pay {amount}', { amount: formatRupees(product!.price) }) })
    .click()

  await expect(page).toHaveURL(/\/Order-History$/)
  const confirmation = page.getByTestId('order-confirmation')
  await expect(confirmation.getByRole('heading', { name: hi(confirmationTexts.heading) })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: 'test-results/hindi-journey-confirmation.png' })
})
