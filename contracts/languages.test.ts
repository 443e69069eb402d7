import { describe, expect, it } from 'vitest'
import { isLanguage, pathInLanguage, switchLanguageHref } from './languages.ts'

describe('addresses in each language', () => {
  it('puts ?lang= on the Hindi address only, keeping the rest of the query', () => {
    expect(pathInLanguage('/', 'hi')).toBe('/?lang=hi')
    expect(pathInLanguage('/', 'en')).toBe('/')
    expect(pathInLanguage('/templedetails?temple=kashi', 'hi')).toBe('/templedetails?temple=kashi&lang=hi')
    expect(pathInLanguage('/templedetails?temple=kashi&lang=hi', 'en')).toBe('/templedetails?temple=kashi')
    expect(pathInLanguage('/Support#faq', 'hi')).toBe('/Support?lang=hi#faq')
  })

  it('switches with an explicit ?lang=, English included, so the remembered choice changes', () => {
    expect(switchLanguageHref('/Cart', 'hi')).toBe('/Cart?lang=hi')
    expect(switchLanguageHref('/Cart?lang=hi', 'en')).toBe('/Cart?lang=en')
    expect(switchLanguageHref('/products?search=saree#top', 'hi')).toBe('/products?search=saree&lang=hi')
  })

  it('knows its languages', () => {
    expect(isLanguage('hi')).toBe(true)
    expect(isLanguage('fr')).toBe(false)
    expect(isLanguage(undefined)).toBe(false)
  })
})
