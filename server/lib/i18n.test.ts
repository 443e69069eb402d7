import { readFileSync } from 'node:fs'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { extractMessages, onlyOnServer, placeholders, serverOnly } from '../../contracts/i18n/extract.ts'
import { parsePo } from '../../contracts/i18n/po.ts'
import { catalogueFile, loadTranslations } from './i18n.ts'

// The shop speaks English and Hindi everywhere (docs/decisions/097): a message the code uses must have its
// Hindi, and the catalogue must hold nothing the code no longer says. `npm run i18n:extract` updates it.
const entries = parsePo(readFileSync(catalogueFile, 'utf8'))
const catalogue = new Map(entries.map((e) => [e.id, e.text]))
const found = extractMessages()

describe('the Hindi catalogue', () => {
  it('translates every message the code uses', () => {
    const missing = [
      ...new Set(found.filter((f) => !catalogue.get(f.id)).map((f) => `${f.id}  (${f.where})`)),
    ]
    expect(missing).toEqual([])
  })

  it('holds no message the code no longer uses', () => {
    const used = new Set(found.map((f) => f.id))
    expect(entries.filter((e) => !used.has(e.id)).map((e) => e.id)).toEqual([])
  })

  it('marks the messages only the server says, which pages then do not carry', () => {
    const places = new Map<string, string[]>()
    for (const f of found) places.set(f.id, [...(places.get(f.id) ?? []), f.where])
    const wrong = entries
      .filter((e) => onlyOnServer(places.get(e.id) ?? []) !== e.comments.includes(serverOnly))
      .map((e) => e.id)
    expect(wrong).toEqual([])
    const { hi } = loadTranslations()
    const onPages = JSON.parse(hi.messagesJson)
    expect(Object.keys(onPages)).toContain('Search')
    expect(Object.keys(onPages)).not.toContain('Order {number}: awaiting payment')
    expect(hi.t('Order {number}: awaiting payment', { number: 'KS-1' })).toBe('ऑर्डर KS-1: भुगतान की प्रतीक्षा है')
  })

  it('keeps every placeholder of the English in the Hindi, and every message is valid ICU', () => {
    const wrong = entries
      .filter((e) => e.text && placeholders(e.id).join() !== placeholders(e.text).join())
      .map((e) => `${e.id} → ${e.text}`)
    expect(wrong).toEqual([])
    for (const e of entries) {
      expect(() => compileMessage(e.id), e.id).not.toThrow()
      expect(() => compileMessage(e.text), e.text).not.toThrow()
    }
  })

  it('translates with placeholders and plurals in both languages', () => {
    const { en, hi } = loadTranslations()
    const cart = 'Cart ({count, plural, one {# item} other {# items}})'
    expect(en.t(cart, { count: 1 })).toBe('Cart (1 item)')
    expect(en.t(cart, { count: 1200 })).toBe('Cart (1,200 items)')
    expect(hi.t(cart, { count: 3 })).toMatch(/^[^{}]*3[^{}]*$/)
    expect(hi.t(cart, { count: 3 })).not.toBe(en.t(cart, { count: 3 }))
    expect(hi.t('Search')).not.toBe('Search')
    expect(hi.t('a text no catalogue has')).toBe('a text no catalogue has')
  })
})
