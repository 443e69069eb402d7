import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { makeI18n } from './translate.ts'

const compiled = (pairs: Record<string, string>) =>
  Object.fromEntries(Object.entries(pairs).map(([id, text]) => [id, compileMessage(text)]))

describe('the translator', () => {
  const hi = makeI18n(
    'hi',
    compiled({
      'Cart ({count, plural, one {# item} other {# items}})':
        'कार्ट ({count, plural, one {# वस्तु} other {# वस्तुएँ}})',
      'Hello {name}': 'नमस्ते {name}',
      '{n, plural, =0 {No reviews} one {# review} other {# reviews}}':
        '{n, plural, =0 {कोई समीक्षा नहीं} other {# समीक्षाएँ}}',
      Search: 'खोजें',
    }),
  )

  it('puts values in their places and keeps the plain text', () => {
    expect(hi.t('Hello {name}', { name: 'Asha' })).toBe('नमस्ते Asha')
    expect(hi.t('Search')).toBe('खोजें')
  })

  it('chooses the plural case by the language’s rules and writes the number in its Indian locale', () => {
    const en = makeI18n(
      'en',
      compiled({
        '{count, plural, one {# item} other {# items}}': '{count, plural, one {# item} other {# items}}',
      }),
    )
    expect(en.t('{count, plural, one {# item} other {# items}}', { count: 1 })).toBe('1 item')
    expect(en.t('{count, plural, one {# item} other {# items}}', { count: 100000 })).toBe('1,00,000 items')
    expect(hi.t('Cart ({count, plural, one {# item} other {# items}})', { count: 100000 })).toBe(
      'कार्ट (1,00,000 वस्तुएँ)',
    )
  })

  it('prefers an exact case to the rules', () => {
    const id = '{n, plural, =0 {No reviews} one {# review} other {# reviews}}'
    expect(hi.t(id, { n: 0 })).toBe('कोई समीक्षा नहीं')
    expect(hi.t(id, { n: 3 })).toBe('3 समीक्षाएँ')
  })

  it('leaves a message missing from the catalogue in English, and a missing value empty', () => {
    expect(hi.t('Not translated')).toBe('Not translated')
    expect(hi.t('Hello {name}')).toBe('नमस्ते ')
  })

  it('reads only a value’s own properties, never what every object inherits', () => {
    expect(hi.t('Hello {name}', Object.create({ name: 'inherited' }))).toBe('नमस्ते ')
  })
})
