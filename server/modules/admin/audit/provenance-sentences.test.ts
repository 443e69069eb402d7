import { describe, expect, it } from 'vitest'
import { auditSentence, type SentenceInput } from './sentences.ts'

const say = (input: Partial<SentenceInput> & { action: string; entity: string }) =>
  auditSentence({ before: null, after: null, actor: 'Meera', ...input })

const painting = 'Madhubani Fish Painting'

describe('audit sentences for provenance (decision 098)', () => {
  it('names the artisan or cluster added, changed or deleted', () => {
    expect(say({ action: 'artisan.create', entity: 'artisan', subject: 'Kamla Devi' })).toBe(
      'Meera added the artisan Kamla Devi',
    )
    expect(
      say({
        action: 'artisan.update',
        entity: 'artisan',
        subject: 'Kamla Devi',
        before: { village: 'Jitwarpur' },
        after: { village: 'Ranti' },
      }),
    ).toBe('Meera changed the village or town of the artisan Kamla Devi from Jitwarpur to Ranti')
    expect(say({ action: 'cluster.delete', entity: 'cluster', subject: 'Madhubani painters' })).toBe(
      'Meera deleted the craft cluster Madhubani painters',
    )
  })

  it('says who was named as maker, or which marks changed', () => {
    expect(
      say({
        action: 'product.provenance',
        entity: 'product',
        subject: painting,
        before: { makers: [], giName: null },
        after: { makers: ['Kamla Devi', 'Sunita Devi'], giName: null },
      }),
    ).toBe(`Meera named Kamla Devi and Sunita Devi as the makers of ${painting}`)
    expect(
      say({
        action: 'product.provenance',
        entity: 'product',
        subject: painting,
        before: { makers: ['Kamla Devi'], giName: null, giAuthorisedUser: null },
        after: { makers: ['Kamla Devi'], giName: 'Madhubani Paintings', giAuthorisedUser: 'AU-1' },
      }),
    ).toBe(`Meera changed the GI name and GI authorised-user number of ${painting}`)
  })
})
