import { BlockList, isIP } from 'node:net'

/** Fastify's `trustProxy` forms the shop accepts: nobody, a hop count, or proxy addresses/CIDRs. */
export type TrustProxy = false | number | string[]

// proxy-addr's names for whole ranges.
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal'])

function validAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * Reads TRUST_PROXY: unset or `false` trusts no proxy (the socket's address is the client's),
 * a whole number trusts that many hops, otherwise a comma-separated list of addresses or CIDRs.
 * `true` is refused: it would let any client choose its own address through X-Forwarded-For.
 */
export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = (raw ?? '').trim()
  if (text === '' || text === 'false' || text === '0') return { ok: true, value: false }
  if (text === 'true')
    return {
      ok: false,
      message:
        "'true' would believe any client's X-Forwarded-For; give the proxy's address (e.g. 127.0.0.1) or a hop count",
    }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) return { ok: false, message: 'a hop count must be between 1 and 10' }
    return { ok: true, value: hops }
  }
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = entries.filter((e) => !validAddress(e))
  if (bad.length || !entries.length)
    return {
      ok: false,
      message: `not an address or CIDR: ${bad.join(', ') || text} (use false, a hop count, or addresses such as 127.0.0.1,10.0.0.0/8)`,
    }
  return { ok: true, value: entries }
}

/** Fastify's option: a hop count as the function Fastify itself makes of one (its types omit numbers). */
export function trustProxyOption(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value
  return value
}

const rangesOf: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/**
 * Whether the direct sender of a request (the socket's peer) is a trusted proxy, so what it adds to the
 * request (an X-Request-Id) may be believed. A hop count trusts whatever connects.
 */
export function trustsPeer(value: TrustProxy): (address: string | undefined) => boolean {
  if (value === false) return () => false
  if (typeof value === 'number') return () => value > 0
  const list = new BlockList()
  for (const entry of value.flatMap((e) => rangesOf[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return (address) => {
    if (!address) return false
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
    const family = isIP(plain)
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4')
  }
}

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** Whether HOST takes connections from this machine only (`localhost`, 127.0.0.0/8, `::1`). */
export function isLoopbackHost(host: string): boolean {
  const plain = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
  if (plain === 'localhost') return true
  const v4 = plain.startsWith('::ffff:') && isIP(plain.slice(7)) === 4 ? plain.slice(7) : plain
  const family = isIP(v4)
  return family !== 0 && loopback.check(v4, family === 6 ? 'ipv6' : 'ipv4')
}

/**
 * The start warning for a hop count on an address others can reach, else null. A hop count believes the
 * X-Forwarded-For of whoever connects; a client reaching the shop past its proxy then names its own address
 * and escapes every per-address limit. On a loopback HOST only a proxy on the same machine connects.
 */
export function hopCountWarning(value: TrustProxy, host: string): string | null {
  if (typeof value !== 'number' || value === 0 || isLoopbackHost(host)) return null
  return (
    `TRUST_PROXY=${value} believes X-Forwarded-For from whoever connects, and HOST=${host} takes ` +
    'connections from other machines: a client reaching the shop directly can name any address and escape ' +
    "the per-address limits. Set TRUST_PROXY to the proxy's address (e.g. 10.0.0.5 or 127.0.0.1), or listen " +
    'on HOST=127.0.0.1 behind a proxy on this machine.'
  )
}
