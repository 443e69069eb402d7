import type { PaymentProvider, ProviderName } from './provider.ts'
import {
  createRazorpayProvider,
  missingRazorpayVariables,
  type RazorpayEnv,
  razorpayEnv,
  razorpaySettings,
} from './razorpay.ts'
import { createSandboxProvider } from './sandbox.ts'

/** Every payment provider's own environment variables, checked with the rest at start (server/config.ts). */
export const paymentProviderEnv = { ...razorpayEnv }

/** What the chosen provider is built from: the checked environment and the sandbox's stored secrets. */
export type PaymentSetup = RazorpayEnv & {
  PAYMENT_PROVIDER: ProviderName
  secrets: { sandboxKeySecret: string; sandboxWebhookSecret: string }
}

/** The variables the chosen provider needs that the environment lacks; the start names each and stops. */
export function missingProviderVariables(env: RazorpayEnv & { PAYMENT_PROVIDER: ProviderName }): string[] {
  return env.PAYMENT_PROVIDER === 'razorpay' ? missingRazorpayVariables(env) : []
}

/** The provider `PAYMENT_PROVIDER` names, with its own settings. */
export function paymentProviderFor(setup: PaymentSetup): PaymentProvider {
  switch (setup.PAYMENT_PROVIDER) {
    case 'razorpay':
      return createRazorpayProvider(razorpaySettings(setup))
    case 'sandbox':
      return createSandboxProvider({
        keySecret: setup.secrets.sandboxKeySecret,
        webhookSecret: setup.secrets.sandboxWebhookSecret,
      })
  }
}
