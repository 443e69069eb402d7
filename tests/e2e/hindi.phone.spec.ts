import { expect, hydrated, test } from './fixtures.ts'

// The shop in Hindi on a phone (docs/decisions/097): chosen in the header, rendered by the server, remembered.
test('switching to Hindi renders the page in Hindi on the server, and the choice survives a reload', async ({
  page,
  request,
}) => {
  await page.goto('/')
  await page.getByTestId('language-switch').click()
  await expect(page).toHaveURL(/\?lang=hi$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  const bar = page.getByRole('navigation', { name: 'फ़ाउंडेशन' })
  await expect(bar.getByRole('link', { name: 'हमारे बारे में' })).toBeVisible()

  // The drawer is Hindi too, after the page's code has taken over.
  await hydrated(page)
  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click()
  await expect(
    page.getByRole('navigation', { name: 'मोबाइल' }).getByRole('link', { name: 'हथकरघा' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'मेन्यू बंद करें' }).click()

  // Another page, without the parameter: the cookie keeps Hindi, in the server's HTML as well.
  await page.goto('/AboutUs')
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await page.reload()
  await expect(bar.getByRole('link', { name: 'हमारे बारे में' })).toBeVisible()
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'lang')?.value).toBe('hi')

  // Back to English with the same switch, which now names English.
  await page.getByTestId('language-switch').click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
  await expect(
    page.getByRole('navigation', { name: 'Foundation' }).getByRole('link', { name: 'About Us' }),
  ).toBeVisible()
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')

  // What a search engine or a first visit gets: the whole page in Hindi from the server, no English first.
  const html = await (await request.get('/?lang=hi', { headers: { cookie: '' } })).text()
  expect(html).toContain('<html lang="hi-IN"')
  expect(html).toContain('हमारे बारे में')
  expect(html).not.toContain('aria-label="Foundation"')
  // Each language's copy of a page is its own in the page cache.
  const english = await (await request.get('/', { headers: { cookie: 'lang=en' } })).text()
  expect(english).toContain('>About Us<')
})

test('the sitemap names every page in both languages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemaps/pages.xml')).text()
  expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
  expect(sitemap).toMatch(/<loc>http[^<]*\/AboutUs<\/loc>/)
  expect(sitemap).toMatch(/<loc>http[^<]*\/AboutUs\?lang=hi<\/loc>/)
  expect(sitemap).toMatch(/hreflang="hi" href="http[^"]*\/AboutUs\?lang=hi"/)
})
