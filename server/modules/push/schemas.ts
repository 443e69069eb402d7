import { z } from 'zod'

/**
 * What the push routes take and answer (decision 144). The body is the browser's own
 * `PushSubscription.toJSON()`: its endpoint and the two keys the payload is encrypted for.
 */

/** Unpadded URL-safe base64 of exactly `bytes` bytes (a trailing '=' some browsers add is dropped). */
const base64urlOf = (bytes: number, words: string) =>
  z
    .string(`is required: ${words}`)
    .trim()
    .max(200, 'is too long')
    .transform((v) => v.replace(/=+$/, ''))
    .refine((v) => /^[A-Za-z0-9_-]*$/.test(v) && Buffer.from(v, 'base64url').length === bytes, {
      message: `must be ${words} in URL-safe base64`,
    })

export const pushSubscriptionBody = z.object({
  endpoint: z.string('is required: the push service address').trim().min(1).max(2048, 'is too long'),
  // The browser may say when the push service ends the subscription; the shop finds out from a 404/410 anyway.
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64urlOf(65, 'the 65-byte P-256 public key'),
      auth: base64urlOf(16, 'the 16-byte auth secret'),
    },
    'is required: p256dh and auth',
  ),
})
export type PushSubscriptionBody = z.output<typeof pushSubscriptionBody>

export { type PushDevice, pushDeviceSchema, pushKeySchema } from '../../../contracts/push.ts'
