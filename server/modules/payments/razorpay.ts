import { type PaymentProvider, PaymentProviderError, type ProviderPayment } from './provider.ts'

type Options = { apiUrl: string; keyId: string; keySecret: string; timeoutMs?: number }

/** Razorpay's REST API (orders and refunds) over fetch; the base URL is configurable so tests use a stand-in. */
export function createRazorpayProvider(opts: Options): PaymentProvider {
  const base = opts.apiUrl.replace(/\/+$/, '')
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${base}/v1${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      })
    } catch {
      throw new PaymentProviderError()
    }
    const json = (await res.json().catch(() => null)) as (T & { error?: { description?: string } }) | null
    if (!res.ok || !json) {
      const reason = json?.error?.description
      throw new PaymentProviderError(
        reason ? `The payment service refused the request: ${reason}` : undefined,
      )
    }
    return json
  }

  return {
    name: 'razorpay',
    keyId: opts.keyId,
    async createOrder(input) {
      const order = await call<{ id: string; amount: number; currency: string }>('POST', '/orders', input)
      return { id: order.id, amount: order.amount, currency: order.currency }
    },
    async fetchPayment(paymentId) {
      return call<ProviderPayment>('GET', `/payments/${encodeURIComponent(paymentId)}`)
    },
    async fetchOrderPayments(providerOrderId) {
      const list = await call<{ items?: ProviderPayment[] }>(
        'GET',
        `/orders/${encodeURIComponent(providerOrderId)}/payments`,
      )
      return list.items ?? []
    },
    async refund(paymentId, amount, notes) {
      const refund = await call<{ id: string; status: string }>(
        'POST',
        `/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount, ...(notes ? { notes } : {}) },
      )
      return { id: refund.id, status: refund.status }
    },
  }
}
