import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { shownIn } from '../../app/features/admin/shop-places.ts'
import { createAdminWithCli, type Staff, signInAsStaff } from './admin-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'

let staff: Staff

test.beforeAll(async () => {
  staff = await createAdminWithCli('content')
})

const editorChunk = /rich-text-editor|tiptap/

/** Every script the page asks for from now on (paths), including code fetched later by import(). */
function watchScripts(page: Page) {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  return scripts
}

test('a description written with the formatting editor is saved and shows the same on the product page', async ({
  page,
}) => {
  await signInAsStaff(page, staff)
  await page.goto('/admin/products/new')
  await hydrated(page)
  await expect(page.getByText(shownIn.product.description)).toBeVisible()
  const title = `Sambalpuri Ikat Stole ${Date.now().toString(36)}`
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel(/^Price/).fill('1850')
  await page.getByLabel(/^Cut price/).fill('2200')
  await page.getByLabel(/^Stock/).fill('5')
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Handloom' })
  await page.getByLabel(/^SKU/).fill(`IKAT-${Date.now().toString(36)}`)

  const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).first()
  const bold = toolbar.getByRole('button', { name: 'Bold' })
  const box = page.getByRole('textbox', { name: 'Full description' })
  // The editor's own document and selection, not the DOM: a key typed or a selection made just before a
  // toolbar click must be in them first. No space is typed just before a mark is turned on: the browser
  // rewrites the trailing space it kept visible as the next letter comes, and the editor may read that
  // space back as part of the new bold text.
  type Editor = {
    state: {
      doc: { textContent: string; textBetween(a: number, b: number): string }
      selection: { from: number; to: number }
    }
  }
  // A space may come in as a no-break space while it is the last character: the same to a reader.
  const typed = () =>
    box.evaluate((el) =>
      (el as HTMLElement & { editor: Editor }).editor.state.doc.textContent.replace(/\u00a0/g, ' '),
    )
  const selected = () =>
    box.evaluate((el) => {
      const { state } = (el as HTMLElement & { editor: Editor }).editor
      return state.doc.textBetween(state.selection.from, state.selection.to)
    })
  const selectBack = async (text: string) => {
    for (let i = 0; i < text.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    await expect.poll(selected).toBe(text)
  }
  await box.click()
  await page.keyboard.type('Woven on a pit loom in Bargarh, Odisha')
  await expect.poll(typed).toBe('Woven on a pit loom in Bargarh, Odisha')
  await selectBack('Bargarh, Odisha')
  await bold.click()
  await expect(bold).toHaveAttribute('aria-pressed', 'true')
  // Back at the end of the bold words, bold is turned off for what follows.
  await page.keyboard.press('End')
  await expect.poll(selected).toBe('')
  await bold.click()
  await expect(bold).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.type('.')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Each piece is tied and dyed by hand before weaving. Ask us')
  await expect.poll(typed).toContain('Ask us')
  // Select the last two words and make them a link to the Support page.
  await selectBack('Ask us')
  await toolbar.getByRole('button', { name: 'Link' }).click()
  await page.getByLabel('Link address').fill('/Support')
  await page.getByLabel('Link address').press('Enter')
  await expect(toolbar.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-expanded', 'false')
  // Back in the text, just after the link.
  await expect(page.getByRole('textbox', { name: 'Full description' })).toBeFocused()
  await page.keyboard.press('Enter')
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click()
  await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type('Cotton, natural dyes')
  await page.keyboard.press('Enter')
  await page.keyboard.type('200 × 50 cm')

  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f]{24}$/)
  const productId = page.url().split('/').pop()
  await page.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(page.getByText('Approved — in the shop')).toBeVisible()

  // Opened again, the editor shows the saved text with its formatting.
  await page.reload()
  const editor = page.getByRole('textbox', { name: 'Full description' })
  await expect(editor.locator('strong')).toHaveText('Bargarh, Odisha')
  await expect(editor.locator('ul > li')).toHaveText(['Cotton, natural dyes', '200 × 50 cm'])
  await expect(editor.getByRole('link', { name: 'Ask us' })).toHaveAttribute('href', '/Support')

  await page.goto(`/Productdetails/${productId}`)
  const shown = page.getByRole('region', { name: 'Description' }).locator('.prose-shop')
  expect(await shown.innerHTML()).toBe(
    '<p>Woven on a pit loom in <strong>Bargarh, Odisha</strong>.</p>' +
      '<p>Each piece is tied and dyed by hand before weaving. <a href="/Support">Ask us</a></p>' +
      '<ul><li><p>Cotton, natural dyes</p></li><li><p>200 × 50 cm</p></li></ul>',
  )
})

/**
 * The page's clock runs on with real time (clock.install), so a busy machine's slow steps count in a
 * notice's time: the page itself notes, on its own clock, when a notice with this text comes and goes.
 */
async function noteNoticeTimes(page: Page, text: string) {
  await page.evaluate((text) => {
    const times: { shown?: number; gone?: number } = {}
    Object.assign(window, { noticeTimes: times })
    const region = document.querySelector('section[aria-label="Notices"]')
    if (!region) throw new Error('no Notices region')
    new MutationObserver(() => {
      const there = [...region.querySelectorAll('li')].some((li) => li.textContent?.includes(text))
      if (there && times.shown === undefined) times.shown = Date.now()
      if (!there && times.shown !== undefined && times.gone === undefined) times.gone = Date.now()
    }).observe(region, { childList: true, subtree: true, characterData: true })
  }, text)
  return async () => {
    const { shown, gone } = await page.evaluate(
      () => (window as unknown as { noticeTimes: { shown?: number; gone?: number } }).noticeTimes,
    )
    expect(shown, `${text}: shown`).toBeDefined()
    expect(gone, `${text}: gone`).toBeDefined()
    return gone! - shown!
  }
}

/**
 * Moves the page's clock on in small steps: the page answers a pointer or a save a moment later, and one
 * long jump would fire a timer the page was about to clear; a step also fires a due timer at most `step`
 * late, so a measured time is exact to that step.
 */
async function advance(page: Page, ms: number, step = 250) {
  for (let done = 0; done < ms; done += step) await page.clock.fastForward(Math.min(step, ms - done))
}

test('console notices: a success stays at least 6 s and while pointed at, an error until dismissed', async ({
  page,
}) => {
  await page.clock.install()
  await signInAsStaff(page, staff)
  await page.goto('/admin/faq')
  await hydrated(page)
  const notices = page.getByRole('region', { name: 'Notices' })
  const saved = notices.getByText('Question saved')
  const saveChanges = page.getByRole('button', { name: 'Save changes' })
  // The notice comes before the list is fetched again and the form closes: a tap on the next Edit before
  // then opens a form that the end of this save closes.
  const saveOver = () => expect(saveChanges).toHaveCount(0)

  // At least 6 s (the shortest of app/features/admin/notices.tsx), then it goes; the page notes the times a
  // moment apart from its own timer, hence the 100 ms.
  const shownFor = await noteNoticeTimes(page, 'Question saved')
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  await saveChanges.click()
  await expect(saved).toBeVisible()
  await advance(page, 7000)
  await expect(saved).toBeHidden()
  expect(await shownFor()).toBeGreaterThanOrEqual(6000 - 100)
  await saveOver()

  // Pointed at, it waits; left, it goes.
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  await saveChanges.click()
  await saved.hover()
  await advance(page, 20_000, 1000)
  await expect(saved).toBeVisible()
  await page.mouse.move(5, 600)
  await advance(page, 7000, 1000)
  await expect(saved).toBeHidden()
  await saveOver()

  // A problem stays until staff close it.
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  await page.getByLabel('Question', { exact: true }).fill('')
  await saveChanges.click()
  const problem = notices.getByRole('listitem').filter({ hasText: 'Please correct the marked fields.' })
  await expect(problem).toBeVisible()
  await advance(page, 60_000, 5000)
  await expect(problem).toBeVisible()
  await problem.getByRole('button', { name: 'Dismiss' }).click()
  await expect(problem).toHaveCount(0)
  await page.getByRole('button', { name: 'Cancel' }).click()
})

test('the formatting editor is fetched only by a console form with a formatted text, never by the shop', async ({
  page,
}) => {
  const scripts = watchScripts(page)
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Featured collections' })).toBeVisible()
  // The script preloads are put in once the first frame is painted, before the code takes over.
  await hydrated(page)
  await page.waitForLoadState('load')
  const preloaded = await page
    .locator('link[rel=modulepreload]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''))
  expect([...scripts, ...preloaded].filter((s) => editorChunk.test(s))).toEqual([])

  // A console form without formatted text does not fetch it either.
  await signInAsStaff(page, staff)
  await page.goto('/admin/coupons')
  await hydrated(page)
  await page.getByRole('button', { name: '+ Add coupon' }).click()
  await expect(page.getByRole('region', { name: 'New coupon' })).toBeVisible()
  expect(scripts.filter((s) => editorChunk.test(s))).toEqual([])

  // The FAQ's answer does, when its form opens.
  await page.goto('/admin/faq')
  await hydrated(page)
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  await expect(page.getByRole('toolbar', { name: 'Formatting' }).first()).toBeVisible()
  expect(scripts.some((s) => editorChunk.test(s))).toBe(true)
})

test('each slide shows its place; moving one changes the order the home page turns them in', async ({
  page,
}) => {
  await signInAsStaff(page, staff)
  await page.goto('/admin/sliders')
  await hydrated(page)
  await expect(page.getByText(shownIn.slide.form)).toBeVisible()
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Edit / }) })
  await expect(cards.first()).toBeVisible()
  const titles = () => cards.getByRole('heading').allInnerTexts()
  const [first, second] = await titles()
  if (!first || !second) throw new Error('the demo shop has at least two slides')
  await expect(cards.first()).toContainText('No. 1 · turns 1st on the home page')

  await page.getByRole('button', { name: `Move ${first} down` }).click()
  await expect(
    page.getByRole('region', { name: 'Notices' }).getByText(`Moved “${first}” to place 2`),
  ).toBeVisible()
  await expect.poll(async () => (await titles()).indexOf(first)).toBe(1)
  expect((await titles()).indexOf(second)).toBe(0)
  // The keyboard stays on the slide that moved.
  await expect(page.getByRole('button', { name: `Move ${first} down` })).toBeFocused()

  const homeOrder = async () => {
    const home = await page.context().newPage()
    await home.goto('/')
    const names = await home
      .getByRole('region', { name: 'Featured collections' })
      .getByRole('img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('alt') ?? e.getAttribute('aria-label') ?? ''))
    await home.close()
    return names
  }
  const turned = await homeOrder()
  expect(turned.indexOf(second)).toBeLessThan(turned.indexOf(first))

  // Back as it was, for the other tests.
  await page.getByRole('button', { name: `Move ${first} up` }).click()
  await expect.poll(async () => (await titles()).indexOf(first)).toBe(0)
})

test('the open editor, its link box and a notice are readable by assistive technology (axe)', async ({
  page,
}) => {
  await signInAsStaff(page, staff)
  await page.goto('/admin/faq')
  await hydrated(page)
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).first()
  await expect(toolbar).toBeVisible()
  // Clicking the field's label puts the cursor in the text.
  await page.getByText('Answer', { exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'Answer', exact: true })).toBeFocused()
  // One Tab stop for the toolbar; arrow keys move along it.
  await toolbar.getByRole('button', { name: 'Bold' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused()
  await toolbar.getByRole('button', { name: 'Link' }).click()
  await expect(page.getByLabel('Link address')).toBeFocused()
  await page.getByLabel('Link address').fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Add link' }).click()
  await expect(page.getByText('This is not a link the shop can open.')).toBeVisible()
  await page.getByLabel('Question', { exact: true }).fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('region', { name: 'Notices' }).getByRole('listitem')).toHaveCount(1)
  const results = await new AxeBuilder({ page }).include('#main').analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})

test('nothing moves when the editor arrives: until then the answer is a text box of the same size', async ({
  page,
}) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  // The editor's code is held back, as on slow mobile data.
  await page.route(/rich-text-editor-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await signInAsStaff(page, staff)
  await page.goto('/admin/faq')
  await hydrated(page)
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  const answer = page.getByLabel('Answer', { exact: true })
  await expect(answer).toHaveJSProperty('tagName', 'TEXTAREA')
  // Where the field's help line sits in the form (the page itself may still be scrolling to the form).
  const form = page.getByRole('region', { name: 'Edit question' })
  const helpOffset = () =>
    form.evaluate((f, text) => {
      const help = [...f.querySelectorAll('p')].find((p) => p.textContent === text)
      return (help?.getBoundingClientRect().top ?? Number.NaN) - f.getBoundingClientRect().top
    }, shownIn.faq.answer)
  const before = await helpOffset()
  expect(before).toBeGreaterThan(0)
  release()
  await expect(page.getByRole('toolbar', { name: 'Formatting' }).first()).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Answer', exact: true })).toHaveJSProperty('tagName', 'DIV')
  expect(await helpOffset()).toBe(before)
  await page.getByRole('button', { name: 'Cancel' }).click()
})
