import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { changedSecrets, listInWords, parseSecrets, secretDigests } from './secrets.ts'
import { keyId, signatureMatches, signatureSchema, signManifest } from './signature.ts'

describe('the signature of a backup manifest', () => {
  const key = randomBytes(32).toString('base64url')
  const manifest = Buffer.from('{"format":"foundation-shop-backup","files":{}}\n')

  it('matches the manifest it was made for, with the key it was made with', () => {
    const signature = signManifest(key, manifest)
    expect(signatureSchema.parse(signature)).toEqual(signature)
    expect(signature.keyId).toBe(keyId(key))
    expect(signatureMatches(key, manifest, signature)).toBe(true)
  })

  it('does not match one byte changed, nor another key', () => {
    const signature = signManifest(key, manifest)
    const edited = Buffer.from(manifest)
    edited[10] ^= 1
    expect(signatureMatches(key, edited, signature)).toBe(false)
    expect(signatureMatches(`${key}x`, manifest, signature)).toBe(false)
    expect(signatureMatches(key, manifest, signManifest(`${key}x`, manifest))).toBe(false)
  })

  it('names a key by an id that does not give the key away', () => {
    expect(keyId(key)).toMatch(/^[0-9a-f]{12}$/)
    expect(keyId(key)).toBe(keyId(key))
    expect(keyId(`${key}x`)).not.toBe(keyId(key))
    expect(key).not.toContain(keyId(key))
  })
})

describe('the signing secrets a restore would change', () => {
  const ours = {
    jwtAccessSecret: 'a',
    jwtRefreshSecret: 'b',
    sandboxKeySecret: 'c',
    sandboxWebhookSecret: 'd',
  }

  it('are those both sides have with other values, by name only', () => {
    expect(changedSecrets({ ...ours }, ours)).toEqual([])
    expect(changedSecrets({ ...ours, jwtAccessSecret: 'x', sandboxKeySecret: 'y' }, ours)).toEqual([
      'jwtAccessSecret',
      'sandboxKeySecret',
    ])
    // One the shop does not have yet is no change; one the backup lacks is made anew by the next start.
    expect(changedSecrets(ours, { jwtAccessSecret: 'a' })).toEqual([])
    expect(changedSecrets({ jwtRefreshSecret: 'z' }, ours)).toEqual(['jwtRefreshSecret'])
    expect(changedSecrets(secretDigests({ ...ours, jwtRefreshSecret: 'z' }), secretDigests(ours))).toEqual([
      'jwtRefreshSecret',
    ])
  })

  it('are said in words', () => {
    expect(listInWords(['jwtAccessSecret'])).toBe('the key that signs sign-in tokens')
    expect(listInWords(['jwtAccessSecret', 'jwtRefreshSecret', 'sandboxKeySecret'])).toBe(
      'the key that signs sign-in tokens, the key that keeps customers signed in and the key that signs sandbox payments',
    )
  })

  it('come from a secrets.json that is an object of strings, or from none', () => {
    expect(parseSecrets(Buffer.from(JSON.stringify(ours)))).toEqual(ours)
    for (const text of ['', 'null', '[]', '"a"', '{"jwtAccessSecret": 1}', '{not json'])
      expect(parseSecrets(Buffer.from(text)), text).toBeNull()
  })
})
