import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from '@babel/parser'

export { serverOnly } from './po.ts'

/**
 * Finds every message the code asks to translate: the text of each `t('…')` and `msg('…')` call (a string
 * or a template without placeholders), and the server's answers (below). Run by the catalogue's test and
 * by `npm run i18n:extract`.
 */
export type Found = { id: string; where: string }

const roots = ['app', 'contracts', 'server']
const skip = /(^|\/)(node_modules|build|\.react-router)(\/|$)|\.test\.tsx?$|\.d\.ts$/
const callees = new Set(['t', 'msg'])
// The server's answers are messages too (docs/decisions/097): the text of each error it throws and each
// `message:` it sends. The console's own (server/modules/admin, contracts/admin-*, staff, and the picture
// checks it shares with other modules, server/lib/images.ts and server/http/uploaded-files.ts) and the
// operator's (configuration, metrics) stay English, as do the providers' stand-ins the tests start.
const errorClasses =
  /^(App|Validation|Unauthorized|Forbidden|NotFound|Conflict|TooManyRequests|Unprocessable)Error$/
const consoleOnly =
  /(^|\/)(server\/modules\/admin\/|contracts\/(admin|staff)[^/]*$|server\/(control|backup)\/|server\/config\.ts$|server\/http\/(trust-proxy|metrics|uploaded-files)\.ts$|server\/lib\/images\.ts$|server\/modules\/[^/]+\/[^/]+-stand-in\.ts$)/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (skip.test(full)) return []
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown }

function calleeName(callee: Node): string | undefined {
  if (callee.type === 'Identifier') return callee.name as string
  if (callee.type === 'MemberExpression' && (callee.property as Node).type === 'Identifier')
    return (callee.property as Node).name as string
  return undefined
}

function literal(node: Node | undefined): string | undefined {
  if (node?.type === 'StringLiteral') return node.value as string
  const quasis = node?.type === 'TemplateLiteral' ? (node.quasis as Node[]) : []
  if (quasis.length === 1) return (quasis[0].value as { cooked: string }).cooked
  return undefined
}

function walk(node: unknown, visit: (node: Node) => void) {
  if (Array.isArray(node)) for (const n of node) walk(n, visit)
  else if (node && typeof node === 'object' && typeof (node as Node).type === 'string') {
    visit(node as Node)
    for (const [key, value] of Object.entries(node))
      if (key !== 'loc' && value && typeof value === 'object') walk(value, visit)
  }
}

export function extractMessages(base = process.cwd()): Found[] {
  const found: Found[] = []
  for (const root of roots)
    for (const file of sourceFiles(path.join(base, root))) {
      const text = readFileSync(file, 'utf8')
      const relative = path.relative(base, file)
      const answers = root !== 'app' && !consoleOnly.test(relative)
      if (!answers && !/\b(t|msg)\(/.test(text)) continue
      const ast = parse(text, { sourceType: 'module', plugins: ['typescript', 'jsx'] })
      const add = (node: Node | undefined, at: Node) => {
        const id = literal(node)
        if (id) found.push({ id, where: `${relative}:${at.loc?.start.line}` })
      }
      walk(ast.program, (node) => {
        if (node.type === 'CallExpression' && callees.has(calleeName(node.callee as Node) ?? ''))
          add((node.arguments as Node[])[0], node)
        else if (!answers) return
        else if (node.type === 'NewExpression' && errorClasses.test(calleeName(node.callee as Node) ?? ''))
          add((node.arguments as Node[])[0], node)
        else if (isMessageProperty(node)) for (const text of branches(node.value as Node)) add(text, node)
      })
    }
  return found
}

/** A text, or each text a condition picks between (`message: created ? 'Created' : 'Already there'`). */
function branches(node: Node): Node[] {
  if (node.type === 'ConditionalExpression')
    return [...branches(node.consequent as Node), ...branches(node.alternate as Node)]
  return [node]
}

function isMessageProperty(node: Node): boolean {
  const key = node.key as Node | undefined
  return node.type === 'ObjectProperty' && key?.type === 'Identifier' && key.name === 'message'
}

/** Whether every place that uses a message is server code. */
export const onlyOnServer = (where: string[]) => where.every((w) => w.startsWith('server/'))

/** The names of an ICU message's placeholders ({name}, {count, plural, …}), sorted. */
export function placeholders(message: string): string[] {
  const names = new Set<string>()
  // Nested plural branches hold text and '#', not names; a name follows an opening brace.
  for (const m of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?:,|\})/g)) names.add(m[1])
  return [...names].sort()
}
