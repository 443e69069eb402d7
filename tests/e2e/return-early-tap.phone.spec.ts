import { returnWords } from '../../app/features/orders/return-messages.ts'
import { returnText } from '../../contracts/return-requests.ts'
import { expect, signInBrowser, test } from './fixtures.ts'
import { deliveredInSizes } from './return-helpers.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

test("on a slow phone, 'Return or replace items' tapped before the page's code has come opens the form once it has", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const { customer, order } = await deliveredInSizes(request, 'Nisha Pillai', 'earlytap', [
    { size: 'M', price: 1499, stock: 2 },
    { size: 'L', price: 1699, stock: 2 },
  ])
  await signInBrowser(page, customer)
  // The page's scripts are held back until the tap has been made: the page is the server's alone.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\.js(\?|$)/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/OrderDetails/${order._id}`, { waitUntil: 'commit' })
  const ask = page.getByTestId('order-returns').getByRole('button', { name: returnText.askReturn })
  await ask.click()
  await expect(page).toHaveURL(/[?&]return=open/)
  release()
  await expect(
    page.getByTestId('return-form').getByRole('heading', { name: returnWords.formHeading }),
  ).toBeVisible()
})
