import { createHash, createHmac, randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'

/** `sid` names the sign-in (the refresh token family); the server checks it is still live on every call. */
export type AccessClaims = { sub: string; role: 'customer' | 'admin'; sid: string }

const ALG = 'HS256'

export function createTokenService(opts: {
  accessSecret: string
  /** Derives each refresh token's successor; shared by every instance (docs/decisions/067). */
  refreshSecret: string
  accessTtlSeconds: number
}) {
  const key = new TextEncoder().encode(opts.accessSecret)
  return {
    /** Signed at `issuedAt` (default now): the same claims at the same second give the very same token. */
    async signAccess(claims: AccessClaims, issuedAt: Date = new Date()): Promise<string> {
      const iat = Math.floor(issuedAt.getTime() / 1000)
      return new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + opts.accessTtlSeconds)
        .sign(key)
    },
    /**
     * The refresh token that replaces the stored token `usedId`: the same every time it is asked for, so a
     * token presented twice within the grace gets one successor, not two (docs/decisions/020).
     */
    successorOf(usedId: string): string {
      return createHmac('sha256', opts.refreshSecret)
        .update(`refresh-successor:${usedId}`)
        .digest('base64url')
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
