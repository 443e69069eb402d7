import { mkdirSync, readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { returnWords } from '../../app/features/orders/return-messages.ts'
import { paymentTexts } from '../../app/lib/checkout-messages.ts'
import { formatRupees } from '../../contracts/money.ts'
import { returnText } from '../../contracts/return-requests.ts'
import { expect, horizontalOverflow, hydrated, signInBrowser, test } from './fixtures.ts'
import { deliveredInSizes, staffReturnStep } from './return-helpers.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')

/**
 * What the phone shows at this moment, then all of the part of the page the step is about (the sticky header
 * left at the page's top, so it does not cover the part as it is scrolled through).
 */
async function shoot(page: Page, part: Locator, path: string) {
  await page.screenshot({ path: `${path}-screen.png` })
  await part.screenshot({ path: `${path}.png`, style: 'header { position: static !important; }' })
}

test('on a phone, a customer exchanges a kurta in M for the dearer L, pays the difference and follows the replacement', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  const shots = 'test-results/return-exchange-phone'
  mkdirSync(shots, { recursive: true })
  const { customer, piece, order, token } = await deliveredInSizes(request, 'Meera Iyer', 'exchange', [
    { size: 'M', price: 1499, stock: 4 },
    { size: 'L', price: 1699, stock: 2 },
    { size: 'XL', price: 1699, stock: 0 },
  ])
  const due = formatRupees(200)

  // 1. The customer asks to exchange the M for an L because it does not fit.
  await signInBrowser(page, customer)
  await page.goto(`/OrderDetails/${order._id}`)
  await hydrated(page)
  const returns = page.getByTestId('order-returns')
  await returns.getByRole('button', { name: returnText.askReturn }).click()
  const form = page.getByTestId('return-form')
  await expect(form.getByRole('heading', { name: returnWords.formHeading })).toBeVisible()
  await form.getByLabel(returnText.reason.size).check()
  // The exchange is offered once a piece with other sizes is chosen.
  const exchange = form.getByRole('radio', { name: returnText.resolution.exchange })
  await expect(exchange).toHaveCount(0)
  await form.getByLabel(`${returnWords.howMany} (${piece.title})`).selectOption('1')
  await exchange.check()

  const choice = form.getByTestId('exchange-choice')
  await expect(choice).toContainText(returnText.exchangeFor)
  const size = (name: string) => choice.getByRole('radio', { name: new RegExp(`^${name} `) })
  await expect(size('M')).toBeEnabled()
  await expect(choice.getByText(returnText.exchangeSame)).toBeVisible()
  // The XL is sold out: shown, marked, not chosen.
  await expect(size('XL')).toBeDisabled()
  await expect(choice.getByText(returnWords.soldOut)).toBeVisible()

  // Sent without a choice: the form asks for one there.
  await form.getByRole('button', { name: returnWords.submit }).click()
  await expect(form.getByRole('alert')).toHaveText(returnWords.fixFields)
  await expect(size('M')).toBeFocused()
  await expect(choice).toContainText(fill(returnText.exchangeChoose, { title: `${piece.title} (M)` }))

  await size('L').check()
  await expect(choice.getByTestId('exchange-difference')).toHaveText(
    fill(returnText.exchangeDue, { amount: due }),
  )
  const summary = form.getByTestId('return-summary')
  await expect(summary).toContainText(returnWords.exchangeSummaryHeading)
  await expect(summary).toContainText(fill(returnWords.exchangeLine, { from: 'M', to: 'L' }))
  await expect(form.getByTestId('return-estimate')).toHaveText(due)
  // Paid online: no UPI or bank account is asked for.
  await expect(form.getByText(returnWords.refundLegend)).toHaveCount(0)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await choice.scrollIntoViewIfNeeded()
  await shoot(page, form, `${shots}/01-form-exchange`)
  await summary.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shots}/01-form-summary-screen.png` })

  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/returns',
  )
  await form.getByRole('button', { name: returnWords.submit }).click()
  const made = await answered
  expect(made.status(), await made.text()).toBe(200)
  const returnId = (await made.json()).data._id as string

  const card = returns.getByTestId('return-request')
  await expect(card.getByTestId('return-status')).toHaveText(returnText.status.requested)
  await expect(card.getByTestId('return-line-exchange')).toHaveText(
    fill(returnWords.exchangeLine, { from: 'M', to: 'L' }),
  )
  await expect(card.getByTestId('return-exchange')).toContainText(
    fill(returnText.exchangeDue, { amount: due }),
  )
  // Nothing to pay before staff approve.
  await expect(card.getByRole('button', { name: fill(returnText.exchangePay, { amount: due }) })).toHaveCount(
    0,
  )

  // 2. Staff approve it, the customer to send the M back.
  await staffReturnStep(request, token, returnId, 'approve', { method: 'send' })

  // 3. The customer pays the difference from the order page, in the sandbox's payment window.
  await page.reload()
  await expect(card.getByTestId('return-status')).toHaveText(returnText.status.approved)
  const pay = card.getByRole('button', { name: fill(returnText.exchangePay, { amount: due }) })
  await expect(pay).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await card.scrollIntoViewIfNeeded()
  await shoot(page, card, `${shots}/02-card-pay`)
  await pay.click()
  const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
  const confirm = dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) })
  await expect(confirm).toBeInViewport()
  await expect(dialog).toContainText(due)
  await page.screenshot({ path: `${shots}/02-payment-window.png` })
  await confirm.click()
  await expect(dialog).toBeHidden()
  await expect(card.getByTestId('return-exchange')).toContainText(
    fill(returnText.exchangePaid, { amount: due }),
  )
  await expect(pay).toHaveCount(0)

  // 4. Staff send the replacement: the courier's tracking number is the customer's too.
  const sent = await staffReturnStep(request, token, returnId, 'send-replacement', {})
  const awb = sent.exchange?.replacement?.awb ?? ''
  expect(awb).not.toBe('')

  await page.reload()
  const replacement = card.getByTestId('return-replacement')
  await expect(replacement).toContainText(
    fill(returnText.replacementSent, { courier: sent.exchange?.replacement?.courier ?? '', awb }),
  )
  // Sent before the M is back: the card reads as sent, as its timeline's latest step does.
  await expect(card.getByTestId('return-status')).toHaveText(returnText.status.exchanged)
  await expect(card.getByTestId('return-timeline').getByRole('listitem').first()).toContainText(
    returnText.status.exchanged,
  )
  await expect(card.getByTestId('return-exchange')).toContainText(
    fill(returnText.exchangePaid, { amount: due }),
  )
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await card.scrollIntoViewIfNeeded()
  await shoot(page, card, `${shots}/03-card-replacement`)

  // The replacement's tax invoice downloads from the card.
  const invoice = sent.exchange?.invoice ?? ''
  expect(invoice).not.toBe('')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: fill(returnWords.invoice, { number: invoice }) }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${invoice.replace(/\//g, '-')}.pdf`)
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-')
})

test('on a phone, a cash-on-delivery customer exchanges for a cheaper size: a piece without sizes is left out, and the refund needs a UPI ID', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const shots = 'test-results/return-exchange-phone'
  mkdirSync(shots, { recursive: true })
  const { customer, piece, plain, order } = await deliveredInSizes(
    request,
    'Ravi Kumar',
    'exchangecod',
    [
      { size: 'M', price: 1499, stock: 3 },
      { size: 'S', price: 1299, stock: 3 },
      { size: 'L', price: 1699, stock: 3 },
    ],
    { cod: true, plain: true },
  )
  const stole = plain!
  const back = formatRupees(200)

  await signInBrowser(page, customer)
  await page.goto(`/OrderDetails/${order._id}`)
  await hydrated(page)
  const returns = page.getByTestId('order-returns')
  await returns.getByRole('button', { name: returnText.askReturn }).click()
  const form = page.getByTestId('return-form')
  await form.getByLabel(returnText.reason.size).check()
  // A piece without sizes alone: no exchange is offered.
  const stoleQuantity = form.getByLabel(`${returnWords.howMany} (${stole.title})`)
  await stoleQuantity.selectOption('1')
  const exchange = form.getByRole('radio', { name: returnText.resolution.exchange })
  await expect(exchange).toHaveCount(0)
  await form.getByLabel(`${returnWords.howMany} (${piece.title})`).selectOption('1')
  await exchange.check()

  // The piece without sizes is left out of the exchange, and says so.
  await expect(stoleQuantity).toBeDisabled()
  await expect(form.getByTestId('return-line').filter({ hasText: stole.title })).toContainText(
    returnWords.notExchangeable,
  )
  await expect(form.getByTestId('exchange-left-out')).toHaveText(
    fill(returnWords.leftOut, { title: stole.title }),
  )
  await expect(form.getByTestId('exchange-choice')).toHaveCount(1)

  // Dearer: nothing comes back, so no UPI or bank account is asked for; cheaper: it is.
  const choice = form.getByTestId('exchange-choice')
  const size = (name: string) => choice.getByRole('radio', { name: new RegExp(`^${name} `) })
  await size('L').check()
  await expect(form.getByText(returnWords.refundLegend)).toHaveCount(0)
  await size('S').check()
  await expect(choice.getByTestId('exchange-difference')).toHaveText(
    fill(returnText.exchangeBack, { amount: back }),
  )
  await expect(form.getByText(returnWords.refundLegend)).toBeVisible()
  await expect(form.getByTestId('return-summary')).toContainText(returnWords.exchangeComesBack)
  await expect(form.getByTestId('return-estimate')).toHaveText(back)
  await form.getByRole('textbox', { name: returnWords.upi }).fill('ravi.kumar@okhdfc')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await choice.scrollIntoViewIfNeeded()
  await shoot(page, form, `${shots}/04-form-cod-cheaper`)

  await form.getByRole('button', { name: returnWords.submit }).click()
  const card = returns.getByTestId('return-request')
  await expect(card.getByTestId('return-status')).toHaveText(returnText.status.requested)
  await expect(card.getByTestId('return-line-exchange')).toHaveText(
    fill(returnWords.exchangeLine, { from: 'M', to: 'S' }),
  )
  await expect(card).not.toContainText(stole.title)
  await expect(card.getByTestId('return-refund')).toContainText(
    fill(returnWords.toBeRefunded, { amount: back }),
  )
  await expect(card.getByTestId('return-refund')).toContainText('UPI ra***@okhdfc')
  // The piece without sizes can still be asked back on its own.
  await expect(returns.getByRole('button', { name: returnText.askReturn })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await card.scrollIntoViewIfNeeded()
  await shoot(page, card, `${shots}/05-card-cod-cheaper`)
})
