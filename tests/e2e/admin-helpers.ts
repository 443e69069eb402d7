import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'
import { hydrated } from './fixtures.ts'

export type Staff = { email: string; password: string }

/**
 * Makes a shop administrator the way staff do: `npm run admin:create` against the running e2e shop's
 * DATA_DIR (the shop holds the embedded database, so the CLI goes through its control socket).
 */
export async function createAdminWithCli(prefix = 'staff'): Promise<Staff> {
  const email = `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.in`
  const password = 'Mandir@2026'
  const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e'
  let lastError: unknown
  // The control socket opens just after the shop starts listening: try a few times.
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      execFileSync(
        path.resolve('node_modules/.bin/node'),
        ['scripts/admin-create.ts', '--email', email, '--name', 'Shop Staff'],
        {
          env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password, DATABASE_URL: '' },
          stdio: 'pipe',
        },
      )
      return { email, password }
    } catch (err) {
      lastError = err
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  throw lastError
}

/**
 * Opens one order from the console's list by its number: the search is typed, and the link is tapped only once
 * the list shows that order alone (the search is debounced: a tap on the list before it changes may land on a
 * row that moves away).
 */
export async function openOrderFromList(page: Page, orderNumber: string) {
  await page.getByLabel('Order number, customer, phone or e-mail').fill(orderNumber)
  await expect(page.getByText(/^1 order · /)).toBeVisible()
  await page.getByRole('link', { name: new RegExp(orderNumber) }).click()
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible()
}

/** Signs in through the shop's own sign-in page. */
export async function signInAsStaff(page: Page, staff: Staff) {
  await page.goto('/login')
  await hydrated(page)
  await page.getByLabel('Email').fill(staff.email)
  await page.getByLabel('Password', { exact: true }).fill(staff.password)
  await page.getByRole('button', { name: 'SIGN IN' }).click()
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
}

export function pngFile(name: string, colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 1000, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }))
}
