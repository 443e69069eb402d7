import { describe, expect, it } from 'vitest'
import { createSeal, HIDDEN_TOKEN, redact } from './seal.ts'

describe('account mail seal', () => {
  const seal = createSeal('a-secret-of-the-shop')

  it('opens what it sealed, and nothing sealed with another key or edited', () => {
    const sealed = seal.seal({ html: '<a href="x?token=abc">x</a>', text: 'x?token=abc' })
    expect(sealed).not.toContain('abc')
    expect(seal.open(sealed)).toEqual({ html: '<a href="x?token=abc">x</a>', text: 'x?token=abc' })
    expect(createSeal('another-secret').open(sealed)).toBeNull()
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`
    expect(seal.open(flipped)).toBeNull()
    expect(seal.open('not sealed')).toBeNull()
  })

  it('redacts a token in every form a link carries it', () => {
    const token = 'ab/c+d=='
    const text = `https://shop/reset?token=${encodeURIComponent(token)} and ${token}`
    const out = redact(text, [token])
    expect(out).toBe(`https://shop/reset?token=${HIDDEN_TOKEN} and ${HIDDEN_TOKEN}`)
  })
})
