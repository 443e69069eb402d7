import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import { SignJWT } from 'jose'
import type { TestApp } from '../support/test-app.ts'

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')

/** Tokens the server must refuse: alg none, another algorithm, expired, tampered, foreign key. */
export async function badTokens(app: TestApp, victimId: string, otherId: string) {
  const secret = new TextEncoder().encode(app.services.config.secrets.jwtAccessSecret)
  const now = Math.floor(Date.now() / 1000)
  const { accessToken: good } = await app.services.accounts.startSession(otherId)
  const [h, , s] = good.split('.')
  // The victim's live sign-in, so each bad token fails for its own flaw and not for a missing session.
  const { accessToken: victims } = await app.services.accounts.startSession(victimId)
  const sid = JSON.parse(Buffer.from(victims.split('.')[1]!, 'base64url').toString()).sid as string
  return {
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: victimId, role: 'customer', sid, exp: now + 600 })}.`,
    otherAlg: await new SignJWT({ role: 'customer', sid })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(victimId)
      .setExpirationTime(now + 600)
      .sign(secret),
    expired: await new SignJWT({ role: 'customer', sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(victimId)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(secret),
    tampered: `${h}.${b64({ sub: victimId, role: 'customer', sid, iat: now, exp: now + 600 })}.${s}`,
    foreignKey: await new SignJWT({ role: 'customer', sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(victimId)
      .setExpirationTime(now + 600)
      .sign(randomBytes(32)),
    garbage: 'not.a.token',
  }
}

/** A multipart body with one file part. */
export function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----shoptest${randomBytes(8).toString('hex')}`
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A tiny, well-formed PNG file that claims to be width × height pixels (a decompression bomb's header). */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
