import { describe, expect, it } from 'vitest'
import { parsePo, writePo } from './po.ts'

describe('PO files', () => {
  it('read back what they write, quotes, line breaks and all', () => {
    const written = writePo(
      ['a header'],
      [
        { id: 'Say "hi"\nthen go', text: 'कहो "नमस्ते"\nफिर जाओ', comments: [': app/x.tsx:1'] },
        { id: 'Back\\slash', text: 'बैक\\स्लैश', comments: [] },
      ],
    )
    expect(parsePo(written).map(({ id, text }) => ({ id, text }))).toEqual([
      { id: 'Say "hi"\nthen go', text: 'कहो "नमस्ते"\nफिर जाओ' },
      { id: 'Back\\slash', text: 'बैक\\स्लैश' },
    ])
  })

  it('names the line it cannot read', () => {
    expect(() => parsePo('msgid "a"\nmsgstr "b"\nnonsense')).toThrow(/line 3/)
  })
})
