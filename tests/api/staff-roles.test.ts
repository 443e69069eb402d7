import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mayOpen, type StaffArea, type StaffRole, staffRoles } from '../../contracts/staff.ts'
import { newId } from '../../server/db/ids.ts'
import { notYourArea } from '../../server/plugins/auth.ts'
import { makeCustomer, makeStaff, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * Every console operation is refused to a role without its part of the console (decision 091). The parts
 * are written out here by address, apart from the code, so a new console operation must be placed in one.
 */
const areaOfAddress: Array<[RegExp, StaffArea]> = [
  [/^\/api\/v1\/admin\/overview/, 'dashboard'],
  [/^\/api\/v1\/admin\/audit/, 'audit'],
  [/^\/api\/v1\/admin\/(products|reviews|artisans|clusters)/, 'catalogue'],
  [/^\/api\/v1\/admin\/settings\//, 'settings'],
  [/^\/api\/v1\/admin\/staff/, 'staff'],
  [
    /^\/api\/v1\/admin\/(orders|shipments|cod-blocks|customers|messages|outbox|seva-bookings|donations|returns|gst)/,
    'orders',
  ],
  [
    /^\/api\/v1\/admin\/(uploads|return-policy|categories|subcategories|states|sliders|banners|coupons|faq|policies|policy-sections|temples|sevas|search-synonyms|foundation)/,
    'content',
  ],
]

type Document = { paths: Record<string, Record<string, unknown>> }
const methods = ['get', 'put', 'post', 'delete', 'patch']

let app: TestApp
let operations: Array<{ method: string; url: string; area: StaffArea | undefined }>
const staff = {} as Record<StaffRole, Person>
let customer: Person

beforeAll(async () => {
  app = await createTestApp()
  const doc: Document = (await app.inject({ url: '/api/openapi.json' })).json()
  operations = Object.entries(doc.paths)
    .filter(([url]) => url.startsWith('/api/v1/admin/'))
    .flatMap(([url, item]) =>
      methods
        .filter((m) => m in item)
        .map((method) => ({
          method: method.toUpperCase(),
          // Any well-formed id: a role that may open the screen gets past the guard (then 404 or 400).
          url: url.replace(/\{[^}]+\}/g, () => newId()),
          area: areaOfAddress.find(([pattern]) => pattern.test(url))?.[1],
        })),
    )
  for (const role of staffRoles) staff[role] = await makeStaff(app, role, `Staff ${role}`)
  customer = await makeCustomer(app)
})
afterAll(() => app?.cleanup())

describe('staff roles in the API', () => {
  it('places every console operation in a part of the console', () => {
    expect(operations.length).toBeGreaterThan(40)
    expect(operations.filter((o) => !o.area).map((o) => `${o.method} ${o.url}`)).toEqual([])
  })

  it.each(staffRoles)(
    'lets %s staff through to their parts only, and refuses the rest with 403',
    async (role) => {
      const refused: string[] = []
      const wronglyRefused: string[] = []
      for (const op of operations) {
        const res = await app.inject({
          method: op.method as 'GET',
          url: op.url,
          headers: staff[role].auth,
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
        })
        const name = `${op.method} ${op.url}`
        if (mayOpen(role, op.area!)) {
          if (res.statusCode === 403) wronglyRefused.push(`${name}: ${res.body}`)
        } else {
          if (res.statusCode !== 403) refused.push(`${name} answered ${res.statusCode}`)
          else expect(res.json().message).toBe(notYourArea)
        }
      }
      expect(wronglyRefused).toEqual([])
      expect(refused).toEqual([])
    },
  )

  it('refuses every console operation to a customer, and asks for a sign-in without one', async () => {
    for (const op of operations.slice(0, 10)) {
      const asCustomer = await app.inject({ method: op.method as 'GET', url: op.url, headers: customer.auth })
      expect(asCustomer.statusCode).toBe(403)
      const anonymous = await app.inject({ method: op.method as 'GET', url: op.url })
      expect(anonymous.statusCode).toBe(401)
    }
  })
})
