import type { APIRequestContext } from '@playwright/test'
import { createAdminWithCli, type Staff } from './admin-helpers.ts'
import { expect } from './fixtures.ts'

/** A member of staff of the test's own, with an API token for building data (decision 098). */
export async function staffWithToken(request: APIRequestContext): Promise<{ staff: Staff; token: string }> {
  const staff = await createAdminWithCli('provenance')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  expect(login.ok(), await login.text()).toBeTruthy()
  return { staff, token: (await login.json()).data.accessToken as string }
}

/** A seeded state's id by its name. */
export async function stateId(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.get('/api/v1/admin/states', { headers: { authorization: `Bearer ${token}` } })
  const found = ((await res.json()).data as Array<{ id: string; name: string }>).find((s) => s.name === name)
  if (!found) throw new Error(`No state ${name}`)
  return found.id
}

/** Adds an artisan or a cluster through the console's API; answers its row (with its slug). */
export async function addProfile(
  request: APIRequestContext,
  token: string,
  kind: 'artisans' | 'clusters',
  body: Record<string, unknown>,
): Promise<{ id: string; slug: string; name: string }> {
  const res = await request.post(`/api/v1/admin/${kind}`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return (await res.json()).data
}

/** Names a product's makers and marks through the console's API. */
export async function setProvenance(
  request: APIRequestContext,
  token: string,
  productId: string,
  body: Record<string, unknown>,
) {
  const res = await request.put(`/api/v1/admin/products/${productId}/provenance`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  })
  expect(res.ok(), await res.text()).toBeTruthy()
}

export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
