import { mkdirSync } from 'node:fs'
import { devices, type Page } from '@playwright/test'
import { returnsConsoleText } from '../../app/features/admin/returns-parts.tsx'
import { returnWords } from '../../app/features/orders/return-messages.ts'
import { formatPaise } from '../../contracts/money.ts'
import { returnText } from '../../contracts/return-requests.ts'
import { loadTranslations } from '../../server/lib/i18n.ts'
import { mailTextsIn } from '../../server/modules/mail/messages.ts'
import { pngFile, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, mailboxOf, signInBrowser, test } from './fixtures.ts'
import { deliveredPair } from './return-helpers.ts'

// The phone the issue names: 390 × 844 with touch.
const phone = { width: 390, height: 844 }
test.use({ viewport: phone })

// The e-mails' texts are compiled messages, as the shop sends them: their placeholders need the catalogue.
loadTranslations()

/**
 * What the phone shows at this moment (`-screen.png`: after each step the request's heading has the focus),
 * then the whole page from its top, where the sticky header belongs.
 */
async function shoot(page: Page, path: string) {
  await page.screenshot({ path: `${path}-screen.png` })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${path}.png`, fullPage: true })
}

test('on a phone, staff approve a damaged piece with a courier pickup, inspect it and refund it online; the customer sees the refund', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000)
  const shots = 'test-results/return-console-phone'
  mkdirSync(shots, { recursive: true })
  const { customer, pieces, order, staff } = await deliveredPair(request, 'Kavya Nair', 'consolereturn')
  const [stole, runner] = pieces
  const amount = formatPaise(1499_00)

  // 1. The customer asks to return one of the two pieces, damaged, with a photo.
  await signInBrowser(page, customer)
  await page.goto(`/OrderDetails/${order._id}`)
  await hydrated(page)
  const returns = page.getByTestId('order-returns')
  await returns.getByRole('button', { name: returnText.askReturn }).click()
  const form = page.getByTestId('return-form')
  await expect(form.getByRole('heading', { name: returnWords.formHeading })).toBeVisible()
  await form.getByLabel(returnText.reason.damaged).check()
  await form.getByLabel(`${returnWords.howMany} (${stole.title})`).selectOption('1')
  await form.getByLabel(returnWords.description).fill('The stole came torn along one edge.')
  await form
    .getByLabel(returnWords.addPhoto)
    .setInputFiles(await pngFile('torn.png', { r: 200, g: 60, b: 40 }))
  await expect(form.getByRole('img', { name: 'Your photo 1 of 1' })).toBeVisible()
  await expect(form.getByTestId('return-estimate')).toHaveText(amount)
  await form.getByRole('button', { name: returnWords.submit }).click()
  const card = returns.getByTestId('return-request')
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(/^Return RET-\d{4}-\d+$/)
  const number = ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').replace('Return ', '')
  await expect(returns.getByRole('status')).toHaveText(returnText.requested.replace('{number}', number))
  await expect(card.getByTestId('return-status')).toHaveText(returnText.status.requested)

  // 2. Staff act on it from the console, on their own phone.
  const staffContext = await browser.newContext({ ...devices['Pixel 7'], viewport: phone })
  const console = await staffContext.newPage()
  // The pickup's tracking number, as the console shows it: the customer is given the same.
  let awb = ''
  try {
    await signInAsStaff(console, staff)
    await console.goto('/admin/returns')
    await hydrated(console)
    await expect(console.getByRole('heading', { level: 1, name: returnsConsoleText.title })).toBeVisible()
    await expect(console.getByRole('button', { name: returnsConsoleText.tabs.open })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const open = console.getByRole('link', { name: `Return ${number}` })
    const row = console
      .getByRole('list', { name: returnsConsoleText.tabs.open })
      .getByRole('listitem')
      .filter({ has: open })
    await expect(row).toContainText(returnsConsoleText.status.requested)
    await expect(row).toContainText(`${stole.title} × 1`)
    await expect(row).not.toContainText(runner.title)
    await expect(row).toContainText(`${returnText.reason.damaged} · Refund for 1 piece`)
    await expect(row).toContainText('1 photo from the customer')
    await expect(row).toContainText(amount)
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await row.scrollIntoViewIfNeeded()
    await shoot(console, `${shots}/01-queue`)

    // Opened, the request takes the phone's screen; the list is one tap back.
    await open.click()
    await expect(console).toHaveURL(/[?&]open=/)
    const detail = console.getByTestId('return-detail')
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(`Return ${number}`)
    await expect(console.getByRole('navigation', { name: 'Return statuses' })).toBeHidden()
    await expect(detail.getByRole('button', { name: /Back to the list/ })).toBeVisible()
    await expect(detail.getByText(returnsConsoleText.status.requested, { exact: true })).toBeVisible()
    await expect(detail).toContainText(order.orderID)
    await expect(detail).toContainText(customer.email)
    await expect(detail).toContainText('The stole came torn along one edge.')
    await expect(detail.getByRole('button', { name: 'Customer’s photo 1 of 1: enlarge' })).toBeVisible()
    await expect(detail.getByRole('listitem').filter({ hasText: `${stole.title} × 1` })).toContainText(amount)
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await shoot(console, `${shots}/02-requested`)

    // Approved with a pickup: the sandbox courier books it and answers its AWB.
    const approve = detail.getByRole('region', { name: 'Approve the return' })
    await approve.getByRole('radio', { name: /^Courier collects it/ }).check()
    await approve.getByRole('button', { name: 'Approve return' }).click()
    const pickup = detail.getByTestId('return-pickup')
    await expect(pickup).toHaveText(/^A courier collects it: .+, AWB SBX\d{10}/)
    awb = ((await pickup.textContent()) ?? '').match(/SBX\d{10}/)?.[0] ?? ''
    expect(awb).toMatch(/^SBX\d{10}$/)
    await expect(detail.getByText(returnsConsoleText.status.approved, { exact: true })).toBeVisible()
    await expect(approve).toHaveCount(0)
    const receive = detail.getByRole('region', { name: 'Mark received and inspected' })
    await expect(receive).toBeVisible()
    // The step done, the phone shows the request's heading, not the spot where the button was.
    await expect(detail.getByRole('heading', { level: 2 })).toBeInViewport()
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await shoot(console, `${shots}/03-approved`)

    // The parcel is back: not fit to sell, with a note and a photo of what came back.
    await receive.getByRole('radio', { name: /^No\b/ }).check()
    await receive.getByLabel('What you found (optional)').fill('Torn along one edge, as the photo showed.')
    await receive
      .getByLabel(/^Photos of what came back/)
      .setInputFiles(await pngFile('came-back.png', { r: 120, g: 90, b: 60 }))
    await expect(receive.getByRole('list', { name: 'Photos to send' }).getByRole('listitem')).toHaveCount(1)
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await receive.scrollIntoViewIfNeeded()
    await shoot(console, `${shots}/04-inspecting`)
    await receive.getByRole('button', { name: 'Mark received and inspected' }).click()
    await expect(detail.getByText(returnsConsoleText.status.received, { exact: true })).toBeVisible()
    await expect(detail).toContainText('Not fit to sell again')
    await expect(detail).toContainText('Torn along one edge, as the photo showed.')
    await expect(
      detail.getByRole('button', { name: 'Photo of what came back 1 of 1: enlarge' }),
    ).toBeVisible()
    await expect(receive).toHaveCount(0)
    const refund = detail.getByRole('region', { name: 'Refund the customer' })
    await expect(refund).toContainText(`${amount} goes back through the payment provider`)
    await expect(detail.getByRole('heading', { level: 2 })).toBeInViewport()
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await shoot(console, `${shots}/05-received`)

    // Refunded through the payment provider, after the question it asks first.
    await refund.getByRole('button', { name: `Refund ${amount} to the customer’s payment` }).click()
    const confirm = console.getByRole('dialog', { name: `Refund ${amount} now?` })
    await expect(confirm).toBeVisible()
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await console.screenshot({ path: `${shots}/06-confirm-refund.png` })
    await confirm.getByRole('button', { name: `Refund ${amount}`, exact: true }).click()
    await expect(confirm).toBeHidden()
    await expect(detail.getByTestId('return-refunded')).toContainText(
      `${amount} refunded to the customer’s payment`,
    )
    // The badge says so first; the history below ends with the same word.
    await expect(detail.getByText(returnsConsoleText.status.refunded, { exact: true }).first()).toBeVisible()
    await expect(refund).toHaveCount(0)
    const history = detail
      .locator('section')
      .filter({ has: console.getByRole('heading', { level: 3, name: 'History' }) })
    // Oldest first, each step once.
    await expect(history.getByRole('listitem')).toHaveText([
      new RegExp(`^${returnText.status.requested}`),
      new RegExp(`^${returnText.status.approved}`),
      new RegExp(`^${returnText.status.received}`),
      new RegExp(`^${returnText.status.refunded}`),
    ])
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
    await shoot(console, `${shots}/07-refunded`)

    // Back to the list: the refunded request has left the queue, and is under Refunded.
    await detail.getByRole('button', { name: /Back to the list/ }).click()
    await expect(console).not.toHaveURL(/[?&]open=/)
    await expect(open).toHaveCount(0)
    await console.getByRole('button', { name: returnsConsoleText.tabs.refunded }).click()
    await expect(open).toBeVisible()
    expect(await horizontalOverflow(console)).toBeLessThanOrEqual(1)
  } finally {
    await staffContext.close()
  }

  // 3. The customer's order page shows the refund, and the refund's e-mail has come.
  await page.reload()
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Return ${number}`)
  await expect(card.getByTestId('return-status')).toHaveText(returnText.status.refunded)
  await expect(card.getByTestId('return-refund')).toContainText(
    returnText.refundedTo.source.replace('{amount}', amount),
  )
  await expect(card).toContainText(awb)
  await expect(card.getByTestId('return-timeline').getByRole('listitem')).toHaveText([
    new RegExp(`^${returnText.status.refunded}`),
    new RegExp(`^${returnText.status.received}`),
    new RegExp(`^${returnText.status.approved}`),
    new RegExp(`^${returnText.status.requested}`),
  ])
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await card.scrollIntoViewIfNeeded()
  await shoot(page, `${shots}/08-customer-refunded`)

  const refundMail = mailTextsIn().returnRefunded(
    {
      returnNumber: number,
      orderNumber: order.orderID,
      customerName: customer.fullName,
      pieces: [{ title: stole.title, quantity: 1 }],
      amount: 1499_00,
    },
    '',
    { kind: 'source' },
    null,
  )
  await expect
    .poll(async () => (await mailboxOf(request, customer.email)).map((m) => m.subject))
    .toContain(refundMail.subject)
  const mail = (await mailboxOf(request, customer.email)).find((m) => m.subject === refundMail.subject)!
  expect(refundMail.subject).toContain(amount)
  expect(mail.text.replace(/\s+/g, ' ')).toContain(refundMail.paragraphs[1])
})
