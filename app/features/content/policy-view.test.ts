import { describe, expect, it } from 'vitest'
import { withoutRepeatedTitle } from './policy-view.tsx'

describe('a policy page’s heading', () => {
  it('drops a first heading that repeats the page title', () => {
    expect(withoutRepeatedTitle('<h2>Return Policy</h2>\n<p>Every product…</p>', 'Return Policy')).toBe(
      '<p>Every product…</p>',
    )
    expect(withoutRepeatedTitle('<h2> return  policy </h2><p>x</p>', 'Return Policy')).toBe('<p>x</p>')
    expect(withoutRepeatedTitle('<h2>Terms &amp; Conditions</h2><p>x</p>', 'Terms & Conditions')).toBe(
      '<p>x</p>',
    )
  })

  it('keeps every other heading', () => {
    const html = '<h2>When we accept a return</h2><p>x</p><h2>Return Policy</h2>'
    expect(withoutRepeatedTitle(html, 'Return Policy')).toBe(html)
    expect(withoutRepeatedTitle('<p>Return Policy</p>', 'Return Policy')).toBe('<p>Return Policy</p>')
  })
})
