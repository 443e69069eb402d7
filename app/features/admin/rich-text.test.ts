import { describe, expect, it } from 'vitest'
import { toolbarButtons } from './formatting-toolbar.tsx'
import { htmlForEditor, htmlFromEditor, linkAddress } from './rich-text.ts'
import { toolbarButtonCount } from './rich-text-field.tsx'

describe('htmlForEditor', () => {
  it('keeps HTML as it is', () => {
    expect(htmlForEditor('<p>One</p><p>Two</p>')).toBe('<p>One</p><p>Two</p>')
    expect(htmlForEditor('')).toBe('')
  })

  it('turns a plain text typed before the editor into paragraphs and line breaks, escaping < and &', () => {
    expect(htmlForEditor('Hand woven.\nPure cotton.\n\nWash by hand & dry in shade <30°C.\r\n')).toBe(
      '<p>Hand woven.<br>Pure cotton.</p><p>Wash by hand &amp; dry in shade &lt;30°C.</p>',
    )
  })
})

describe('htmlFromEditor', () => {
  it('sends an empty editor as an empty text, and no empty paragraph after a closing list', () => {
    expect(htmlFromEditor('<p></p>', true)).toBe('')
    expect(htmlFromEditor('<p>Hi</p>', false)).toBe('<p>Hi</p>')
    expect(htmlFromEditor('<ul><li><p>Silk</p></li></ul><p></p>', false)).toBe(
      '<ul><li><p>Silk</p></li></ul>',
    )
    expect(htmlFromEditor('<p></p><p>Hi</p>', false)).toBe('<p></p><p>Hi</p>')
  })
})

describe('linkAddress', () => {
  it('accepts shop paths, web, e-mail and phone addresses, completing the obvious ones', () => {
    expect(linkAddress(' /Support ')).toBe('/Support')
    expect(linkAddress('https://example.in/a?b=1')).toBe('https://example.in/a?b=1')
    expect(linkAddress('example.in/care')).toBe('https://example.in/care')
    expect(linkAddress('help@example.in')).toBe('mailto:help@example.in')
    expect(linkAddress('mailto:help@example.in')).toBe('mailto:help@example.in')
    expect(linkAddress('tel:+919876543210')).toBe('tel:+919876543210')
  })

  it('refuses what the shop would strip or cannot open', () => {
    for (const bad of [
      '',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'two words',
      'https://',
    ]) {
      expect(linkAddress(bad), bad).toBeNull()
    }
  })
})

describe('the toolbar', () => {
  it('keeps one placeholder box per button while the editor loads, so nothing moves when it arrives', () => {
    expect(toolbarButtons).toHaveLength(toolbarButtonCount)
  })

  it('names every button, so a screen reader can tell them apart', () => {
    const names = toolbarButtons.map((b) => b.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual(
      expect.arrayContaining(['Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link', 'Undo', 'Redo']),
    )
  })
})
