import { describe, expect, it } from 'vitest'
import { createSeal, HIDDEN_TOKEN, redact } from './seal.ts'

describe('account mail seal', () => {
  const seal = createSeal<{ html: string; text: string }>('a-secret-of-the-shop')

  it('opens what it sealed, and nothing sealed with another key or edited', () => {
    // A token long enough that the seal's random letters never spell it by chance (three letters did, once in
    // about two thousand runs).
    const token = 'tok3nQ7zV9wX2'
    const sealed = seal.seal({ html: `<a href="x?token=${token}">x</a>`, text: `x?token=${token}` })
    expect(sealed).not.toContain(token)
    expect(seal.open(sealed)).toEqual({ html: `<a href="x?token=${token}">x</a>`, text: `x?token=${token}` })
    expect(createSeal('another-secret').open(sealed)).toBeNull()
    // Every byte tampered with in turn (one bit flipped in the decoded seal) is refused: a character swap in the
    // text could land on the same bytes, a flipped bit cannot.
    const raw = Buffer.from(sealed.slice(3), 'base64url')
    for (let at = 0; at < raw.length; at += 1) {
      const edited = Buffer.from(raw)
      edited[at] = (edited[at] ?? 0) ^ 1
      expect(seal.open(`v1.${edited.toString('base64url')}`)).toBeNull()
    }
    expect(seal.open('not sealed')).toBeNull()
  })

  it('redacts a token in every form a link carries it', () => {
    const token = 'ab/c+d=='
    const text = `https://shop/reset?token=${encodeURIComponent(token)} and ${token}`
    const out = redact(text, [token])
    expect(out).toBe(`https://shop/reset?token=${HIDDEN_TOKEN} and ${HIDDEN_TOKEN}`)
  })
})
