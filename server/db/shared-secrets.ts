import { type Env, newSecret, type Secrets, secretNames, withEnvSecrets } from '../config.ts'
import type { Db } from './client.ts'
import { sharedSecrets } from './schema.ts'

/**
 * The secrets every instance on one PostgreSQL database shares (docs/decisions/067): each instance offers
 * fresh ones and keeps whatever is stored, so two starting at once still end with the same set.
 */
export async function loadSharedSecrets(env: Env, db: Db): Promise<Secrets> {
  await db
    .insert(sharedSecrets)
    .values(secretNames.map((name) => ({ name, value: newSecret() })))
    .onConflictDoNothing()
  const rows = await db.select({ name: sharedSecrets.name, value: sharedSecrets.value }).from(sharedSecrets)
  const stored = Object.fromEntries(rows.map((r) => [r.name, r.value])) as Partial<Secrets>
  const missing = secretNames.filter((name) => !stored[name])
  if (missing.length > 0) throw new Error(`shared secrets missing after insert: ${missing.join(', ')}`)
  return withEnvSecrets(env, stored as Secrets)
}
