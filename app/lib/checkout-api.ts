import {
  type CodChoice,
  type CodTerms,
  type CodTermsView,
  defaultCodTerms,
  termsFromView,
} from '../../contracts/cod.ts'
import type { Order, PaymentSession, SandboxChoice } from '../../contracts/orders.ts'
import { ApiError, api } from './api.ts'

export type SavedAddress = {
  _id: string
  fullName: string
  phoneNumber: string
  streetAddress: string
  city: string
  state: string
  postalCode: string
  country?: string
  addressType?: string
}

export type PincodeAnswer = Array<{
  Status: 'Success' | 'Error'
  PostOffice: Array<{ State: string; Country: string; District: string }> | null
}>

export type PlaceOrderBody = {
  customerId: string
  products: Array<{ productId: string; quantity: number; price: number }>
  totalAmount: number
  /** Rupees of it paid with store credit (decision 139). */
  storeCredit?: number
  shippingInfo: Record<string, string>
  paymentInfo: { method: string; status: string }
  couponCode?: string
}

export type CheckoutResult = {
  razorpay_order_id: string
  razorpay_payment_id: string
  razorpay_signature: string
}

export type PaymentError = { code?: string; description?: string; reason?: string }

export async function fetchAddresses(userId: string): Promise<SavedAddress[]> {
  const res = await api<{ data?: SavedAddress[] }>(`/adress?userId=${encodeURIComponent(userId)}`, {
    auth: true,
  })
  return Array.isArray(res?.data) ? res.data : []
}

export async function fetchAccountEmail(userId: string): Promise<string | null> {
  const res = await api<{ data?: { data?: { email?: string } } }>(
    `/user/current-user?id=${encodeURIComponent(userId)}`,
    { auth: true },
  )
  return res?.data?.data?.email ?? null
}

/** Our own PIN lookup; any failure counts as an unknown PIN. */
export async function lookupPincode(pin: string): Promise<PincodeAnswer | null> {
  try {
    return await api<PincodeAnswer>(`/pincode/${pin}`)
  } catch {
    return null
  }
}

/** POST /order/add; answers the raw response so the page can word failures as the spec does. */
export async function postOrder(body: PlaceOrderBody, idempotencyKey: string) {
  try {
    const json = await api<{ data?: Order[] }>('/order/add', {
      method: 'POST',
      body,
      auth: true,
      headers: { 'idempotency-key': idempotencyKey },
    })
    return { ok: true as const, json }
  } catch (err) {
    // The spec's 'Failed to create order: {status} {text}' names the status once: the text is without it.
    if (err instanceof ApiError) return { ok: false as const, status: err.status, text: err.text }
    return { ok: false as const, status: 0, text: 'Network error' }
  }
}

export function createPayment(body: {
  orderId: string
  amount: number
  currency: string
  paymentMethod: string
  userId: string
}) {
  return api<PaymentSession>('/payments/create', { method: 'POST', body, auth: true })
}

export function verifyPayment(orderId: string, result: CheckoutResult) {
  return api<{ success: boolean; payment: { order: Order } }>('/payments/verify', {
    method: 'POST',
    body: { orderId, ...result },
    auth: true,
  })
}

/** How the customer paid in the sandbox dialog (UPI, card or netbanking). */
export type SandboxPick = Omit<SandboxChoice, 'razorpay_order_id'>

export function sandboxPay(providerOrderId: string, pick: SandboxPick = {}) {
  return api<CheckoutResult>('/payments/sandbox/pay', {
    method: 'POST',
    body: { razorpay_order_id: providerOrderId, ...pick },
    auth: true,
  })
}

export function sandboxFail(providerOrderId: string, pick: SandboxPick = {}) {
  return api<{ error: PaymentError }>('/payments/sandbox/fail', {
    method: 'POST',
    body: { razorpay_order_id: providerOrderId, ...pick },
    auth: true,
  })
}

/** The shop's cash-on-delivery terms (paise); when they cannot be read, COD is not offered. */
export async function fetchCodTerms(): Promise<CodTerms> {
  try {
    const res = await api<{ data: CodTermsView }>('/cod/terms')
    return termsFromView(res.data)
  } catch {
    return { ...defaultCodTerms, enabled: false }
  }
}

/**
 * Whether the signed-in customer's account may choose cash on delivery now, and why not (decision 110: a
 * first COD order, one still on its way); null when it cannot be asked, and the order decides.
 */
export async function fetchCodChoice(): Promise<CodChoice | null> {
  try {
    return (await api<{ data: CodChoice }>('/cod/for-me', { auth: true })).data
  } catch {
    return null
  }
}
