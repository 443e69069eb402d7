import { sandboxUpi } from '../../../contracts/orders.ts'
import { UnprocessableError } from '../../http/errors.ts'
import type { DialogChoice, PaymentProvider, ProviderPayment, WebhookDelivery } from './provider.ts'
import { checkoutSignature, razorpayId, razorpayProtocol, signedWebhook } from './razorpay.ts'

/** The sandbox's signing secrets: its own, generated once and kept with the shop's (decision 067). */
export type SandboxSettings = { keySecret: string; webhookSecret: string }

/** The key id the sandbox's window shows, shaped like a Razorpay test key. */
export const sandboxKeyId = 'rzp_test_sandbox'

/** The payment entity's method fields, as Razorpay sends them (vpa for UPI, bank for netbanking). */
const methodFields = (c: DialogChoice) => {
  const method = c.method ?? 'card'
  return {
    method,
    ...(method === 'upi' ? { vpa: c.vpa } : {}),
    ...(method === 'netbanking' ? { bank: c.bank } : {}),
  }
}

/**
 * The built-in provider, the offline default: the same ids, checkout result, signatures and webhook events
 * as Razorpay, served by the shop itself, so the whole payment flow works with no account and no network.
 * Its checkout dialog lives in the storefront and calls `dialog` through `/payments/sandbox/pay|fail`.
 */
export function createSandboxProvider(settings: SandboxSettings): PaymentProvider {
  // Payments made in the sandbox's dialog, by provider order: kept in memory, like a provider's own books.
  const books = new Map<string, ProviderPayment[]>()
  const remember = (payment: ProviderPayment) =>
    books.set(payment.providerOrderId, [...(books.get(payment.providerOrderId) ?? []), payment])

  /** An event as Razorpay sends it, signed with the sandbox's webhook secret. */
  function signedEvent(event: string, payload: Record<string, unknown>): WebhookDelivery {
    const id = razorpayId('evt')
    const body = JSON.stringify({
      entity: 'event',
      id,
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    })
    return signedWebhook(settings.webhookSecret, body, id)
  }

  return {
    name: 'sandbox',
    ...razorpayProtocol(settings),
    paymentWindow: () => ({ key: sandboxKeyId }),
    async createOrder({ amount, currency }) {
      return { id: razorpayId('order'), amount, currency }
    },
    async refund() {
      return { id: razorpayId('rfnd'), status: 'processed' }
    },
    async fetchOrderPayments(providerOrderId) {
      return books.get(providerOrderId) ?? []
    },
    dialog: {
      /** 'Pay': a payment id and its signature, plus the events a real provider would send. */
      pay(order, choice) {
        // As in Razorpay's test mode, this UPI ID is always declined.
        if (choice.method === 'upi' && choice.vpa === sandboxUpi.failure) {
          throw new UnprocessableError(
            `The UPI ID ${sandboxUpi.failure} always declines: choose Fail payment.`,
          )
        }
        const paymentId = razorpayId('pay')
        remember({
          id: paymentId,
          providerOrderId: order.id,
          amount: order.amount,
          currency: order.currency,
          status: 'captured',
        })
        const entity = {
          id: paymentId,
          entity: 'payment',
          order_id: order.id,
          amount: order.amount,
          currency: order.currency,
          status: 'captured',
          ...methodFields(choice),
        }
        return {
          result: {
            providerOrderId: order.id,
            paymentId,
            signature: checkoutSignature(settings.keySecret, order.id, paymentId),
          },
          webhooks: [
            signedEvent('payment.captured', { payment: { entity } }),
            signedEvent('order.paid', {
              payment: { entity },
              order: { entity: { id: order.id, amount: order.amount, status: 'paid' } },
            }),
          ],
        }
      },
      /** 'Fail': the error a real checkout reports, plus the payment.failed event. */
      fail(order, choice) {
        const paymentId = razorpayId('pay')
        remember({
          id: paymentId,
          providerOrderId: order.id,
          amount: order.amount,
          currency: order.currency,
          status: 'failed',
        })
        return {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Your payment was declined in the sandbox. No money was taken.',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order.id, payment_id: paymentId },
          },
          webhooks: [
            signedEvent('payment.failed', {
              payment: {
                entity: {
                  id: paymentId,
                  order_id: order.id,
                  amount: order.amount,
                  status: 'failed',
                  ...methodFields(choice),
                },
              },
            }),
          ],
        }
      },
    },
  }
}
