import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/**
 * The signature of a backup (docs/decisions/075): HMAC-SHA256 of the exact bytes of `manifest.json`
 * with the operator's BACKUP_KEY. The manifest holds the size and SHA-256 of every other file, so the
 * signature vouches for all of them; whoever writes a backup without the key cannot make one a restore
 * accepts.
 */

const signatureAlgorithm = 'HMAC-SHA256'

/** What `manifest.sig` holds. The key id only helps say which key signed; it proves nothing. */
export const signatureSchema = z.object({
  algorithm: z.literal(signatureAlgorithm),
  keyId: z.string().regex(/^[0-9a-f]{12}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
})

export type Signature = z.infer<typeof signatureSchema>

const hmac = (key: string, bytes: Buffer | string) => createHmac('sha256', key).update(bytes).digest()

/** A short name for a key, printed by both commands, from which the key cannot be worked out. */
export const keyId = (key: string) => hmac(key, 'foundation-shop-backup key id').toString('hex').slice(0, 12)

export function signManifest(key: string, manifest: Buffer): Signature {
  return { algorithm: signatureAlgorithm, keyId: keyId(key), signature: hmac(key, manifest).toString('hex') }
}

/** Whether `signature` was made with `key` over exactly these manifest bytes (in constant time). */
export function signatureMatches(key: string, manifest: Buffer, signature: Signature): boolean {
  return timingSafeEqual(hmac(key, manifest), Buffer.from(signature.signature, 'hex'))
}
