import { messageTexts } from '../../contracts/messages-text.ts'
import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { checkScreens, consolePaths, screenParts } from './admin-pages.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

// In parts, each with its own time: every screen twice takes minutes while the Vitest passes share the cores.
for (let part = 0; part < screenParts; part++) {
  test(`the console works on a phone: menu scrolls sideways, screens fit the width, part ${part + 1} of ${screenParts}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000)
    const staff = await createAdminWithCli('phone')
    await signInAsStaff(page, staff)
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    const paths = await consolePaths(request, token!, part)
    await checkScreens(page, paths, 'phone')
    for (const p of paths) {
      await page.goto(p)
      const overflow = await horizontalOverflow(page)
      expect(overflow, `${p} is wider than the phone`).toBeLessThanOrEqual(1)
    }
  })
}

test('Contact Us and the footer newsletter box save what visitors send, with a thank-you', async ({
  page,
}) => {
  await page.goto('/ContactUs')
  await hydrated(page)
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) })
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByText(messageTexts.firstNameRequired)).toBeVisible()
  await form.getByLabel('First Name').fill('Kavya')
  await form.getByLabel('Last Name').fill('Rao')
  await form.getByLabel('Phone No.').fill('9876543210')
  await form.getByLabel('Email').fill('kavya@example.in')
  await form.getByLabel('Write Message').fill('Do you take bulk orders?')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText(messageTexts.contactThanks)).toBeVisible()
  await expect(form.getByLabel('First Name')).toHaveValue('')

  await page.getByLabel('Your e-mail address').fill(`reader.${Date.now()}@example.in`)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText(messageTexts.newsletterThanks)).toBeVisible()
})
