import type { Product } from '../../../contracts/catalogue.ts'

/**
 * Search in three steps (see docs/decisions/011-search.md):
 * 1. words of the query that begin no word of the shop's vocabulary are corrected with pg_trgm
 *    similarity against that vocabulary ('madhubni' -> 'madhubani');
 * 2. PostgreSQL full-text search (prefix terms, GIN index) finds the products having every word,
 *    or, when none has them all, any word;
 * 3. the matches are ranked here, title matches first, from the in-memory catalogue.
 */

const maxSearchWords = 8

/** Lower-case words of letters and digits; Devanagari vowel signs (marks) stay inside their word. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('en-IN')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0)
}

/** The words a query is made of: at most 8, without one-letter noise. */
export function queryWords(text: string): string[] {
  return [...new Set(wordsOf(text).filter((w) => w.length > 1 || /\d/.test(w)))].slice(0, maxSearchWords)
}

/** Words that begin no vocabulary word, so a full-text prefix term cannot find them. */
export function unknownWords(words: string[], vocabulary: string[]): string[] {
  return words.filter((w) => /^\p{L}{3,}$/u.test(w) && !vocabulary.some((v) => v.startsWith(w)))
}

/** Search synonyms by term ('साड़ी' -> saree, sari), as staff keep them (decision 026). */
export type Synonyms = ReadonlyMap<string, readonly string[]>

/** A synonym term or expansion as search compares it: one lower-case word, NFC. */
export const synonymWord = (text: string) => text.trim().normalize('NFC').toLocaleLowerCase('en-IN')

/** One group per query word: the word itself, its synonyms and its corrections, each as a prefix term. */
export type WordGroup = string[]

export function groupsFor(
  words: string[],
  corrections: { word: string; match: string }[],
  synonyms: Synonyms = new Map(),
): WordGroup[] {
  return words.map((w) => [
    ...new Set([
      w,
      ...(synonyms.get(w) ?? []),
      ...corrections.filter((c) => c.word === w).map((c) => c.match),
    ]),
  ])
}

const term = (w: string) => `${w}:*`

/** A to_tsquery text; safe because words hold only letters, marks and digits. */
export function tsQueryFor(groups: WordGroup[], mode: 'all' | 'any'): string {
  if (mode === 'any') return [...new Set(groups.flat())].map(term).join(' | ')
  return groups.map((g) => `(${g.map(term).join(' | ')})`).join(' & ')
}

/** Best first: words found in the title, then in category, subcategory or state, then elsewhere. */
export function rankProducts<T extends Pick<Product, 'title' | 'categories' | 'subcategory' | 'state'>>(
  found: T[],
  groups: WordGroup[],
  query: string,
): T[] {
  const phrase = query.trim().toLocaleLowerCase('en-IN')
  const scored = found.map((p, index) => {
    const title = wordsOf(p.title)
    const names = wordsOf([p.categories, p.subcategory, p.state].filter(Boolean).join(' '))
    let score = 0
    for (const group of groups) {
      const exact = group.some((g) => title.includes(g))
      if (exact) score += 5
      else if (group.some((g) => title.some((t) => t.startsWith(g)))) score += 4
      else if (group.some((g) => names.some((n) => n.startsWith(g)))) score += 2
      else score += 0.5
      if (group[0] && title.includes(group[0])) score += 1 // typed exactly as in the title
    }
    if (phrase && p.title.toLocaleLowerCase('en-IN').includes(phrase)) score += 3
    return { p, score, index }
  })
  scored.sort((a, b) => b.score - a.score || a.index - b.index)
  return scored.map((s) => s.p)
}
