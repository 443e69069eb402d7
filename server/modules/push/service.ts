import { createECDH } from 'node:crypto'
import { msg } from '../../../contracts/languages.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { newId } from '../../db/ids.ts'
import { NotFoundError, ValidationError } from '../../http/errors.ts'
import { createPushRepo, type PushSubscriptionRow } from './repo.ts'
import type { PushDevice, PushSubscriptionBody } from './schemas.ts'
import { createVapidKeys, type VapidKeys } from './vapid.ts'
import type { PushTarget } from './web-push.ts'

/**
 * The push services browsers subscribe with (decision 144). An endpoint elsewhere is refused: the shop
 * would otherwise post to any address a customer names (a request forgery into its own network).
 */
export const knownPushServiceHosts = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  '.push.services.mozilla.com', // Firefox
  '.notify.windows.com', // Edge on Windows
  '.push.apple.com', // Safari
]

export type PushDeps = {
  db: Db
  /** Outside production a push service on this machine (http://127.0.0.1, the tests' stand-in) is allowed too. */
  production: boolean
  /** Hosts taken besides the known push services (a host, or '.domain' for its subdomains). */
  extraHosts?: string[]
  vapid: { fromEnv: Partial<VapidKeys>; dataDir: string; embedded: boolean }
  now?: () => Date
}

/** 'Chrome on Android' from a user agent: enough for a customer to tell their devices apart, nothing more. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iPhone or iPad'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'Mac'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'A browser'
}

const hostAllowed = (host: string, allowed: string[]) =>
  allowed.some((a) => (a.startsWith('.') ? host.endsWith(a) && host.length > a.length : host === a))

/** A public key the payload can be encrypted for: a point on P-256. */
function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'))
    return true
  } catch {
    return false
  }
}

const toDevice = (row: PushSubscriptionRow): PushDevice => ({
  _id: row.id,
  device: row.device,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
})

export function createPushService(deps: PushDeps) {
  const repo = createPushRepo(deps.db)
  const now = deps.now ?? (() => new Date())
  const vapidKeys = createVapidKeys({ ...deps.vapid, db: deps.db })
  const hosts = [...knownPushServiceHosts, ...(deps.extraHosts ?? [])]

  /** The endpoint as kept, or the field's complaint. */
  function checkedEndpoint(endpoint: string): string {
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      throw new ValidationError(msg('This is not a push subscription.'), {
        endpoint: 'must be the address of a push service',
      })
    }
    const local = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')
    const fine =
      !url.username &&
      !url.password &&
      !url.hash &&
      ((url.protocol === 'https:' && (hostAllowed(url.hostname, hosts) || !deps.production)) ||
        (local && !deps.production))
    if (!fine)
      throw new ValidationError(msg('This is not a push subscription.'), {
        endpoint:
          url.protocol === 'https:' || local
            ? 'is not the address of a push service the shop sends to'
            : 'must be an https:// address',
      })
    return url.toString()
  }

  return {
    /** The public half of the VAPID pair, for PushManager.subscribe. */
    publicKey: async () => (await vapidKeys()).publicKey,
    vapidKeys,

    /**
     * Keeps a browser's subscription for the signed-in customer (their consent, given on the order page). The
     * same endpoint subscribing again, from this account or another signed in on that browser, moves to it.
     */
    async subscribe(userId: string, body: PushSubscriptionBody, userAgent?: string): Promise<PushDevice> {
      const endpoint = checkedEndpoint(body.endpoint)
      if (!isP256Point(body.keys.p256dh))
        throw new ValidationError(msg('This is not a push subscription.'), {
          'keys.p256dh': 'is not a P-256 public key',
        })
      const row = await repo.upsert({
        id: newId(),
        userId,
        endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        device: deviceLabel(userAgent).slice(0, 60),
        now: now(),
      })
      return toDevice(row)
    },

    /** Ends one of the customer's own subscriptions (the consent withdrawn); another's is not found. */
    async unsubscribe(userId: string, id: string): Promise<void> {
      if (!(await repo.end(id, now(), userId)))
        throw new NotFoundError(msg('This device does not get push messages from your account.'))
    },

    /** The customer's devices with push on, newest first. */
    async list(userId: string): Promise<PushDevice[]> {
      return (await repo.liveOf(userId)).map(toDevice)
    },

    /** Where an order update goes by push: each live subscription's id (an outbox row's `to`) and device. */
    async liveFor(userId: string, db: DbOrTx = deps.db): Promise<Array<{ id: string; device: string }>> {
      return (await createPushRepo(db).liveOf(userId)).map((r) => ({ id: r.id, device: r.device }))
    },

    /** The device label of each subscription id (the console's Outbox shows it instead of a number). */
    async devices(ids: string[]): Promise<Map<string, string>> {
      const rows = await repo.byIds([...new Set(ids)])
      return new Map(rows.map((r) => [r.id, r.device]))
    },

    /** For the web-push provider: the live subscription an outbox row names. */
    async target(id: string): Promise<PushTarget | null> {
      const row = await repo.byId(id)
      if (!row || row.endedAt) return null
      return { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }
    },
    async gone(id: string): Promise<void> {
      await repo.end(id, now())
    },
    async sent(id: string): Promise<void> {
      await repo.markSent(id, now())
    },
  }
}
export type PushService = ReturnType<typeof createPushService>
