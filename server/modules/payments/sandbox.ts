import { type PaymentProvider, type ProviderPayment, providerId } from './provider.ts'

/**
 * The built-in provider: the same ids, checkout result and signatures as Razorpay, served by the
 * shop itself so the whole payment flow works offline. Its checkout dialog lives in the storefront.
 */
export function createSandboxProvider(opts: { keyId?: string }): PaymentProvider {
  // Payments made in the sandbox's dialog, by provider order: kept in memory, like a provider's own books.
  const books = new Map<string, ProviderPayment[]>()
  return {
    async fetchOrderPayments(providerOrderId) {
      return books.get(providerOrderId) ?? []
    },
    remember(payment) {
      books.set(payment.order_id, [...(books.get(payment.order_id) ?? []), payment])
    },
    name: 'sandbox',
    keyId: opts.keyId ?? 'rzp_test_sandbox',
    async createOrder({ amount, currency }) {
      return { id: providerId('order'), amount, currency }
    },
    async refund() {
      return { id: providerId('rfnd'), status: 'processed' }
    },
  }
}
