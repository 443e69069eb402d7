import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { givingTexts } from '../../app/features/giving/messages.ts'
import { paymentTexts } from '../../app/lib/checkout-messages.ts'
import { givingMessages } from '../../contracts/donations.ts'
import { formatRupees } from '../../contracts/money.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { expect, horizontalOverflow, hydrated, registerCustomer, signInBrowser, test } from './fixtures.ts'

const shots = 'test-results/donate'
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })

test('a donor gives with PAN on a phone, pays in the sandbox and downloads the numbered 80G receipt', async ({
  browser,
  page,
  request,
}) => {
  const donor = await registerCustomer(request, 'Asha Verma')
  await signInBrowser(page, donor)
  await page.goto('/donate?for=culture')
  await hydrated(page)
  const form = page.getByRole('form', { name: givingTexts.title })
  await expect(form.getByLabel(givingTexts.giveTo)).toHaveValue('culture')
  // Nothing is chosen for the donor: no amount, no 80G box.
  const receiptBox = form.getByRole('checkbox', { name: givingTexts.wants80g })
  await expect(receiptBox).not.toBeChecked()
  for (const radio of await form.getByRole('radio').all()) await expect(radio).not.toBeChecked()
  await shot(page, '01-donate')
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)

  await form.getByText(formatRupees(1100), { exact: true }).click()
  await form.getByLabel(givingTexts.name).fill('Asha Verma')
  await form.getByLabel(givingTexts.email).fill(donor.email)
  await form.getByLabel(givingTexts.phone).fill('9876543210')
  await receiptBox.check()
  await form.getByLabel(givingTexts.address).fill('12 Ghat Road, Varanasi 221001')
  await form.getByLabel(givingTexts.pan).fill('ABCD1234')
  const donate = form.getByRole('button', { name: `Donate ${formatRupees(1100)}` })
  await donate.click()
  await expect(form.getByText(givingMessages.panInvalid)).toBeVisible()
  await shot(page, '02-pan-problem')

  await form.getByLabel(givingTexts.pan).fill('abcde1234f')
  await donate.click()
  const dialog = page.getByRole('dialog', { name: paymentTexts.sandboxTitle })
  const pay = dialog.getByRole('button', { name: new RegExp(`^${paymentTexts.pay} `) })
  await expect(pay).toBeInViewport()
  await shot(page, '03-payment-window')
  await pay.click()

  await expect(page).toHaveURL(/\/donate\/thanks\//)
  const thanks = page.getByTestId('donation-thanks')
  await expect(thanks).toContainText(/DON\/\d\d-\d\d\/\d{5}/)
  const number = (await thanks.textContent())!.match(/DON\/\d\d-\d\d\/\d{5}/)![0]
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1)
  await shot(page, '04-thanks')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: givingTexts.downloadReceipt }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`)
  const pdf = readFileSync((await download.path())!)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdf.toString('latin1')).toContain(number)

  // Staff find it in the console, on a phone too.
  const staff = await createAdminWithCli('giving')
  const staffContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })
  const console_ = await staffContext.newPage()
  await signInAsStaff(console_, staff)
  await console_.goto('/admin/donations?cause=culture')
  await expect(console_.getByText(`Receipt ${number}`)).toBeVisible()
  expect(await horizontalOverflow(console_)).toBeLessThanOrEqual(1)
  await console_.screenshot({ path: `${shots}/05-console.png`, fullPage: true })
  await staffContext.close()
})
