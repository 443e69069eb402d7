import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { returnsConsoleText } from '../../app/features/admin/returns-parts.tsx'
import { formatPaise } from '../../contracts/money.ts'
import { returnText } from '../../contracts/return-requests.ts'
import { signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'
import { bearer, deliveredInSizes, staffReturnStep } from './return-helpers.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

/** What the phone shows now, then the whole page from its top. */
async function shoot(page: Page, path: string) {
  await page.screenshot({ path: `${path}-screen.png` })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${path}.png`, fullPage: true })
}

test('on a phone, staff approve an exchange for a cheaper size, send the replacement at once, receive the first and refund the difference', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  const shots = 'test-results/return-exchange-console-phone'
  mkdirSync(shots, { recursive: true })
  const { customer, piece, order, staff } = await deliveredInSizes(request, 'Arjun Rao', 'exchconsole', [
    { size: 'L', price: 1699, stock: 3 },
    { size: 'M', price: 1499, stock: 2 },
  ])
  const back = formatPaise(200_00)

  // The customer asks for the M instead of the L (by the API: the order page's form has its own test).
  const options = await request.get(`/api/v1/returns/options?orderId=${order._id}`, {
    headers: bearer(customer.accessToken),
  })
  const line = (await options.json()).data.lines[0] as {
    itemId: string
    exchangeTo: Array<{ variantId: string; title: string }>
  }
  const m = line.exchangeTo.find((v) => v.title === 'M')!
  const asked = await request.post('/api/v1/returns', {
    headers: bearer(customer.accessToken),
    data: {
      orderId: order._id,
      lines: [{ itemId: line.itemId, quantity: 1, exchangeFor: m.variantId }],
      reason: 'size',
      resolution: 'exchange',
    },
  })
  expect(asked.ok(), await asked.text()).toBeTruthy()
  const number = (await asked.json()).data.number as string

  await signInAsStaff(page, staff)
  await page.goto('/admin/returns')
  await hydrated(page)
  const open = page.getByRole('link', { name: `Return ${number}` })
  const row = page.getByRole('list', { name: returnsConsoleText.tabs.open }).getByRole('listitem').filter({
    has: open,
  })
  await expect(row).toContainText(`${returnText.reason.size} · Exchange for 1 piece`)
  await open.click()
  const detail = page.getByTestId('return-detail')
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(`Return ${number}`)
  await expect(detail).toContainText('wants an exchange for another size or colour')
  await expect(detail.getByTestId('exchange-line')).toHaveText(
    `Send instead: ${piece.title} (M) × 1 at ${formatPaise(1499_00)} each`,
  )
  await expect(detail).toContainText(`Difference refunded${back}`)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await shoot(page, `${shots}/01-requested`)

  // Approved: the M is set aside.
  const approve = detail.getByRole('region', { name: 'Approve the exchange' })
  await expect(approve.getByTestId('exchange-reserve')).toHaveText(
    `Approving sets aside ${piece.title} (M) × 1 from stock for the customer.`,
  )
  await approve.getByRole('radio', { name: /^Courier collects it/ }).check()
  await approve.getByRole('button', { name: 'Approve exchange' }).click()
  await expect(detail.getByTestId('return-pickup')).toHaveText(/^A courier collects it: .+, AWB SBX\d{10}/)
  await expect(approve).toHaveCount(0)

  // The replacement goes at once, before the L is back, after the question it asks first.
  const send = detail.getByRole('region', { name: 'Send the replacement' })
  await expect(send).toContainText('The parcel coming back is not here yet')
  await expect(detail.getByRole('region', { name: 'Mark received and inspected' })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await send.scrollIntoViewIfNeeded()
  await shoot(page, `${shots}/02-approved`)
  await send.getByRole('button', { name: 'Send the replacement now' }).click()
  const confirm = page.getByRole('dialog', { name: 'Book the replacement with the courier?' })
  await confirm.getByRole('button', { name: 'Book the courier' }).click()
  await expect(confirm).toBeHidden()
  const sent = detail.getByTestId('replacement-sent')
  await expect(sent).toContainText(/AWB SBX\d{10}/)
  await expect(sent).toContainText(/Invoice \S+\./)
  await expect(send).toHaveCount(0)
  await expect(detail.getByRole('button', { name: 'Download the label' })).toBeVisible()

  // The L comes back, fit to sell; then the difference is refunded and the exchange is done.
  const receive = detail.getByRole('region', { name: 'Mark received and inspected' })
  await receive.getByRole('radio', { name: /^Yes, as new/ }).check()
  await receive.getByRole('button', { name: 'Mark received and inspected' }).click()
  const refund = detail.getByRole('region', { name: 'Refund the difference' })
  await expect(refund).toContainText(`The pieces sent instead cost ${back} less`)
  await expect(detail.getByText('To refund the difference', { exact: true })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await shoot(page, `${shots}/03-received`)
  await refund.getByRole('button', { name: `Refund ${back} to the customer’s payment` }).click()
  const sure = page.getByRole('dialog', { name: `Refund ${back} now?` })
  await sure.getByRole('button', { name: `Refund ${back}`, exact: true }).click()
  await expect(sure).toBeHidden()
  await expect(detail.getByTestId('return-refunded')).toContainText(
    `${back} refunded to the customer’s payment`,
  )
  await expect(detail.getByText(returnsConsoleText.status.exchanged, { exact: true }).first()).toBeVisible()
  const history = detail
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'History' }) })
  await expect(history.getByRole('listitem')).toHaveText([
    new RegExp(`^${returnText.status.requested}`),
    new RegExp(`^${returnText.status.approved}`),
    new RegExp(`^${returnText.status.exchanged}`),
    new RegExp(`^${returnText.status.received}`),
    new RegExp(`^${returnText.status.refunded}`),
  ])
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await shoot(page, `${shots}/04-exchanged`)
})

test('on a phone, staff call off an exchange the customer has not paid for: the piece is refunded instead', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const shots = 'test-results/return-exchange-console-phone'
  mkdirSync(shots, { recursive: true })
  const { customer, order, staff, token } = await deliveredInSizes(request, 'Farah Khan', 'exchoff', [
    { size: 'M', price: 1499, stock: 2 },
    { size: 'L', price: 1699, stock: 1 },
  ])
  const options = await request.get(`/api/v1/returns/options?orderId=${order._id}`, {
    headers: bearer(customer.accessToken),
  })
  const line = (await options.json()).data.lines[0] as {
    itemId: string
    exchangeTo: Array<{ variantId: string; title: string }>
  }
  const asked = await request.post('/api/v1/returns', {
    headers: bearer(customer.accessToken),
    data: {
      orderId: order._id,
      lines: [
        {
          itemId: line.itemId,
          quantity: 1,
          exchangeFor: line.exchangeTo.find((v) => v.title === 'L')!.variantId,
        },
      ],
      reason: 'size',
      resolution: 'exchange',
    },
  })
  expect(asked.ok(), await asked.text()).toBeTruthy()
  const made = (await asked.json()).data as { _id: string; number: string }
  await staffReturnStep(request, token, made._id, 'approve', { method: 'send' })

  await signInAsStaff(page, staff)
  await page.goto(`/admin/returns?open=${made._id}`)
  await hydrated(page)
  const detail = page.getByTestId('return-detail')
  const send = detail.getByRole('region', { name: 'Send the replacement' })
  await expect(send.getByTestId('exchange-waiting')).toContainText(
    `Waiting for the customer to pay ${formatPaise(200_00)}`,
  )
  await expect(send.getByRole('button', { name: 'Send the replacement now' })).toBeDisabled()
  await send.getByText('Refund instead of exchanging').click()
  await send.getByRole('button', { name: 'Refund instead…' }).click()
  await expect(send.getByText('Say why, in a sentence the customer will read.')).toBeVisible()
  await send
    .getByLabel('Why (required; the customer reads this)')
    .fill('You have not paid the difference in a week.')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await send.scrollIntoViewIfNeeded()
  await shoot(page, `${shots}/05-call-off`)
  await send.getByRole('button', { name: 'Refund instead…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Call the exchange off?' })
  await confirm.getByRole('button', { name: 'Refund instead', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(detail).toContainText('wants a refund')
  await expect(send).toHaveCount(0)
  await expect(detail.getByRole('region', { name: 'Mark received and inspected' })).toBeVisible()
  await expect(detail).toContainText('You have not paid the difference in a week.')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
})
