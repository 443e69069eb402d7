import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/** The response of a page whose inline scripts carry this nonce (the page renderer reads it). */
export type CspResponse = ServerResponse & { cspNonce?: string }

/** Where the policy's script nonce goes: `'nonce-…'` in `script-src`. */
export const nonceSource = "'nonce-\u0000'"

/**
 * Helmet's headers on every response, worked out once. Helmet's own Fastify plugin builds Helmet
 * again on every request to put a nonce in the policy, which was about half the CPU of a cached
 * catalogue answer (decision 005); here Helmet runs once at start-up into a stand-in response, and
 * each request sets the headers it gave, with its own nonce where `nonceSource` stood in the policy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = new Map<string, string>()
  const capture = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  }
  helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err
  })
  const policy = headers.get('content-security-policy') ?? ''
  const parts = policy.split('\u0000')
  if (parts.length !== 2) throw new Error('the content security policy must hold the nonce source once')
  const [before, after] = parts as [string, string]
  headers.delete('content-security-policy')
  const fixed = [...headers]

  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw as CspResponse
    const nonce = nextNonce()
    raw.cspNonce = nonce
    for (const [name, value] of fixed) raw.setHeader(name, value)
    raw.setHeader('content-security-policy', before + nonce + after)
    done()
  })
}

// Nonces are cut from a block of random bytes drawn 256 nonces at a time: one call to the system's
// generator instead of one per request, each nonce still 16 bytes no one has seen.
let block = Buffer.alloc(0)
let at = 0

export function nextNonce(): string {
  if (at + 16 > block.length) {
    block = randomBytes(4096)
    at = 0
  }
  const nonce = block.toString('base64', at, at + 16)
  at += 16
  return nonce
}
