import { z } from 'zod'

/** What the push routes answer (decision 144), shared by the server and the page's Settings. */

const when = z.string().meta({ format: 'date-time' })

/** A device with push on, as Settings lists it. */
export const pushDeviceSchema = z.object({
  _id: z.string(),
  device: z.string().meta({ description: "A short label such as 'Chrome on Android'" }),
  createdAt: when,
  lastSentAt: when.nullable(),
})
export type PushDevice = z.infer<typeof pushDeviceSchema>

export const pushKeySchema = z.object({
  publicKey: z.string().meta({
    description:
      "The shop's VAPID public key (URL-safe base64): PushManager.subscribe's applicationServerKey",
  }),
})

/** What a subscription is sent as: the browser's own `PushSubscription.toJSON()`. */
export type PushSubscriptionJson = {
  endpoint: string
  expirationTime?: number | null
  keys: { p256dh: string; auth: string }
}
