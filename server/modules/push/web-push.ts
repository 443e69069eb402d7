import webPush from 'web-push'
import { z } from 'zod'
import { ValidationError } from '../../http/errors.ts'
import {
  type MessagingProvider,
  MessagingProviderError,
  type OutgoingMessage,
} from '../messaging/provider.ts'
import { failedToConnect } from '../messaging/whatsapp-cloud.ts'
import type { VapidKeys } from './vapid.ts'

/**
 * Web push through the browser's own push service (RFC 8030), decision 144: the payload encrypted for the
 * subscription's keys (RFC 8291, aes128gcm) and the request signed with the shop's VAPID key (RFC 8292) by
 * the `web-push` library, the request itself sent with fetch so the answer is read here. Free, and the
 * same for Chrome (FCM), Firefox (Mozilla's autopush), Edge and Safari (Apple's web push).
 * `push-service-stand-in.ts` is the push service the tests start.
 */

// --- Settings: checked with the rest of the environment at start (server/config.ts).

const base64url = (bytes: number, example: string) =>
  z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`),
      `must be ${bytes} bytes in URL-safe base64 without padding, such as ${example}`,
    )

export const webPushEnv = {
  // Unset, the pair is generated once and kept with the shop's other secrets (DATA_DIR/secrets.json or
  // shared_secrets). Set both to bring a pair made elsewhere (`npx web-push generate-vapid-keys`).
  VAPID_PUBLIC_KEY: base64url(65, 'BEl62iUYgUivxIkv69yViEuiBIa-…').optional(),
  VAPID_PRIVATE_KEY: base64url(32, 'UUxI4O8-FbRouAevSmBQ6o18hgE4…').optional(),
  // Who the push services may write to about the shop's pushes (RFC 8292's `sub`): mailto: or https:.
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s@]+@[^\s@]+\.[^\s@]+|https:\/\/[^\s/?#]+[^\s]*)$/,
      'must be a mailto: or https: address, such as mailto:orders@example.in',
    )
    .optional(),
  // The longest one push may wait for the push service's answer; after it the push may have gone.
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
}
const webPushEnvSchema = z.object(webPushEnv)
export type WebPushEnv = z.output<typeof webPushEnvSchema>

/** The variables `PUSH_PROVIDER=web-push` needs that the environment lacks, and a half-given key pair. */
export function missingWebPushVariables(env: WebPushEnv, chosen: boolean): string[] {
  const missing: string[] = []
  if (chosen && !env.VAPID_SUBJECT) missing.push('VAPID_SUBJECT')
  if (env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) missing.push('VAPID_PRIVATE_KEY')
  if (env.VAPID_PRIVATE_KEY && !env.VAPID_PUBLIC_KEY) missing.push('VAPID_PUBLIC_KEY')
  return missing
}

/** A push subscription as the provider needs it to send: where, and the keys the payload is encrypted for. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string }

export type WebPushDeps = {
  subject: string
  /** The notification's title: the shop's name. */
  title: string
  timeoutMs?: number
  /** The shop's VAPID pair (vapid.ts): read or made on first use. */
  vapidKeys: () => Promise<VapidKeys>
  /** The live subscription of an outbox row's `to`, or null when it is unknown or ended. */
  target: (subscriptionId: string) => Promise<PushTarget | null>
  /** The push service said the subscription is gone (404/410): it is ended and never sent to again. */
  gone: (subscriptionId: string) => Promise<void>
  /** A push the push service took. */
  sent: (subscriptionId: string) => Promise<void>
}

/** How long a push service keeps a push for a browser that is offline: an order update a day later is stale. */
export const PUSH_TTL_SECONDS = 24 * 3600

/**
 * What the service worker shows (app/features/install/service-worker.ts): the same words as the WhatsApp
 * template, the order's page, and a tag so a later update about the same thing replaces the earlier one.
 */
export function pushPayload(message: OutgoingMessage, title: string) {
  return {
    title,
    body: message.text,
    url: message.link ?? '/',
    tag: `${message.template.split('-')[0]}-${message.link ?? message.reference}`,
  }
}

export function createWebPushProvider(deps: WebPushDeps): MessagingProvider {
  const timeoutMs = deps.timeoutMs ?? 10_000

  async function send(message: OutgoingMessage) {
    const target = await deps.target(message.to)
    if (!target)
      throw new MessagingProviderError(
        'The customer stopped push messages on that device (or it is gone): not sent.',
        false,
      )
    const keys = await deps.vapidKeys()
    const payload = JSON.stringify(pushPayload(message, deps.title))
    let request: ReturnType<typeof webPush.generateRequestDetails>
    try {
      request = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: PUSH_TTL_SECONDS,
          // Order updates are worth waking a phone for, not worth draining its battery like a call.
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        },
      )
    } catch {
      // The library's words may carry the endpoint or a key: never in the outbox or the logs.
      throw new MessagingProviderError(
        'The subscription’s keys cannot encrypt a push (the browser gave bad keys): not sent.',
        false,
      )
    }
    let res: Response
    try {
      res = await fetch(request.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (e) {
      if (failedToConnect(e))
        throw new MessagingProviderError(
          'The push service could not be reached; the push will be tried again.',
          true,
        )
      throw new MessagingProviderError(
        e instanceof Error && e.name === 'TimeoutError'
          ? `The push service did not answer within ${Math.round(timeoutMs / 1000)} s: the push may have been sent, so it is not sent again.`
          : 'The connection to the push service broke before it answered: the push may have been sent, so it is not sent again.',
        false,
      )
    }
    await res.body?.cancel().catch(() => {})
    if (res.status === 201 || res.status === 200 || res.status === 202) {
      await deps.sent(message.to)
      return {
        providerMessageId:
          res.headers.get('location')?.split('/').pop()?.slice(0, 200) || `push-${message.reference}`,
      }
    }
    if (res.status === 404 || res.status === 410) {
      await deps.gone(message.to)
      throw new MessagingProviderError(
        `The push service says this subscription is gone (HTTP ${res.status}): it is ended and not sent to again.`,
        false,
      )
    }
    if (res.status === 429 || res.status >= 500)
      throw new MessagingProviderError(
        `The push service is ${res.status === 429 ? 'limiting the shop’s pushes' : 'not working properly'} just now (HTTP ${res.status}). It will be tried again.`,
        true,
      )
    throw new MessagingProviderError(
      res.status === 401 || res.status === 403
        ? `The push service refused the shop’s VAPID signature (HTTP ${res.status}): the key pair may have changed since the customer subscribed.`
        : `The push service refused the push (HTTP ${res.status}).`,
      false,
    )
  }

  return {
    name: 'web-push',
    channel: 'push',
    send,
    webhook: {
      headers: z.object({}),
      description: 'Push services send no status callbacks.',
      read() {
        throw new ValidationError('Push services send no status callbacks.')
      },
    },
  }
}
