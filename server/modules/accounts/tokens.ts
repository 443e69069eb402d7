import { createHash, randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'

/** `sid` names the sign-in (the refresh token family); the server checks it is still live on every call. */
export type AccessClaims = { sub: string; role: 'customer' | 'admin'; sid: string }

const ALG = 'HS256'

export function createTokenService(opts: { accessSecret: string; accessTtlSeconds: number }) {
  const key = new TextEncoder().encode(opts.accessSecret)
  return {
    async signAccess(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${opts.accessTtlSeconds}s`)
        .sign(key)
    },
    /** Returns null for anything not signed by us with HS256 and unexpired (alg none, other algs, tampering). */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] })
        const role = payload.role === 'admin' ? 'admin' : 'customer'
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
        return { sub: payload.sub, role, sid: payload.sid }
      } catch (e) {
        if (e instanceof errors.JOSEError || e instanceof TypeError) return null
        throw e
      }
    },
  }
}
export type TokenService = ReturnType<typeof createTokenService>

/** Opaque refresh tokens; only their hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
