import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { type CspResponse, nextNonce, nonceSource, registerSecurityHeaders } from './security-headers.ts'

async function appWith(scriptSrc: string[]) {
  const app = Fastify()
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc } },
    strictTransportSecurity: false,
  })
  app.get('/', async (_request, reply) => ({ nonce: (reply.raw as CspResponse).cspNonce }))
  await app.ready()
  return app
}

describe('security headers', () => {
  it("puts each response's own nonce in its policy, beside Helmet's other headers", async () => {
    const app = await appWith(["'self'", nonceSource, 'https://checkout.razorpay.com'])
    const seen = new Set<string>()
    for (let i = 0; i < 300; i++) {
      const res = await app.inject({ url: '/' })
      const { nonce } = res.json() as { nonce: string }
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      const policy = String(res.headers['content-security-policy']).split(';')
      expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' https://checkout.razorpay.com`)
      expect(policy).toContain("default-src 'self'")
      seen.add(nonce)
    }
    // 300 responses run past one block of random bytes: no nonce came twice.
    expect(seen.size).toBe(300)
    const res = await app.inject({ url: '/' })
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    })
    expect(res.headers['strict-transport-security']).toBeUndefined()
    await app.close()
  })

  it('refuses a policy without the nonce source', async () => {
    await expect(appWith(["'self'"])).rejects.toThrow(
      'the content security policy must hold the nonce source',
    )
  })

  it('cuts distinct nonces from its random blocks', () => {
    const nonces = Array.from({ length: 1000 }, nextNonce)
    expect(new Set(nonces).size).toBe(1000)
  })
})
