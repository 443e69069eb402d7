import type { APIRequestContext } from '@playwright/test'
import { createAdminWithCli, type Staff } from './admin-helpers.ts'
import { createListedProduct } from './catalogue-helpers.ts'
import {
  type Customer,
  expect,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  uniqueEmail,
} from './fixtures.ts'

/** The returns' browser tests start from a delivered order; the console steps they do not drive go by API. */

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A member of staff signed in through the API: their token. */
export async function staffToken(request: APIRequestContext, staff: Staff): Promise<string> {
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  expect(login.ok(), await login.text()).toBeTruthy()
  return (await login.json()).data.accessToken as string
}

/** Staff move the order Shipped, then Delivered, through the console's API. */
export async function deliverByApi(request: APIRequestContext, orderId: string, token: string) {
  for (const move of [
    { status: 'Shipped', shippingLink: `https://track.example.in/${orderId.slice(-6)}` },
    { status: 'Delivered' },
  ]) {
    const moved = await request.post(`/api/v1/admin/orders/${orderId}/status`, {
      headers: bearer(token),
      data: move,
    })
    expect(moved.ok(), await moved.text()).toBeTruthy()
  }
}

/** A staff call of the returns queue (approve, receive, refund …) that must succeed. */
export async function staffReturnStep(
  request: APIRequestContext,
  token: string,
  returnId: string,
  step: 'approve' | 'reject' | 'receive' | 'refund',
  data: object,
) {
  const done = await request.post(`/api/v1/admin/returns/${returnId}/${step}`, {
    headers: bearer(token),
    data,
  })
  expect(done.ok(), await done.text()).toBeTruthy()
}

/**
 * A new customer's order of two listed pieces at ₹1,499, paid online in the sandbox and delivered by a new
 * member of staff: what a return starts from.
 */
export async function deliveredPair(
  request: APIRequestContext,
  name: string,
  prefix: string,
): Promise<{
  customer: Customer
  pieces: [{ _id: string; title: string }, { _id: string; title: string }]
  order: { _id: string; orderID: string }
  staff: Staff
  token: string
}> {
  const customer = await registerCustomer(request, name, uniqueEmail(prefix))
  const pieces = [await createListedProduct(request), await createListedProduct(request)] as [
    { _id: string; title: string },
    { _id: string; title: string },
  ]
  const order = await placeOrderByApi(
    request,
    customer,
    pieces.map((p) => ({ _id: p._id, price: 1499 })),
  )
  await payOrderByApi(request, customer, order._id)
  const staff = await createAdminWithCli(prefix)
  const token = await staffToken(request, staff)
  await deliverByApi(request, order._id, token)
  return { customer, pieces, order, staff, token }
}
