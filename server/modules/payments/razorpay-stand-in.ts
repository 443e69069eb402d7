import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One call the shop made, as the stand-in received it. */
export type StandInCall = { method: string; path: string; body: Record<string, unknown> }

type Keys = { keyId: string; keySecret: string; webhookSecret: string }

/**
 * A local copy of the part of Razorpay's REST API the shop calls, for the tests (decision 116): Basic auth
 * with the key id and secret, `POST /v1/orders` (with Razorpay's checks on amount and receipt),
 * `GET /v1/payments/:id`, `GET /v1/orders/:id/payments` and `POST /v1/payments/:id/refund`, and errors in
 * Razorpay's shape. It listens on a free port of 127.0.0.1; a test says which payments exist
 * (`paymentsToOrders`, `orderPayments`, `paymentMethods`) and reads what the shop asked (`calls`).
 */
export function startRazorpayStandIn(keys: Keys) {
  const calls: StandInCall[] = []
  const orders = new Map<string, { amount: number; currency: string }>()
  // A payment made in Razorpay's window, by payment id: the provider order it paid.
  const paymentsToOrders = new Map<string, string>()
  // The payment attempts of a provider order, as GET /v1/orders/:id/payments lists them.
  const orderPayments = new Map<string, Array<Record<string, unknown>>>()
  // How each payment was made (Razorpay's `method`: upi, card, netbanking, wallet …); card unless set.
  const paymentMethods = new Map<string, string>()
  const expectedAuth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`
  let n = 0
  const serial = () => String(++n).padStart(7, '0')

  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(json))
      }
      const refuse = (status: number, description: string) =>
        send(status, { error: { code: 'BAD_REQUEST_ERROR', description } })
      let body: Record<string, unknown> = {}
      try {
        body = raw ? JSON.parse(raw) : {}
      } catch {
        return refuse(400, 'The request body is not valid JSON')
      }
      calls.push({ method: req.method!, path: req.url!, body })
      if (req.headers.authorization !== expectedAuth) return refuse(401, 'Authentication failed')

      if (req.method === 'POST' && req.url === '/v1/orders') {
        const { amount, currency, receipt } = body
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
          return refuse(400, 'The amount must be atleast INR 1.00')
        if (currency !== 'INR') return refuse(400, 'Currency is not supported')
        if (typeof receipt === 'string' && receipt.length > 40)
          return refuse(400, 'receipt: the length must be no more than 40.')
        const id = `order_StandIn${serial()}`
        orders.set(id, { amount, currency })
        return send(200, { id, entity: 'order', amount, currency, receipt, status: 'created' })
      }
      const attempts = req.url!.match(/^\/v1\/orders\/([^/]+)\/payments$/)
      if (req.method === 'GET' && attempts) {
        const items = orderPayments.get(attempts[1]!) ?? []
        return send(200, { entity: 'collection', count: items.length, items })
      }
      const payment = req.url!.match(/^\/v1\/payments\/([^/]+)$/)
      if (req.method === 'GET' && payment) {
        const orderId = paymentsToOrders.get(payment[1]!)
        if (!orderId) return refuse(400, 'The id provided does not exist')
        const order = orders.get(orderId)
        return send(200, {
          id: payment[1],
          entity: 'payment',
          order_id: orderId,
          status: 'captured',
          amount: order?.amount ?? 0,
          currency: order?.currency ?? 'INR',
          method: paymentMethods.get(payment[1]!) ?? 'card',
        })
      }
      const refund = req.url!.match(/^\/v1\/payments\/([^/]+)\/refund$/)
      if (req.method === 'POST' && refund) {
        return send(200, {
          id: `rfnd_StandIn${serial()}`,
          entity: 'refund',
          payment_id: refund[1],
          amount: body.amount,
          status: 'processed',
        })
      }
      refuse(404, 'The requested URL was not found on the server.')
    })
  })

  return new Promise<{
    url: string
    /** The settings that point a shop at this stand-in. */
    env: {
      PAYMENT_PROVIDER: 'razorpay'
      RAZORPAY_KEY_ID: string
      RAZORPAY_KEY_SECRET: string
      RAZORPAY_WEBHOOK_SECRET: string
      RAZORPAY_API_URL: string
    }
    calls: StandInCall[]
    paymentsToOrders: typeof paymentsToOrders
    orderPayments: typeof orderPayments
    paymentMethods: typeof paymentMethods
    close(): Promise<void>
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve({
        url,
        env: {
          PAYMENT_PROVIDER: 'razorpay',
          RAZORPAY_KEY_ID: keys.keyId,
          RAZORPAY_KEY_SECRET: keys.keySecret,
          RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
          RAZORPAY_API_URL: url,
        },
        calls,
        paymentsToOrders,
        orderPayments,
        paymentMethods,
        close: () => new Promise((r) => server.close(() => r())),
      })
    })
  })
}
