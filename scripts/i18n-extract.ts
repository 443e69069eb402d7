import { readFileSync, writeFileSync } from 'node:fs'
import { extractMessages, onlyOnServer, serverOnly } from '../contracts/i18n/extract.ts'
import { type PoEntry, parsePo, writePo } from '../contracts/i18n/po.ts'
import { catalogueFile } from '../server/lib/i18n.ts'

/**
 * `npm run i18n:extract`: brings the Hindi catalogue in step with the code. New messages are added with an
 * empty translation for a translator to fill in (the catalogue's test fails until they are); messages the
 * code no longer has are removed. Existing translations are kept.
 */
const existing = new Map(parsePo(readFileSync(catalogueFile, 'utf8')).map((e) => [e.id, e]))
const found = extractMessages()
const byId = new Map<string, string[]>()
for (const f of found) byId.set(f.id, [...(byId.get(f.id) ?? []), f.where])
const entries: PoEntry[] = [...byId.entries()].map(([id, where]) => ({
  id,
  text: existing.get(id)?.text ?? '',
  comments: [`: ${where.slice(0, 3).join(' ')}`, ...(onlyOnServer(where) ? [serverOnly] : [])],
}))
const removed = [...existing.keys()].filter((id) => !byId.has(id))
const untranslated = entries.filter((e) => !e.text)
writeFileSync(
  catalogueFile,
  writePo(['Hindi messages of the shop: msgid is the English text in the code, msgstr its Hindi.'], entries),
)
console.log(
  `${entries.length} messages; ${untranslated.length} without Hindi; ${removed.length} no longer used and removed.`,
)
for (const e of untranslated) console.log(`  to translate: ${e.id}`)
