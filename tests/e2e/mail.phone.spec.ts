import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { mailAnswers, recoveryTexts } from '../../contracts/mail-text.ts'
import { messageTexts } from '../../contracts/messages-text.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { listedProducts } from './cart-helpers.ts'
import {
  expect,
  horizontalOverflow,
  hydrated,
  linkFromMailbox,
  mailboxOf,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  test,
  uniqueEmail,
} from './fixtures.ts'

// The phone the issue names: 390 × 844 with touch.
test.use({ viewport: { width: 390, height: 844 } })

const shots = 'test-results/mail'
mkdirSync(shots, { recursive: true })

type OutboxRow = { _id: string; to: string; subject: string; kind: string }

/**
 * The browser tests' shop sends its e-mails to a local mail server (scripts/e2e-server.ts); the console's
 * outbox shows them to staff, and account mails' links reach only the recipient's mailbox (decision 109).
 */
async function staffToken(page: Page) {
  const staff = await createAdminWithCli('mail')
  await signInAsStaff(page, staff)
  return (await page.evaluate(() => localStorage.getItem('accessToken')))!
}

async function mailTo(request: APIRequestContext, token: string, to: string, subject: RegExp) {
  const headers = { authorization: `Bearer ${token}` }
  let found: OutboxRow | undefined
  await expect
    .poll(async () => {
      const list = await (await request.get('/api/v1/admin/outbox', { headers })).json()
      found = (list.data.items as OutboxRow[]).find((m) => m.to === to && subject.test(m.subject))
      return Boolean(found)
    })
    .toBe(true)
  const one = await (await request.get(`/api/v1/admin/outbox/${found!._id}`, { headers })).json()
  return one.data as OutboxRow & { html: string; text: string; status: string }
}

test('a customer resets a forgotten password from the e-mailed link and signs in with it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Nandini Rao', uniqueEmail('forgot'))
  const token = await staffToken(page)
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())

  await page.goto('/Login')
  await hydrated(page)
  await page.getByRole('link', { name: 'Forget Password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { name: recoveryTexts.forgotTitle })).toBeVisible()
  await page.getByLabel('Email').fill(customer.email)
  await page.getByRole('button', { name: recoveryTexts.sendLink }).click()
  await expect(page.getByText(mailAnswers.resetRequested)).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: `${shots}/forgot-password-390.png`, fullPage: true })

  // Staff (an owner here) see the reset e-mail with its link hidden; the customer's mailbox has the link.
  const mail = await mailTo(request, token, customer.email, /^Reset your/)
  expect(mail.text).toContain('token=hidden-from-staff')
  const link = await linkFromMailbox(request, customer.email, '/reset-password?token=', /^Reset your/)
  expect(link).not.toContain('hidden-from-staff')
  await page.goto(link!)
  await hydrated(page)
  await expect(page.getByRole('heading', { name: recoveryTexts.resetTitle })).toBeVisible()
  await page.getByLabel(recoveryTexts.newPassword, { exact: true }).fill('Naya@Pass2026')
  await page.getByLabel(recoveryTexts.confirmPassword, { exact: true }).fill('Naya@Pass2026')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: `${shots}/reset-password-390.png`, fullPage: true })
  await page.getByRole('button', { name: recoveryTexts.save }).click()
  await expect(page.getByText(mailAnswers.resetDone)).toBeVisible()

  // The link works once.
  await page.goto(link!)
  await hydrated(page)
  await page.getByLabel(recoveryTexts.newPassword, { exact: true }).fill('Other@Pass2026')
  await page.getByLabel(recoveryTexts.confirmPassword, { exact: true }).fill('Other@Pass2026')
  await page.getByRole('button', { name: recoveryTexts.save }).click()
  await expect(page.getByText(mailAnswers.resetUsed)).toBeVisible()

  await page.goto('/Login')
  await hydrated(page)
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill('Naya@Pass2026')
  await page.getByRole('button', { name: 'SIGN IN' }).click()
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
})

test('staff answer a Contact Us message from the console and the reply is kept with the thread', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const sender = uniqueEmail('visitor')
  const sent = await request.post('/api/v1/contact', {
    data: {
      firstName: 'Ishaan',
      lastName: 'Bose',
      email: sender,
      message: 'Can I order a custom Madhubani?',
    },
  })
  expect(sent.ok()).toBeTruthy()
  const token = await staffToken(page)

  // Staff read the new messages: the one they answer stays in view with its new state.
  await page.goto('/admin/messages?kind=contact&status=new')
  await hydrated(page)
  const item = page.getByRole('listitem').filter({ hasText: sender })
  await item.getByRole('button', { name: 'Reply' }).click()
  await item.getByLabel(`Reply by e-mail to ${sender}`).fill('Yes: please tell us the size you would like.')
  await item.getByRole('button', { name: 'Send reply' }).click()
  const replies = item.getByRole('list', { name: 'Replies sent' })
  await expect(replies.getByText('Yes: please tell us the size you would like.')).toBeVisible()
  await expect(replies.getByText('Shop Staff')).toBeVisible()
  await expect(item.getByText('Now read: kept here until you change the list.')).toBeVisible()
  // The visitor's mailbox gets the reply (the shop's mail server is a local one here).
  await expect
    .poll(async () => (await mailboxOf(request, sender)).some((m) => /^Re: your message/.test(m.subject)))
    .toBe(true)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  const mail = await mailTo(request, token, sender, /^Re: your message/)
  expect(mail.text).toContain('Yes: please tell us the size you would like.')
  expect(mail.text).toContain('Can I order a custom Madhubani?')

  // The console shows the e-mail as the visitor gets it, in a sandboxed frame.
  await replies.getByRole('link', { name: 'See the e-mail' }).click()
  await expect(page).toHaveURL(/\/admin\/outbox\?open=/)
  const frame = page.frameLocator('iframe[title^="The e-mail"]')
  await expect(frame.getByText('Yes: please tell us the size you would like.', { exact: true })).toBeVisible()
  await expect(page.locator('iframe[title^="The e-mail"]')).toHaveAttribute(
    'sandbox',
    'allow-popups allow-popups-to-escape-sandbox',
  )
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await page.screenshot({ path: `${shots}/outbox-preview-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('tab', { name: 'Full width' }).click()
  await expect(frame.getByText('Yes: please tell us the size you would like.', { exact: true })).toBeVisible()
  await page.screenshot({ path: `${shots}/outbox-preview-1280.png`, fullPage: true })
})

test('the order confirmation e-mail reads well on a 390 px phone', async ({ page, request }) => {
  test.setTimeout(120_000)
  const customer = await registerCustomer(request, 'Pooja Menon', uniqueEmail('buyer'))
  const [first, second] = await listedProducts(request)
  const order = await placeOrderByApi(request, customer, [first!, { ...second!, count: 2 }])
  await payOrderByApi(request, customer, order._id)
  const token = await staffToken(page)
  const mail = await mailTo(request, token, customer.email, /confirmed: payment received$/)
  expect(mail.text).toContain(order.orderID)
  await page.setContent(mail.html)
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: `${shots}/order-confirmed-email-390.png`, fullPage: true })
  // Paid at once, the order had no 'awaiting payment' mail: it waits five minutes for the payment and was
  // withdrawn. An order left unpaid keeps its reminder, waiting in the outbox.
  const outbox = await (
    await request.get('/api/v1/admin/outbox', { headers: { authorization: `Bearer ${token}` } })
  ).json()
  expect(
    (outbox.data.items as OutboxRow[]).filter((m) => m.to === customer.email).map((m) => m.subject),
  ).not.toContainEqual(expect.stringMatching(/awaiting payment$/))
  const unpaid = await placeOrderByApi(request, customer, [first!])
  const placed = await mailTo(request, token, customer.email, /awaiting payment$/)
  expect(placed.subject).toContain(unpaid.orderID)
  await page.setContent(placed.html)
  await page.screenshot({ path: `${shots}/order-placed-email-390.png`, fullPage: true })
})

test('a newsletter sign-up counts only after the e-mailed confirmation is followed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const reader = uniqueEmail('reader')
  const token = await staffToken(page)
  await page.goto('/')
  await hydrated(page)
  await page.getByLabel('Your e-mail address').fill(reader)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText(messageTexts.newsletterThanks)).toBeVisible()

  const headers = { authorization: `Bearer ${token}` }
  const status = async () => {
    const list = await (await request.get('/api/v1/admin/messages?kind=newsletter', { headers })).json()
    return (list.data.items as Array<{ email: string; confirmed: boolean }>).find((m) => m.email === reader)
      ?.confirmed
  }
  expect(await status()).toBe(false)

  const link = await linkFromMailbox(request, reader, '/newsletter/confirm?token=', /^Confirm your/)
  await page.goto(link!)
  await hydrated(page)
  await expect(page.getByRole('heading', { name: recoveryTexts.confirmTitle })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.getByRole('button', { name: recoveryTexts.confirmButton }).click()
  await expect(page.getByText(mailAnswers.newsletterConfirmed)).toBeVisible()
  expect(await status()).toBe(true)
})
