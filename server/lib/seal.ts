import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Seals a message's live text (an account mail's reset, invitation or confirmation link, a sign-in code)
 * so that the outbox row staff can read holds only a redacted copy (decisions 109 and 141). AES-256-GCM,
 * the key derived from the shop's access-token secret and what is sealed (`purpose`: each outbox its own
 * key); what a database reader sees is ciphertext.
 */
export function createSeal<T>(secret: string, purpose = 'mail') {
  const [salt, info] =
    purpose === 'mail'
      ? ['shop:mail-outbox', 'account mail seal v1']
      : [`shop:${purpose}`, `${purpose} seal v1`]
  const key = Buffer.from(hkdfSync('sha256', secret, salt, info, 32))
  return {
    seal(value: T): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
    },
    /** The live content, or null when the seal is not ours (another key, or edited). */
    open(sealed: string): T | null {
      if (!sealed.startsWith('v1.')) return null
      const raw = Buffer.from(sealed.slice(3), 'base64url')
      if (raw.length < 28) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
        decipher.setAuthTag(raw.subarray(12, 28))
        const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
        return JSON.parse(text) as T
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
