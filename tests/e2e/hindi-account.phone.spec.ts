import { loginMessages } from '../../app/features/account/messages.ts'
import { loadTranslations } from '../../server/lib/i18n.ts'
import { expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

// The Hindi the shop serves, read from its catalogue: the test checks the pages use it, not its wording.
const { hi } = loadTranslations()

test.describe('the sign-in and About pages in Hindi on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('?lang=hi shows them in Hindi, the choice survives a reload, and the switch brings English back', async ({
    page,
  }) => {
    await page.goto('/Login?lang=hi')
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hi.t('Sign In'))
    await expect(page.getByRole('button', { name: hi.t('SIGN IN') })).toBeVisible()
    expect(hi.t('SIGN IN')).not.toBe('SIGN IN')
    // The form's own checks answer in Hindi once the page's code runs.
    await page.getByLabel(hi.t('Email'), { exact: true }).fill('not-an-address')
    await page.getByRole('button', { name: hi.t('SIGN IN') }).click()
    await expect(page.getByRole('alert')).toHaveText(hi.t(loginMessages.invalidEmail))
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

    // No parameter now: the remembered choice decides, on the server's page and after a reload.
    await page.goto('/AboutUs')
    const heading = page.getByRole('heading', { level: 1 })
    expect(hi.t('About the foundation')).not.toBe('About the foundation')
    await expect(heading).toHaveText(hi.t('About the foundation'))
    await expect(page.getByRole('heading', { name: hi.t('Our chairperson') })).toBeVisible()
    await expect(page.getByRole('main')).toContainText('Count Safety First')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
    await expect(heading).toHaveText(hi.t('About the foundation'))

    await page.getByTestId('language-switch').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
    await expect(heading).toHaveText('About the foundation')
    await page.goto('/Login')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In')
  })
})
