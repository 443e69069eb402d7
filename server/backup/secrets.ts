import { createHash } from 'node:crypto'
import { type Secrets, secretNames } from '../config.ts'

/**
 * The shop's signing secrets as a restore compares them (docs/decisions/075): a restore that would put
 * other secrets in place of the shop's is refused unless the operator says --accept-secrets, since
 * whoever chose a backup's secrets can sign in as anyone. Only names are ever shown, never values.
 */

/** What each secret is for, in the words of the refusal. */
const secretWords: Record<keyof Secrets, string> = {
  jwtAccessSecret: 'the key that signs sign-in tokens',
  jwtRefreshSecret: 'the key that keeps customers signed in',
  sandboxKeySecret: 'the key that signs sandbox payments',
  sandboxWebhookSecret: 'the key that signs sandbox payment notices',
}

/** A secrets.json as the shop writes it (an object of strings), or null for anything else. */
export function parseSecrets(bytes: Buffer): Record<string, string> | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'))
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null
    const entries = Object.entries(value)
    return entries.every(([, v]) => typeof v === 'string') ? Object.fromEntries(entries) : null
  } catch {
    return null
  }
}

/** SHA-256 of each secret, so two sets can be compared without handing the values around. */
export const secretDigests = (secrets: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(secrets).map(([name, value]) => [name, createHash('sha256').update(value).digest('hex')]),
  )

/**
 * The shop's secrets the backup would change: those both sides have, with different values. A secret the
 * shop does not have yet is not a change (a restore into a new folder or database takes the backup's),
 * and one the backup lacks is made anew at the next start, chosen by nobody.
 */
export function changedSecrets(
  backup: Record<string, string>,
  current: Record<string, string>,
): Array<keyof Secrets> {
  return secretNames.filter(
    (name) => backup[name] !== undefined && current[name] !== undefined && backup[name] !== current[name],
  )
}

/** 'a, b and c'. */
export function listInWords(names: ReadonlyArray<keyof Secrets>): string {
  const words = names.map((n) => secretWords[n])
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}
