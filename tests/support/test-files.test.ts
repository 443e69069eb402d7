import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { onTheDatabase, ownPostgres, processes } from './test-files.ts'

/** Every test file under the folders Vitest reads, as paths from the project's root. */
function testFiles(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.test.ts')) found.push(p)
    }
  }
  for (const dir of ['server', 'contracts', 'app', 'scripts', 'demo-art', 'tests/api', 'tests/support'])
    walk(dir)
  return found
}

// A file reads the database DATABASE_URL names when it opens a test database or reads the variable itself.
const readsTheDatabase = /support\/test-app|process\.env\.DATABASE_URL/

describe('the lists of which test files run where', () => {
  it('name files that are there', () => {
    for (const f of [...processes, ...onTheDatabase, ...ownPostgres]) expect(existsSync(f), f).toBe(true)
  })

  it('send every file that reads DATABASE_URL to the PostgreSQL pass', () => {
    const missing = testFiles().filter(
      (f) =>
        readsTheDatabase.test(readFileSync(f, 'utf8')) &&
        !onTheDatabase.includes(f) &&
        !ownPostgres.includes(f) &&
        !(f.startsWith('tests/api/') && !processes.includes(f)),
    )
    expect(missing, 'add these to onTheDatabase in tests/support/test-files.ts').toEqual([])
  })
})
