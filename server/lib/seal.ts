import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Seals an account mail's live text (its reset, invitation or confirmation link) so that the outbox row
 * staff can read holds only a redacted copy (decision 109). AES-256-GCM, the key derived from the shop's
 * access-token secret; what a database reader sees is ciphertext.
 */
export function createSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'shop:mail-outbox', 'account mail seal v1', 32))
  return {
    seal(value: { html: string; text: string }): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
    },
    /** The live content, or null when the seal is not ours (another key, or edited). */
    open(sealed: string): { html: string; text: string } | null {
      if (!sealed.startsWith('v1.')) return null
      const raw = Buffer.from(sealed.slice(3), 'base64url')
      if (raw.length < 28) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
        decipher.setAuthTag(raw.subarray(12, 28))
        const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
        return JSON.parse(text) as { html: string; text: string }
      } catch {
        return null
      }
    },
  }
}

/** What stands in the staff's copy where a one-time token was. */
export const HIDDEN_TOKEN = 'hidden-from-staff'

/** The copy staff may read: every form a token takes in a link (as is, URL-encoded, HTML-escaped) replaced. */
export function redact(value: string, secrets: readonly string[]): string {
  let out = value
  for (const secret of secrets) {
    if (!secret) continue
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join(HIDDEN_TOKEN)
  }
  return out
}
