import { createAdminWithCli, signInAsStaff } from './admin-helpers.ts'
import { checkScreens, consolePaths } from './admin-pages.ts'
import { expect, test } from './fixtures.ts'

test('every console screen is readable by assistive technology (axe: no serious or critical problems)', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  const staff = await createAdminWithCli('a11y')
  await signInAsStaff(page, staff)
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  expect(token).toBeTruthy()
  await checkScreens(page, await consolePaths(request, token!), 'desktop')
})
