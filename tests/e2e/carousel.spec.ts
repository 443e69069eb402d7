import { expect, test } from './fixtures.ts'

// The home page's top slider and its product carousels move on their own only once the page is idle,
// while they are on the screen and the tab is shown, and never for a visitor who asked for reduced
// motion (docs/decisions/105). Each carousel says what it does in data attributes.
const slider = (page: import('@playwright/test').Page) =>
  page.locator('section[aria-roledescription="carousel"][aria-label="Featured collections"]')

test.describe('carousels', () => {
  test('the slider stands still before Embla takes over, then plays', async ({ page }) => {
    await page.goto('/')
    const top = slider(page)
    // As the server sends it the slider shows its first slide and no autoplay.
    const html = await (await page.request.get('/')).text()
    expect(html).not.toContain('data-autoplay="playing"')
    await expect(top).toHaveAttribute('data-ready', 'true')
    await expect(top).toHaveAttribute('data-autoplay', 'playing')
    await expect(top).not.toHaveAttribute('data-active-slide', '0')
  })

  test('a slider scrolled off the screen pauses and keeps its slide while a rail in view moves', async ({
    page,
  }) => {
    await page.goto('/')
    const top = slider(page)
    await expect(top).toHaveAttribute('data-autoplay', 'playing')
    const rail = page.locator('section[aria-roledescription="carousel"]').nth(1)
    await rail.evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await expect(top).toHaveAttribute('data-autoplay', 'paused')
    const kept = await top.getAttribute('data-active-slide')
    // The rail in view moving (3 s a step) proves time has passed; the slider has not moved meanwhile.
    await expect(rail).toHaveAttribute('data-autoplay', 'playing')
    const railStart = await rail.getAttribute('data-active-slide')
    await expect(rail).not.toHaveAttribute('data-active-slide', railStart ?? '0', { timeout: 10_000 })
    await expect(top).toHaveAttribute('data-active-slide', kept ?? '')
    await expect(top).toHaveAttribute('data-autoplay', 'paused')
    // Back on the screen it plays again.
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(top).toHaveAttribute('data-autoplay', 'playing')
  })

  test('a hidden tab pauses the slider, and shown again it plays', async ({ page }) => {
    await page.goto('/')
    const top = slider(page)
    await expect(top).toHaveAttribute('data-autoplay', 'playing')
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { value: h, configurable: true })
        Object.defineProperty(document, 'visibilityState', {
          value: h ? 'hidden' : 'visible',
          configurable: true,
        })
        document.dispatchEvent(new Event('visibilitychange'))
      }, hidden)
    await setHidden(true)
    await expect(top).toHaveAttribute('data-autoplay', 'paused')
    await setHidden(false)
    await expect(top).toHaveAttribute('data-autoplay', 'playing')
  })

  test('with reduced motion asked for, no carousel plays', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const top = slider(page)
    await expect(top).toHaveAttribute('data-ready', 'true')
    await expect(top).toHaveAttribute('data-autoplay', 'paused')
    await expect(top).toHaveAttribute('data-active-slide', '0')
    // The arrows still work.
    await top.hover()
    await top.getByRole('button', { name: 'Next' }).click()
    await expect(top).toHaveAttribute('data-active-slide', '1')
  })
})
