import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { checkScreens, consolePaths, screenParts } from './admin-pages.ts'
import { expect, test } from './fixtures.ts'

// In parts, each with its own time: axe on every screen takes minutes while the Vitest passes share the cores.
for (let part = 0; part < screenParts; part++) {
  test(`every console screen is readable by assistive technology (axe: no serious or critical problems), part ${part + 1} of ${screenParts}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000)
    const staff = await createAdminWithCli('a11y')
    await signInAsStaff(page, staff)
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    expect(token).toBeTruthy()
    await checkScreens(page, await consolePaths(request, token!, part), 'desktop')
  })
}
