import { createECDH } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import webPush from 'web-push'
import type { Db } from '../../db/client.ts'
import { sharedSecrets } from '../../db/tables.ts'

/**
 * The shop's VAPID key pair (RFC 8292, decision 144): the browser subscribes with the public key and the
 * push service accepts only requests signed with its private key, so the pair must outlive restarts and
 * be the same on every instance. It is kept as the other secrets are: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set, else generated once and kept in DATA_DIR/secrets.json (the embedded
 * database; a backup carries it) or in `shared_secrets` with PostgreSQL (one row, so two instances starting
 * at once cannot end with halves of two pairs).
 */
export type VapidKeys = { publicKey: string; privateKey: string }

/** The row of `shared_secrets`, and the two names in secrets.json. */
export const vapidSecretName = 'vapidKeys'
const fileNames = { publicKey: 'vapidPublicKey', privateKey: 'vapidPrivateKey' } as const

/** A base64url P-256 key pair whose public half is the private half's (an uncompressed point, 65 bytes). */
export function isVapidPair(keys: Partial<VapidKeys> | null | undefined): keys is VapidKeys {
  if (!keys?.publicKey || !keys.privateKey) return false
  try {
    const privateKey = Buffer.from(keys.privateKey, 'base64url')
    if (privateKey.length !== 32) return false
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(privateKey)
    return ecdh.getPublicKey().toString('base64url') === keys.publicKey
  } catch {
    return false
  }
}

export const newVapidKeys = (): VapidKeys => {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys()
  return { publicKey, privateKey }
}

/** Reads the pair from DATA_DIR/secrets.json, writing a new one beside the other secrets when it has none. */
function keysInDataDir(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'secrets.json')
  let stored: Record<string, string> = {}
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'))
  const found = { publicKey: stored[fileNames.publicKey], privateKey: stored[fileNames.privateKey] }
  if (isVapidPair(found)) return found
  const made = newVapidKeys()
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(
    file,
    JSON.stringify(
      { ...stored, [fileNames.publicKey]: made.publicKey, [fileNames.privateKey]: made.privateKey },
      null,
      2,
    ),
    { mode: 0o600 },
  )
  return made
}

/** The pair every instance on one PostgreSQL database shares: whichever instance asks first makes it. */
async function keysInDatabase(db: Db): Promise<VapidKeys> {
  const offered = newVapidKeys()
  await db
    .insert(sharedSecrets)
    .values({ name: vapidSecretName, value: JSON.stringify(offered) })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: sharedSecrets.value })
    .from(sharedSecrets)
    .where(eq(sharedSecrets.name, vapidSecretName))
  let kept: Partial<VapidKeys> | null = null
  try {
    kept = row ? (JSON.parse(row.value) as Partial<VapidKeys>) : null
  } catch {}
  if (!isVapidPair(kept)) throw new Error(`shared_secrets.${vapidSecretName} is not a VAPID key pair`)
  return { publicKey: kept.publicKey, privateKey: kept.privateKey }
}

export type VapidSource = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither (checked at start). */
  fromEnv: Partial<VapidKeys>
  /** The embedded database's DATA_DIR; '' (the tests' shops) keeps a pair in memory for the process. */
  dataDir: string
  embedded: boolean
  db: Db
}

/** The pair, read or made on first use and then kept in memory: no start waits for it. */
export function createVapidKeys(source: VapidSource): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null
  const load = async (): Promise<VapidKeys> => {
    const { publicKey, privateKey } = source.fromEnv
    if (publicKey && privateKey) return { publicKey, privateKey }
    if (!source.embedded) return keysInDatabase(source.db)
    return source.dataDir ? keysInDataDir(source.dataDir) : newVapidKeys()
  }
  return () => {
    keys ??= load().catch((err) => {
      keys = null
      throw err
    })
    return keys
  }
}
