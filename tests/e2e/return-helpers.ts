import type { APIRequestContext } from '@playwright/test'
import type { AdminReturnView } from '../../contracts/return-requests.ts'
import { createAdminWithCli, type Staff } from './admin-helpers.ts'
import { createListedProduct } from './catalogue-helpers.ts'
import {
  type Customer,
  expect,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  uniqueEmail,
  uniquePhone,
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

/** A staff call of the returns queue (approve, receive, refund …) that must succeed; the request after it. */
export async function staffReturnStep(
  request: APIRequestContext,
  token: string,
  returnId: string,
  step: 'approve' | 'reject' | 'receive' | 'refund' | 'send-replacement',
  data: object,
): Promise<AdminReturnView> {
  const done = await request.post(`/api/v1/admin/returns/${returnId}/${step}`, {
    headers: bearer(token),
    data,
  })
  expect(done.ok(), await done.text()).toBeTruthy()
  return (await done.json()).data as AdminReturnView
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

type Size = { _id: string; title: string; price: number }

/**
 * A new customer's order of one piece of a product in sizes (each size's price in rupees and its stock), the
 * first size ordered, paid online in the sandbox (or cash on delivery) and delivered by a new member of staff:
 * what an exchange (decision 140) starts from. With `plain`, a piece of a product sold without sizes is in the
 * order too.
 */
export async function deliveredInSizes(
  request: APIRequestContext,
  name: string,
  prefix: string,
  sizes: Array<{ size: string; price: number; stock: number }>,
  { cod = false, plain = false }: { cod?: boolean; plain?: boolean } = {},
): Promise<{
  customer: Customer
  piece: { _id: string; title: string }
  sizes: Size[]
  plain: { _id: string; title: string } | null
  order: { _id: string; orderID: string }
  staff: Staff
  token: string
}> {
  const customer = await registerCustomer(request, name, uniqueEmail(prefix))
  const staff = await createAdminWithCli(prefix)
  const token = await staffToken(request, staff)
  const piece = await createListedProduct(request)
  const stamp = piece._id.slice(-8).toUpperCase()
  const saved = await request.put(`/api/v1/admin/products/${piece._id}/variants`, {
    headers: bearer(token),
    data: {
      options: [{ name: 'Size', values: sizes.map((s) => s.size) }],
      variants: sizes.map((s) => ({
        options: [s.size],
        sku: `EXC-${stamp}-${s.size}`,
        price: s.price,
        cutPrice: s.price + 500,
        quantity: s.stock,
      })),
    },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  const variants = (await saved.json()).data.variants as Size[]
  const first = variants[0]!
  const other = plain ? await createListedProduct(request) : null
  const placed = await request.post('/api/v1/order/add', {
    headers: bearer(customer.accessToken),
    data: {
      customerId: customer.userId,
      products: [
        { productId: piece._id, variantId: first._id, quantity: 1, price: first.price },
        ...(other ? [{ productId: other._id, quantity: 1, price: 1499 }] : []),
      ],
      totalAmount: first.price + (other ? 1499 : 0),
      shippingInfo: {
        firstName: 'Meera',
        lastName: 'Iyer',
        email: customer.email,
        address: '4 Mylapore Tank Street',
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600004',
        country: 'INDIA',
        // A cash-on-delivery order to a phone no other test uses.
        phoneNumber: cod ? uniquePhone() : '9876543210',
      },
      paymentInfo: cod ? { method: 'COD' } : { method: 'Credit Card', status: 'Pending' },
    },
  })
  expect(placed.ok(), await placed.text()).toBeTruthy()
  const order = (await placed.json()).data[0] as { _id: string; orderID: string }
  if (!cod) await payOrderByApi(request, customer, order._id)
  await deliverByApi(request, order._id, token)
  return { customer, piece, sizes: variants, plain: other, order, staff, token }
}
