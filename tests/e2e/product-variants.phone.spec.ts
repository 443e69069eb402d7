import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { cartMessages } from '../../app/lib/cart-messages.ts'
import { cartNoticeParam } from '../../app/lib/cart-notice.ts'
import { catalogueText } from '../../app/lib/catalogue-messages.ts'
import { formatRupees } from '../../contracts/money.ts'
import { variantKurta } from '../support/variant-kurta.ts'
import { apiCart, everyListedProduct } from './cart-helpers.ts'
import { expect, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

// Choosing a size and a colour on a phone (decision 129): the kurta the e2e shop is seeded with
// (tests/support/variants.ts, scripts/e2e-server.ts).
test.use({ viewport: { width: 390, height: 844 } })

const shots = 'test-results/journey'

type Listed = {
  _id: string
  sku: string
  variants: Array<{ _id: string; title: string; price: number; thumbnail: string[] }>
}

async function theKurta(request: APIRequestContext) {
  const kurta = (await everyListedProduct<Listed>(request)).find((p) => p.sku === variantKurta.sku)
  expect(kurta, 'the e2e shop holds the variant kurta (scripts/e2e-server.ts)').toBeTruthy()
  const variant = (title: string) => kurta!.variants.find((v) => v.title === title)!
  return { id: kurta!._id, variant }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A value of an option, by its name as read (a struck-through one reads 'L (sold out)'). */
const value = (page: Page, option: string, name: string) =>
  page
    .getByRole('radiogroup', { name: option })
    .getByRole('radio', { name: new RegExp(`^${escapeRe(name)}(?: \\(|$)`) })
const mainButton = (page: Page) => page.getByTestId('buy-row').getByRole('button').first()
const mainPicture = (page: Page) => page.getByTestId('gallery').locator('img').first()
const pathOf = (url: string) => url.replace(/-800\.webp$/, '')
const variantUrl = (id: string, variantId: string) =>
  new RegExp(`/Productdetails/${id}\\?variant=${escapeRe(variantId)}$`)

test('a size and a colour are chosen on the page, kept in its address, and added to the cart', async ({
  signedInPage: page,
  request,
  customer,
}) => {
  const { id, variant } = await theKurta(request)
  const [mIndigo, mRed, sRed, sIndigo, lIndigo] = [
    'M / Indigo',
    'M / Madder red',
    'S / Madder red',
    'S / Indigo',
    'L / Indigo',
  ].map(variant)
  await page.goto(`/Productdetails/${id}`)

  // No choice in the address: the default variant is chosen, so a price shows at once.
  await expect(value(page, 'Size', 'M')).toHaveAttribute('aria-checked', 'true')
  await expect(value(page, 'Colour', 'Indigo')).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('detail-price')).toHaveText(formatRupees(mIndigo!.price))
  await expect(mainPicture(page)).toHaveAttribute('src', new RegExp(escapeRe(pathOf(mIndigo!.thumbnail[0]!))))
  const firstPicture = await mainPicture(page).getAttribute('src')
  // Each value is big enough to tap.
  for (const box of await page
    .getByRole('radio')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)

  // Another colour: its price, its picture, and the address names the variant, without the page moving.
  const red = value(page, 'Colour', 'Madder red')
  await red.scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  await red.tap()
  await expect(page).toHaveURL(variantUrl(id, mRed!._id))
  await expect(red).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('detail-price')).toHaveText(formatRupees(mRed!.price))
  await expect(mainPicture(page)).toHaveAttribute('src', new RegExp(escapeRe(pathOf(mRed!.thumbnail[0]!))))
  expect(await mainPicture(page).getAttribute('src')).not.toBe(firstPicture)
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  // L is not made in Madder red: struck through, still there.
  await expect(value(page, 'Size', 'L')).toHaveCSS('text-decoration-line', 'line-through')

  // Then a size.
  await value(page, 'Size', 'S').tap()
  await expect(page).toHaveURL(variantUrl(id, sRed!._id))
  await expect(value(page, 'Size', 'S')).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('detail-sku')).toHaveText(/MADDER-RED/)

  // A reload (or a shared link) opens the same piece.
  await page.reload()
  await expect(value(page, 'Size', 'S')).toHaveAttribute('aria-checked', 'true')
  await expect(value(page, 'Colour', 'Madder red')).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('detail-price')).toHaveText(formatRupees(sRed!.price))

  // L in Indigo is sold out: struck through, and choosing it shows it so, with Add To Cart disabled.
  await value(page, 'Colour', 'Indigo').tap()
  await expect(page).toHaveURL(variantUrl(id, sIndigo!._id))
  const large = value(page, 'Size', 'L')
  await expect(large).toHaveCSS('text-decoration-line', 'line-through')
  await large.tap()
  await expect(page).toHaveURL(variantUrl(id, lIndigo!._id))
  await expect(large).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('stock-line')).toHaveText(catalogueText.outOfStock)
  await expect(mainButton(page)).toBeDisabled()
  await expect(page.getByTestId('detail-price')).toHaveText(formatRupees(lIndigo!.price))
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: `${shots}/variant-sold-out.png` })

  // M in Indigo is in stock again: added, and the cart has that line.
  await value(page, 'Size', 'M').tap()
  await expect(page).toHaveURL(variantUrl(id, mIndigo!._id))
  await expect(page.getByTestId('stock-line')).toHaveText(catalogueText.onlyLeft(3))
  await expect(mainButton(page)).toBeEnabled()
  await mainButton(page).tap()
  await expect(page.getByText(cartMessages.added).first()).toBeVisible()
  await expect
    .poll(async () => (await apiCart(request, customer.accessToken)).items)
    .toMatchObject([{ productId: id, variantId: mIndigo!._id, quantity: 1 }])
  await page.goto('/Cart')
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: variantKurta.title })
  await expect(line).toContainText('M / Indigo')
})

test.describe('before the page code has come', () => {
  test.use({ javaScriptEnabled: false })

  test('a tap still chooses, and Add To Cart sends the variant chosen', async ({ page, request }) => {
    const { id, variant } = await theKurta(request)
    const mRed = variant('M / Madder red')
    const customer = await registerCustomer(request)
    await signInBrowser(page, customer)
    await page.goto(`/Productdetails/${id}`)
    await value(page, 'Colour', 'Madder red').click()
    await expect(page).toHaveURL(variantUrl(id, mRed._id))
    await expect(value(page, 'Colour', 'Madder red')).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByTestId('detail-price')).toHaveText(formatRupees(mRed.price))
    await page
      .getByTestId('buy-row')
      .getByRole('button', { name: catalogueText.addToCart, exact: true })
      .click()
    await expect(page).toHaveURL(
      new RegExp(`/Productdetails/${id}\\?variant=${escapeRe(mRed._id)}&${cartNoticeParam}=added$`),
    )
    expect((await apiCart(request, customer.accessToken)).items).toMatchObject([
      { productId: id, variantId: mRed._id, quantity: 1 },
    ])
  })
})

test('a card of a product with options says "from" and links to its page to choose', async ({
  page,
  request,
}) => {
  const { id } = await theKurta(request)
  await page.goto(`/products?search=${encodeURIComponent(variantKurta.title)}`)
  await hydrated(page)
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.locator(`a[href="/Productdetails/${id}"]`) })
  await expect(card.getByTestId('product-price')).toHaveText(
    catalogueText.priceFrom.replace('{price}', formatRupees(variantKurta.variants[0].price / 100)),
  )
  const choose = card.getByRole('link', { name: catalogueText.chooseOption.replace('{option}', 'size') })
  await expect(choose).toBeVisible()
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
  await choose.tap()
  await expect(page).toHaveURL(new RegExp(`/Productdetails/${id}$`))
  await expect(value(page, 'Size', 'M')).toHaveAttribute('aria-checked', 'true')
})
