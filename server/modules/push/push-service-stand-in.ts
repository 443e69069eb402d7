import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A browser's push service on 127.0.0.1 for the tests (decision 144), written from the RFCs: it mints
 * subscriptions as a browser's PushManager.subscribe would (a P-256 key pair and a 16-byte auth secret
 * each, the endpoint an address of its own), and takes `POST /push/<id>` as a push service does (RFC 8030):
 * the VAPID `Authorization` checked (RFC 8292: an ES256 JWT verified with `k`, `aud` the endpoint's
 * origin, `exp` within 24 hours, `sub` mailto: or https:, `k` the key the subscription was made with),
 * `Content-Encoding: aes128gcm` and a TTL required, and the body decrypted with the subscription's private
 * key and auth secret (RFC 8291, RFC 8188). What it took, decrypted, is kept for the test to read.
 */

export type StandInSubscription = {
  id: string
  /** What the browser hands the page: `PushSubscription.toJSON()`. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
}

export type ReceivedPush = {
  subscriptionId: string
  ttl: number
  urgency: string | null
  topic: string | null
  /** The decrypted payload, as the service worker's `event.data.text()` would read it. */
  payload: string
  claims: { aud: string; exp: number; sub: string }
  vapidKey: string
}

type Minted = {
  ecdh: ReturnType<typeof createECDH>
  publicKey: Buffer
  auth: Buffer
  applicationServerKey: string
}

const b64u = (bytes: Buffer) => bytes.toString('base64url')

/** An uncompressed P-256 point (65 bytes) as a key node:crypto verifies with. */
function p256PublicKey(point: Buffer) {
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point')
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  })
}

/**
 * RFC 8291's decryption of an aes128gcm body (RFC 8188's header: salt, record size, key id = the sender's
 * public key), with the subscription's private key and auth secret.
 */
export function decryptPushBody(
  body: Buffer,
  receiver: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): string {
  if (body.length < 21) throw new Error('the body is shorter than its header')
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20]!
  const senderKey = body.subarray(21, 21 + idLength)
  if (idLength !== 65) throw new Error('the key id is not a P-256 public key')
  if (recordSize < 18) throw new Error('the record size is too small')
  const ciphertext = body.subarray(21 + idLength)
  const receiverKey = receiver.ecdh.getPublicKey()
  const shared = receiver.ecdh.computeSecret(senderKey)
  // RFC 8291 section 3.4: the auth secret and both public keys go into the input keying material.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey])
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const parts: Buffer[] = []
  let sawLast = false
  for (let offset = 0, seq = 0; offset < ciphertext.length; offset += recordSize, seq++) {
    if (sawLast) throw new Error('a record follows the last one')
    const record = ciphertext.subarray(offset, offset + recordSize)
    if (record.length < 17) throw new Error('a record is shorter than its tag')
    const nonce = Buffer.from(baseNonce)
    // The record's sequence number is XORed into the nonce's last six bytes (RFC 8188 section 2.3).
    // The record's sequence number is XORed into the nonce's last bytes (RFC 8188 2.3); 32 bits are plenty.
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8)
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
    decipher.setAuthTag(record.subarray(record.length - 16))
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
    // Padding: the data, a delimiter (2 on the last record, 1 before), then zeros.
    let end = plain.length - 1
    while (end >= 0 && plain[end] === 0) end--
    if (end < 0 || (plain[end] !== 1 && plain[end] !== 2)) throw new Error('a record has no delimiter')
    sawLast = plain[end] === 2
    parts.push(plain.subarray(0, end))
  }
  if (!sawLast) throw new Error('the body ends before its last record')
  return Buffer.concat(parts).toString('utf8')
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT checked for this push service. */
function checkVapid(
  header: string | undefined,
  origin: string,
  expectedKey: string,
  nowSeconds: number,
): { claims: ReceivedPush['claims']; key: string } | string {
  const m = /^vapid\s+(.+)$/i.exec(header ?? '')
  if (!m) return 'no vapid Authorization'
  const params = Object.fromEntries(
    m[1]!.split(',').map((p) => {
      const at = p.indexOf('=')
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()]
    }),
  ) as Record<string, string>
  const { t, k } = params
  if (!t || !k) return 'the Authorization lacks t or k'
  const [head, body, signature] = t.split('.')
  if (!head || !body || !signature) return 't is not a JWT'
  let claims: ReceivedPush['claims']
  try {
    const alg = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string }
    if (alg.alg !== 'ES256') return 'the JWT is not ES256'
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: p256PublicKey(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    if (!ok) return 'the JWT signature does not verify with k'
  } catch {
    return 'the JWT or k cannot be read'
  }
  if (claims.aud !== origin) return `aud is not ${origin}`
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600)
    return 'exp is not within the next 24 hours'
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    return 'sub is not mailto: or https:'
  if (k !== expectedKey) return 'k is not the key the subscription was made with'
  return { claims, key: k }
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

export async function startPushServiceStandIn() {
  const subscriptions = new Map<string, Minted>()
  const goneIds = new Set<string>()
  const received: ReceivedPush[] = []
  /** Requests refused, with why: a test can see what a push service would have said. */
  const refused: Array<{ subscriptionId: string; status: number; reason: string }> = []
  // Refusals to come: for one subscription, or ('*') for whichever push comes next.
  const failures = new Map<string, number[]>()

  const answer = (res: ServerResponse, status: number, reason = '') => {
    res.writeHead(status, { 'content-type': 'text/plain' })
    res.end(reason)
  }

  const server = createServer(async (req, res) => {
    try {
      const m = /^\/push\/([A-Za-z0-9-]+)$/.exec(req.url ?? '')
      if (!m || req.method !== 'POST') return answer(res, 404, 'no such resource')
      const id = m[1]!
      const body = await readBody(req)
      const refuse = (status: number, reason: string) => {
        refused.push({ subscriptionId: id, status, reason })
        answer(res, status, reason)
      }
      const failure = failures.get(id)?.shift() ?? failures.get('*')?.shift()
      if (failure) return refuse(failure, 'told to fail')
      const sub = subscriptions.get(id)
      if (!sub) return refuse(404, 'no such subscription')
      if (goneIds.has(id)) return refuse(410, 'the subscription has expired or was unsubscribed')
      const vapid = checkVapid(
        req.headers.authorization,
        origin,
        sub.applicationServerKey,
        Math.floor(Date.now() / 1000),
      )
      if (typeof vapid === 'string') return refuse(403, vapid)
      const ttlHeader = req.headers.ttl
      if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader)) return refuse(400, 'a TTL is required')
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'only aes128gcm is taken')
      if (body.length > 4096) return refuse(413, 'the payload is too large')
      let payload: string
      try {
        payload = decryptPushBody(body, sub)
      } catch (e) {
        return refuse(400, `the body does not decrypt: ${e instanceof Error ? e.message : e}`)
      }
      const messageId = randomUUID()
      received.push({
        subscriptionId: id,
        ttl: Number(ttlHeader),
        urgency: (req.headers.urgency as string | undefined) ?? null,
        topic: (req.headers.topic as string | undefined) ?? null,
        payload,
        claims: vapid.claims,
        vapidKey: vapid.key,
      })
      res.writeHead(201, { location: `${origin}/message/${messageId}` })
      res.end()
    } catch {
      answer(res, 500, 'stand-in error')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    received,
    refused,
    /** What PushManager.subscribe({ applicationServerKey }) would give the page. */
    subscribe(applicationServerKey: string): StandInSubscription {
      const id = randomUUID()
      const ecdh = createECDH('prime256v1')
      const publicKey = ecdh.generateKeys()
      const auth = randomBytes(16)
      subscriptions.set(id, { ecdh, publicKey, auth, applicationServerKey })
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64u(publicKey), auth: b64u(auth) },
        },
      }
    },
    /** The keys of a minted subscription, for a test that decrypts by itself. */
    receiverOf(id: string) {
      const sub = subscriptions.get(id)
      if (!sub) throw new Error(`no subscription ${id}`)
      return { ecdh: sub.ecdh, auth: sub.auth }
    },
    /** From now on this subscription answers 410 Gone, as after the customer blocked notifications. */
    gone(id: string) {
      goneIds.add(id)
    },
    /**
     * The next `count` pushes to one subscription (or, without one, whichever come next) are answered with
     * `status` (500, 429 …), whatever they are.
     */
    failNext(count: number, status: number, subscriptionId = '*') {
      const list = failures.get(subscriptionId) ?? []
      for (let i = 0; i < count; i++) list.push(status)
      failures.set(subscriptionId, list)
    },
    receivedBy: (id: string) => received.filter((r) => r.subscriptionId === id),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>
