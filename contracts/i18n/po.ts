/**
 * Reads and writes gettext PO catalogues, the format translators' tools (Poedit, Weblate) open. The shop's
 * catalogues use the English text as `msgid` and the translation as `msgstr`; a `msgctxt` is not used.
 */
export type PoEntry = { id: string; text: string; comments: string[] }

/** Said of a catalogue entry that only the server uses (an API answer, an e-mail, a PDF): pages never carry it. */
export const serverOnly = 'server only'

const unquote = (s: string) =>
  s.replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c))
const quote = (s: string) =>
  s.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n').replaceAll('\t', '\\t')

export function parsePo(source: string): PoEntry[] {
  const entries: PoEntry[] = []
  let comments: string[] = []
  let current: { id?: string; text?: string } = {}
  let field: 'id' | 'text' | null = null
  const finish = () => {
    if (current.id !== undefined && current.text !== undefined && current.id !== '')
      entries.push({ id: current.id, text: current.text, comments })
    current = {}
    comments = []
    field = null
  }
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/)
  lines.forEach((raw, index) => {
    const line = raw.trim()
    const quoted = /^"((?:[^"\\]|\\.)*)"$/
    if (line === '') {
      if (current.id !== undefined) finish()
      return
    }
    if (line.startsWith('#')) {
      if (current.text !== undefined) finish()
      comments.push(line.replace(/^#\s?/, ''))
      return
    }
    const start = /^(msgid|msgstr)\s+(".*")$/.exec(line)
    if (start) {
      if (start[1] === 'msgid' && current.text !== undefined) finish()
      field = start[1] === 'msgid' ? 'id' : 'text'
      const value = quoted.exec(start[2])
      if (!value) throw new Error(`PO line ${index + 1}: a quoted text was expected`)
      current[field] = unquote(value[1])
      return
    }
    const more = quoted.exec(line)
    if (more && field) {
      current[field] = (current[field] ?? '') + unquote(more[1])
      return
    }
    throw new Error(`PO line ${index + 1}: not understood: ${line.slice(0, 60)}`)
  })
  finish()
  return entries
}

/** Writes a catalogue, one entry per block, long texts kept on one line so diffs stay readable. */
export function writePo(header: string[], entries: PoEntry[]): string {
  const head = [
    ...header.map((h) => `# ${h}`),
    'msgid ""',
    'msgstr ""',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
  ]
  const blocks = entries.map((e) =>
    [...e.comments.map((c) => `# ${c}`), `msgid "${quote(e.id)}"`, `msgstr "${quote(e.text)}"`].join('\n'),
  )
  return `${[head.join('\n'), ...blocks].join('\n\n')}\n`
}
