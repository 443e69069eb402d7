import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type Env, newSecret, type Secrets, secretNames, withEnvSecrets } from '../config.ts'
import type { Db } from './client.ts'
import { sharedSecrets } from './schema.ts'

/** Secrets an earlier version kept in DATA_DIR/secrets.json, when there are any. */
function earlierSecrets(dataDir: string | undefined): Partial<Secrets> {
  const file = dataDir ? path.join(dataDir, 'secrets.json') : null
  if (!file || !existsSync(file)) return {}
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>
  } catch {
    return {}
  }
}

/**
 * The secrets every instance on one PostgreSQL database shares (docs/decisions/067): each instance offers
 * its candidates and keeps whatever is stored, so two starting at once still end with the same set. The
 * candidates are the secrets of its DATA_DIR where an earlier version kept them (so the first start after
 * an upgrade keeps everybody signed in), else fresh ones.
 */
export async function loadSharedSecrets(env: Env & { dataDir?: string }, db: Db): Promise<Secrets> {
  const earlier = earlierSecrets(env.dataDir)
  await db
    .insert(sharedSecrets)
    .values(secretNames.map((name) => ({ name, value: earlier[name] || newSecret() })))
    .onConflictDoNothing()
  const rows = await db.select({ name: sharedSecrets.name, value: sharedSecrets.value }).from(sharedSecrets)
  const stored = Object.fromEntries(rows.map((r) => [r.name, r.value])) as Partial<Secrets>
  const missing = secretNames.filter((name) => !stored[name])
  if (missing.length > 0) throw new Error(`shared secrets missing after insert: ${missing.join(', ')}`)
  return withEnvSecrets(env, stored as Secrets)
}
