import { describe, expect, it } from 'vitest'
import { groupsFor, queryWords, tsQueryFor, wordsOf } from './search.ts'

describe('query words', () => {
  it('keeps Devanagari vowel signs inside their word', () => {
    expect(wordsOf('रेशमी साड़ी')).toEqual(['रेशमी', 'साड़ी'])
  })

  it('reads ड़ typed as one code point like ड plus nukta', () => {
    expect(wordsOf('सा\u095Cी')).toEqual(wordsOf('सा\u0921\u093Cी'))
  })

  it('still splits Latin words on anything but letters and digits', () => {
    expect(queryWords('Art & Painting, 2 pots!')).toEqual(['art', 'painting', '2', 'pots'])
  })
})

describe('synonyms in the word groups', () => {
  const synonyms = new Map([['saadi', ['saree', 'sari']]])

  it('adds a word’s expansions to its group, beside its corrections', () => {
    const groups = groupsFor(['saadi', 'silk'], [{ word: 'silk', match: 'silky' }], synonyms)
    expect(groups).toEqual([
      ['saadi', 'saree', 'sari'],
      ['silk', 'silky'],
    ])
    expect(tsQueryFor(groups, 'all')).toBe('(saadi:* | saree:* | sari:*) & (silk:* | silky:*)')
  })

  it('leaves words without synonyms as they were', () => {
    expect(groupsFor(['pot'], [])).toEqual([['pot']])
  })
})
