import type { IncomingHttpHeaders } from 'node:http'
import type { z } from 'zod'
import type { Language } from '../../../contracts/languages.ts'
import type { DeliveryStatus, MessageTemplate, PhoneChannel } from '../../../contracts/messaging.ts'

/**
 * The seam between the messaging module and whoever carries a message to a phone (decisions 116 and 141).
 * The service speaks only these names; each provider's file (`sandbox.ts`, `whatsapp-cloud.ts`,
 * `msg91.ts`) owns its authentication, its requests and answers, its template names and its callbacks.
 */

export const whatsappProviderNames = ['sandbox', 'whatsapp-cloud'] as const
export type WhatsappProviderName = (typeof whatsappProviderNames)[number]
export const smsProviderNames = ['sandbox', 'msg91'] as const
export type SmsProviderName = (typeof smsProviderNames)[number]
/** Web push (decision 144): the sandbox keeps each message in the Outbox; `web-push` sends it with VAPID. */
export const pushProviderNames = ['sandbox', 'web-push'] as const
export type PushProviderName = (typeof pushProviderNames)[number]

/** One template message to one number, in the shop's words. */
export type OutgoingMessage = {
  /** The outbox row's id: stable across attempts (a provider that takes a reference is given it). */
  reference: string
  /** +91 and ten digits (contracts/messaging.ts, normalisePhone); for push, the push subscription's id. */
  to: string
  template: MessageTemplate
  language: Language
  /** The template's parameters, in the order contracts/messaging.ts lists them. */
  params: string[]
  /** The whole text as the customer reads it (the sandbox shows it; an SMS gateway may need it). */
  text: string
  /** The shop page the message is about: a push notification opens it. */
  link?: string | null
}

/** The provider's id for an accepted message: its status callbacks name it. */
export type SentMessage = { providerMessageId: string }

/** A status callback read by the provider that sent it: which message, and what became of it. */
export type DeliveryEvent = {
  providerMessageId: string
  status: DeliveryStatus
  /** When it happened (ISO 8601). */
  at: string
  /** The provider's reason for a failure, in its words (never the number). */
  error: string | null
}

export interface MessagingProvider {
  readonly name: string
  readonly channel: PhoneChannel
  /**
   * Hands one message to the provider. Throws a MessagingProviderError: `retry` true when the provider
   * certainly did not take it (no connection, a 429 or 5xx answer), false when trying again cannot help
   * (an unknown template, a number that cannot receive it) or when it may have been taken (no answer).
   */
  send(message: OutgoingMessage): Promise<SentMessage>
  readonly webhook: {
    /** The headers a callback carries, as the API document lists them. */
    headers: z.ZodObject
    /** How a callback is authenticated, in the API document's words. */
    description: string
    /** Checks the callback's signature, then reads its status events; a ValidationError when it fails. */
    read(
      rawBody: Buffer | string,
      headers: IncomingHttpHeaders,
      query: Record<string, string>,
    ): DeliveryEvent[]
    /**
     * A subscription check the provider makes with a GET (WhatsApp's `hub.challenge`): the text to answer,
     * or null when the check is not this provider's or its token is wrong.
     */
    challenge?(query: Record<string, string>): string | null
  }
}

/** A message the provider did not take; `retry` says whether another attempt may succeed without a duplicate. */
export class MessagingProviderError extends Error {
  readonly retry: boolean
  constructor(message: string, retry: boolean) {
    super(message)
    this.name = 'MessagingProviderError'
    this.retry = retry
  }
}
