import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** Inputs of the web build; when their content changes, `npm start` builds again. */
const inputs = ['app', 'contracts', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json']

function walk(p: string, out: string[]) {
  if (!existsSync(p)) return
  if (statSync(p).isDirectory()) {
    for (const name of readdirSync(p).sort()) {
      if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue
      walk(path.join(p, name), out)
    }
  } else out.push(p)
}

export function sourceHash(root = process.cwd()): string {
  const files: string[] = []
  for (const i of inputs) walk(path.join(root, i), files)
  const hash = createHash('sha256')
  for (const f of files) {
    hash.update(path.relative(root, f))
    hash.update(readFileSync(f))
  }
  return hash.digest('hex')
}

export const buildDir = (root = process.cwd()) => path.resolve(root, process.env.BUILD_DIR ?? 'build')
export const stampFile = (root = process.cwd()) => path.join(buildDir(root), '.source-hash')

export function buildIsCurrent(root = process.cwd()): boolean {
  const stamp = stampFile(root)
  return (
    existsSync(stamp) &&
    existsSync(path.join(buildDir(root), 'server/index.js')) &&
    readFileSync(stamp, 'utf8') === sourceHash(root)
  )
}
