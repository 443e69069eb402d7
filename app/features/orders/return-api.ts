import type { ReturnOptions, ReturnRequestInput, ReturnView } from '../../../contracts/return-requests.ts'
import { api } from '../../lib/api.ts'

/** A customer's return requests (decision 138): the calls the order page makes. Types only from the contract. */

export type OrderReturns = { options: ReturnOptions; requests: ReturnView[] }

export const returnsQueryKey = (orderId: string) => ['returns', orderId] as const

type Answer<T> = { success: true; message: string; data: T }

/** What of the order can still be returned, and the order's requests, newest first. */
export async function fetchOrderReturns(orderId: string): Promise<OrderReturns> {
  const q = `?orderId=${encodeURIComponent(orderId)}`
  const [options, requests] = await Promise.all([
    api<Answer<ReturnOptions>>(`/returns/options${q}`, { auth: true }),
    api<Answer<ReturnView[]>>(`/returns${q}`, { auth: true }),
  ])
  return { options: options.data, requests: requests.data }
}

/** POST /returns: JSON without photos; with them, the request as JSON in `request` and each file as `photo`. */
export async function requestReturn(input: ReturnRequestInput, photos: File[]): Promise<Answer<ReturnView>> {
  if (photos.length === 0)
    return api<Answer<ReturnView>>('/returns', { method: 'POST', auth: true, body: input })
  const form = new FormData()
  form.append('request', JSON.stringify(input))
  for (const photo of photos) form.append('photo', photo, photo.name)
  return api<Answer<ReturnView>>('/returns', { method: 'POST', auth: true, body: form })
}

/** The GST credit note of a refunded return, as a download. */
export const creditNotePath = (returnId: string) => `/returns/${encodeURIComponent(returnId)}/credit-note`

/** The GST invoice of an exchange's replacement (decision 140), as a download. */
export const exchangeInvoicePath = (returnId: string) => `/returns/${encodeURIComponent(returnId)}/invoice`
