import { expect, hydrated, test } from './fixtures.ts'

// The page's code is asked for after the first paint (decision 105): the document the server sends
// preloads only stylesheets and the first screen's picture, and its module script is inert until a small
// script starts it.
test('the document holds no script preload and no running module; the code still takes over', async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  // A page rendered for each request (its policy has a nonce) and a kept one (a policy of hashes).
  for (const path of ['/cart', '/product/Handloom']) {
    const response = await page.goto(path)
    const html = await response!.text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toContain('rel="modulepreload"')
    expect(html).not.toMatch(/<script[^>]*type="module"/)
    expect(html).toMatch(/<script[^>]*type="text\/x-page-code" id="page-code">/)
    await hydrated(page)
    // Once started, the module and its preloads are in the document as React Router wrote them.
    expect(await page.locator('script[type="module"]').count()).toBe(1)
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(2)
  }
  expect(violations).toEqual([])
  // The code that took over navigates within the page, with no new document.
  await page.evaluate(() => {
    ;(window as unknown as { stayed: boolean }).stayed = true
  })
  await page.getByRole('link', { name: 'About Us', exact: true }).first().click()
  await expect(page).toHaveURL(/\/AboutUs$/)
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
})

test('a listing that opens with its film preloads the film poster, not the code', async ({ page }) => {
  const response = await page.goto('/product/Handloom')
  const html = await response!.text()
  const head = html.slice(0, html.indexOf('</head>'))
  expect(head).toContain(
    '<link rel="preload" href="/media/promo-poster.webp" as="image" fetchPriority="high"/>',
  )
  await expect(page.getByTestId('promo-video').locator('video')).toHaveAttribute(
    'poster',
    '/media/promo-poster.webp',
  )
})

// The home page, the footer and the header's closed dialogs are islands (app/lib/island.tsx): the server
// sends them whole, and their code comes once the page is idle, after the layout's has taken over.
const islandCode = /\/assets\/(home-page|storefront|carousel|footer|header-menus)-[\w-]+\.js$/

test('the home page starts with the layout’s code; its islands’ code comes after, and they then answer', async ({
  page,
}) => {
  const fetched: string[] = []
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname))
  const response = await page.goto('/')
  const html = await response!.text()
  const listed = JSON.parse(/for\(const href of (\[[^\]]*\])\)/.exec(html)?.[1] ?? '[]') as string[]
  expect(listed.length).toBeGreaterThan(2)
  expect(listed.filter((href) => islandCode.test(href))).toEqual([])
  // goto returned once every island had taken over: their code has come.
  for (const name of ['home-page', 'footer', 'header-menus'])
    expect(fetched.some((path) => path.includes(`/assets/${name}-`))).toBe(true)
  // An island's buttons answer with the page's code: the quick view opens in place.
  await page
    .getByRole('button', { name: /^Quick view/ })
    .first()
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/')
})

test('an island whose code never comes stays as the server sent it, and its links still work', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.route(islandCode, (route) => route.abort())
  await page.goto('/')
  const rail = page.getByRole('main').getByRole('heading', { name: 'Best selling Handicraft' })
  await expect(rail).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  const product = page.getByRole('main').locator('a[href^="/Productdetails/"]').first()
  const href = await product.getAttribute('href')
  await product.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await context.close()
})
