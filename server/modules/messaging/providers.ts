import {
  createMsg91Provider,
  type Msg91Env,
  missingMsg91Variables,
  msg91Env,
  msg91Settings,
} from './msg91.ts'
import type { MessagingProvider, SmsProviderName, WhatsappProviderName } from './provider.ts'
import { createSandboxMessaging } from './sandbox.ts'
import {
  createWhatsappCloudProvider,
  missingWhatsappCloudVariables,
  type WhatsappCloudEnv,
  whatsappCloudEnv,
  whatsappCloudSettings,
} from './whatsapp-cloud.ts'

/** Every messaging provider's own environment variables (WHATSAPP_*, MSG91_*), checked with the rest at start. */
export const messagingProviderEnv = { ...whatsappCloudEnv, ...msg91Env }

/** What the chosen providers are built from: the checked environment and the two choices. */
export type MessagingSetup = WhatsappCloudEnv &
  Msg91Env & { WHATSAPP_PROVIDER: WhatsappProviderName; SMS_PROVIDER: SmsProviderName }

/** The variables the chosen providers need that the environment lacks; the start names each and stops. */
export function missingMessagingVariables(env: MessagingSetup): string[] {
  return [
    ...(env.WHATSAPP_PROVIDER === 'whatsapp-cloud' ? missingWhatsappCloudVariables(env) : []),
    ...(env.SMS_PROVIDER === 'msg91' ? missingMsg91Variables(env) : []),
  ]
}

/** The choice that needs a variable, for the start's words: 'SMS_PROVIDER=msg91'. */
export const messagingChoiceNeeding = (name: string, env: MessagingSetup) =>
  name.startsWith('MSG91_')
    ? `SMS_PROVIDER=${env.SMS_PROVIDER}`
    : `WHATSAPP_PROVIDER=${env.WHATSAPP_PROVIDER}`

/** The provider `WHATSAPP_PROVIDER` names; the sandbox keeps every message on the machine. */
export function whatsappProviderFor(env: MessagingSetup): MessagingProvider {
  switch (env.WHATSAPP_PROVIDER) {
    case 'whatsapp-cloud':
      return createWhatsappCloudProvider(whatsappCloudSettings(env))
    case 'sandbox':
      return createSandboxMessaging('whatsapp')
  }
}

/** The provider `SMS_PROVIDER` names; the sandbox keeps every message on the machine. */
export function smsProviderFor(env: MessagingSetup): MessagingProvider {
  switch (env.SMS_PROVIDER) {
    case 'msg91':
      return createMsg91Provider(msg91Settings(env))
    case 'sandbox':
      return createSandboxMessaging('sms')
  }
}
