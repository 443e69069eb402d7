import { type PaymentProvider, providerId } from './provider.ts'

/**
 * The built-in provider: the same ids, checkout result and signatures as Razorpay, served by the
 * shop itself so the whole payment flow works offline. Its checkout dialog lives in the storefront.
 */
export function createSandboxProvider(opts: { keyId?: string }): PaymentProvider {
  return {
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
