import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { ShippingProvider, ShippingProviderName } from './provider.ts'
import { createSandboxCourier, type SandboxCourier } from './sandbox.ts'
import {
  createShiprocketProvider,
  missingShiprocketVariables,
  type ShiprocketEnv,
  shiprocketEnv,
  shiprocketSettings,
} from './shiprocket.ts'

/** Every shipping provider's own environment variables, and the sandbox's clock, checked at start. */
export const shippingProviderEnv = {
  ...shiprocketEnv,
  // Minutes between the sandbox courier's own scans after booking; 0 leaves them to the console's buttons.
  SHIPPING_SANDBOX_STEP_MINUTES: z.coerce.number().int().min(0).max(10_080).default(0),
  // How long a travelling parcel may go unheard of before the shop asks the courier itself.
  SHIPPING_POLL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(120),
}

/** What the chosen provider is built from: the checked environment, the database, the sandbox's secret. */
export type ShippingSetup = ShiprocketEnv & {
  SHIPPING_PROVIDER: ShippingProviderName
  SHIPPING_SANDBOX_STEP_MINUTES: number
  db: Db
  secrets: { sandboxWebhookSecret: string }
}

/** The variables the chosen provider needs that the environment lacks; the start names each and stops. */
export function missingShippingVariables(env: ShiprocketEnv & { SHIPPING_PROVIDER: ShippingProviderName }) {
  return env.SHIPPING_PROVIDER === 'shiprocket' ? missingShiprocketVariables(env) : []
}

/** The provider `SHIPPING_PROVIDER` names, with its own settings; the sandbox brings its console buttons. */
export function shippingProviderFor(setup: ShippingSetup): ShippingProvider & { sandbox?: SandboxCourier } {
  switch (setup.SHIPPING_PROVIDER) {
    case 'shiprocket':
      return createShiprocketProvider(shiprocketSettings(setup))
    case 'sandbox':
      return createSandboxCourier({
        db: setup.db,
        webhookSecret: setup.secrets.sandboxWebhookSecret,
        stepMinutes: setup.SHIPPING_SANDBOX_STEP_MINUTES,
      })
  }
}
