import { describe, expect, it } from 'vitest'
import { formattingEditorWouldDrop } from '../../app/features/admin/rich-text.ts'
import { safeHtml } from '../../server/modules/content/html.ts'

// The console's formatting editor (app/) against the sanitiser every stored text passes (server/).
describe('the formatting editor and the shop’s sanitiser', () => {
  it('writes only what the shop keeps: every element of the toolbar survives unchanged', () => {
    const written =
      '<h2>Care</h2><h3>Washing</h3><p>Hand wash in <strong>cold</strong> water, <em>never</em> wring.<br>Dry in shade.</p>' +
      '<ul><li><p>Silk</p></li></ul><ol><li><p>First</p></li></ol><p><a href="/Support">Ask us</a> or <a href="https://example.in/care">read more</a>.</p>'
    // (The sanitiser writes a line break as <br />, which reads back the same.)
    expect(safeHtml(written)).toBe(written.replace('<br>', '<br />'))
    expect(formattingEditorWouldDrop(written)).toEqual([])
  })

  it('names what it cannot keep, so such a text opens as HTML instead of losing it', () => {
    expect(
      formattingEditorWouldDrop(
        '<h1>Big</h1><p><span>x</span></p><table><tr><td>1</td></tr></table><img src="a">',
      ),
    ).toEqual(['h1', 'table', 'tr', 'td', 'img'])
    expect(formattingEditorWouldDrop('<div><p><b>Bold</b> and <i>italic</i></p></div>')).toEqual([])
  })
})
