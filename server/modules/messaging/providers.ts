import {
  createWebPushProvider,
  missingWebPushVariables,
  type WebPushDeps,
  type WebPushEnv,
  webPushEnv,
} from '../push/web-push.ts'
import {
  createMsg91Provider,
  type Msg91Env,
  missingMsg91Variables,
  msg91Env,
  msg91Settings,
} from './msg91.ts'
import type {
  MessagingProvider,
  PushProviderName,
  SmsProviderName,
  WhatsappProviderName,
} from './provider.ts'
import { createSandboxMessaging } from './sandbox.ts'
import {
  createWhatsappCloudProvider,
  missingWhatsappCloudVariables,
  type WhatsappCloudEnv,
  whatsappCloudEnv,
  whatsappCloudSettings,
} from './whatsapp-cloud.ts'

/** Every messaging provider's own environment variables (WHATSAPP_*, MSG91_*, VAPID_*), checked at start. */
export const messagingProviderEnv = { ...whatsappCloudEnv, ...msg91Env, ...webPushEnv }

/** What the chosen providers are built from: the checked environment and the choices (push: sandbox unless named). */
export type MessagingSetup = WhatsappCloudEnv &
  Msg91Env &
  Partial<WebPushEnv> & {
    WHATSAPP_PROVIDER: WhatsappProviderName
    SMS_PROVIDER: SmsProviderName
    PUSH_PROVIDER?: PushProviderName
  }

/** The variables the chosen providers need that the environment lacks; the start names each and stops. */
export function missingMessagingVariables(env: MessagingSetup): string[] {
  return [
    ...(env.WHATSAPP_PROVIDER === 'whatsapp-cloud' ? missingWhatsappCloudVariables(env) : []),
    ...(env.SMS_PROVIDER === 'msg91' ? missingMsg91Variables(env) : []),
    ...missingWebPushVariables({ PUSH_TIMEOUT_MS: 10_000, ...env }, env.PUSH_PROVIDER === 'web-push'),
  ]
}

/** The choice that needs a variable, for the start's words: 'SMS_PROVIDER=msg91'. */
export const messagingChoiceNeeding = (name: string, env: MessagingSetup) =>
  name === 'VAPID_PUBLIC_KEY'
    ? 'VAPID_PRIVATE_KEY is set (the two go together)'
    : name === 'VAPID_PRIVATE_KEY'
      ? 'VAPID_PUBLIC_KEY is set (the two go together)'
      : name.startsWith('VAPID_')
        ? `PUSH_PROVIDER=${env.PUSH_PROVIDER ?? 'sandbox'}`
        : name.startsWith('MSG91_')
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

/**
 * The provider `PUSH_PROVIDER` names (decision 144); the sandbox keeps every push in the Outbox and sends
 * nothing. `web-push` is handed the push module's subscriptions and VAPID keys.
 */
export function pushProviderFor(
  env: MessagingSetup,
  push: Omit<WebPushDeps, 'subject' | 'timeoutMs'>,
): MessagingProvider {
  switch (env.PUSH_PROVIDER ?? 'sandbox') {
    case 'web-push':
      if (!env.VAPID_SUBJECT) throw new Error('PUSH_PROVIDER=web-push needs VAPID_SUBJECT')
      return createWebPushProvider({ ...push, subject: env.VAPID_SUBJECT, timeoutMs: env.PUSH_TIMEOUT_MS })
    case 'sandbox':
      return createSandboxMessaging('push')
  }
}
