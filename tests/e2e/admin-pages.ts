import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { adminNav } from '../../contracts/admin-nav.ts'

/** How many tests share the console's screens: each opens every third. */
export const screenParts = 3

/** Every console screen, with one product, order and customer detail page; with `part`, every third of them. */
export async function consolePaths(request: APIRequestContext, token: string, part?: number) {
  const auth = { authorization: `Bearer ${token}` }
  const products = (await (await request.get('/api/v1/admin/products?pageSize=1', { headers: auth })).json())
    .data.items
  const orders = (await (await request.get('/api/v1/admin/orders?pageSize=1', { headers: auth })).json()).data
    .items
  const customers = (
    await (await request.get('/api/v1/admin/customers?pageSize=1', { headers: auth })).json()
  ).data.items
  const all = [
    ...adminNav.map((n) => n.to as string),
    '/admin/products/new',
    ...(products[0] ? [`/admin/products/${products[0]._id}`] : []),
    ...(orders[0] ? [`/admin/orders/${orders[0]._id}`] : []),
    ...(customers[0] ? [`/admin/customers/${customers[0]._id}`] : []),
  ]
  return part === undefined ? all : all.filter((_, i) => i % screenParts === part)
}

/** Opens each screen, checks axe finds nothing serious, and (with SHOTS=dir) keeps a screenshot. */
export async function checkScreens(page: Page, paths: string[], label: string) {
  const shots = process.env.SHOTS
  if (shots) mkdirSync(shots, { recursive: true })
  for (const p of paths) {
    await page.goto(p)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // A busy machine may take a while to answer a screen's reads; the wait ends as soon as they are in.
    await expect(page.getByText(/Loading…/)).toHaveCount(0, { timeout: 30_000 })
    const results = await new AxeBuilder({ page }).include('#main').analyze()
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(bad.map((v) => `${p}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    if (shots) {
      const name =
        p
          .replace(/^\//, '')
          .replace(/[/]/g, '_')
          .replace(/[0-9a-f]{24}/, 'id') || 'home'
      await page.screenshot({ path: `${shots}/${label}-${name}.png`, fullPage: true })
    }
  }
}
