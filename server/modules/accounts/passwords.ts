import { hash, verify } from '@node-rs/argon2'

// argon2id (algorithm 2) with the library's defaults: 19 MiB memory, 2 passes, 1 lane (OWASP's minimum).
const options = { algorithm: 2 } as const

/**
 * Stored instead of a hash for an account whose owner has not chosen a password yet (a staff invitation):
 * not an argon2 hash, so no password matches it.
 */
export const NO_PASSWORD = '!no-password-chosen'

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // As slow as a real check, so the answer does not tell that this e-mail awaits its first password.
  if (passwordHash === NO_PASSWORD) return verifyDecoy(password).then(() => false)
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let decoy: Promise<string> | null = null
/** Spends the same time as a real check, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('decoy-password-never-matches')
  await verifyPassword(await decoy, password)
}
