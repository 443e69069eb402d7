import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Language } from '../languages.ts'
import { type PoEntry, serverOnly } from './po.ts'
import type { CompiledMessage } from './translate.ts'

export type CompiledMessages = Record<string, CompiledMessage>

/**
 * The messages a language needs at run time, compiled ahead so the browser carries no ICU parser.
 * English needs only its messages with placeholders or plurals: a plain English text is its own message.
 */
export function compileCatalogue(
  language: Language,
  entries: PoEntry[],
  { browser = false }: { browser?: boolean } = {},
): CompiledMessages {
  const out: CompiledMessages = {}
  for (const { id, text, comments } of entries) {
    // A page never shows what only the server says (its answers arrive translated): not sent.
    if (browser && comments.includes(serverOnly)) continue
    if (language === 'en') {
      const compiled = compileMessage(id)
      if (!(compiled.length === 1 && compiled[0] === id)) out[id] = compiled
    } else if (text) out[id] = compileMessage(text)
  }
  return out
}
