import { describe, expect, it } from 'vitest'
import { afterSignIn, signInHref } from './sign-in-return.ts'

describe('returning after sign-in', () => {
  it('goes back to a page of this shop', () => {
    expect(afterSignIn('/product/Handloom?sort=3')).toBe('/product/Handloom?sort=3')
    expect(signInHref('/Productdetails/abc')).toBe('/Login?next=%2FProductdetails%2Fabc')
  })

  it('goes home for anything that could leave the shop, or nothing', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'profile'])
      expect(afterSignIn(next)).toBe('/')
  })
})
