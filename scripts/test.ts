import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

/**
 * `npm test`: every check the project has — types, lint, the API document's lint, unit and API tests (embedded database, and
 * real PostgreSQL when TEST_DATABASE_URL is set), browser tests — then one pass/fail count.
 */
type Outcome = { name: string; passed: number; failed: number; skipped: number; ok: boolean }
const outcomes: Outcome[] = []
const bin = (name: string) => path.resolve('node_modules/.bin', name)
const out = path.resolve('test-results/summary')
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })

function run(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${name} ===\n`)
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return res.status === 0
}

function single(name: string, ok: boolean) {
  outcomes.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok })
}

function vitest(name: string, file: string, env: NodeJS.ProcessEnv = {}, extra: string[] = []) {
  const ok = run(
    name,
    bin('vitest'),
    ['run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  )
  if (!existsSync(file)) return outcomes.push({ name, passed: 0, failed: 1, skipped: 0, ok: false })
  const r = JSON.parse(readFileSync(file, 'utf8'))
  // A file that fails to load has no failed tests of its own: count it once.
  const failed = r.numFailedTests > 0 ? r.numFailedTests : (r.numFailedTestSuites ?? 0)
  outcomes.push({
    name,
    passed: r.numPassedTests,
    failed: ok ? r.numFailedTests : Math.max(1, failed),
    skipped: r.numPendingTests + r.numTodoTests,
    ok,
  })
}

const only = process.argv.slice(2)
const want = (phase: string) => only.length === 0 || only.includes(phase)

if (want('types'))
  single('types', run('types', bin('react-router'), ['typegen']) && run('types', bin('tsc'), ['--noEmit']))
if (want('lint')) single('lint', run('lint', bin('biome'), ['check', '.']))
if (want('openapi'))
  single('openapi (redocly lint)', run('openapi', process.execPath, ['scripts/openapi-lint.ts']))
if (want('unit'))
  vitest('unit and API (embedded PGlite)', path.join(out, 'vitest.json'), { DATABASE_URL: '' })
if (want('postgres') && process.env.TEST_DATABASE_URL) {
  vitest('API on PostgreSQL', path.join(out, 'vitest-pg.json'), {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
  })
}
// nginx in front of two instances on PostgreSQL and Redis, as docs/deploy.md sets them up.
if (want('deploy') && process.env.TEST_DATABASE_URL) {
  if (run('deploy: nginx', process.execPath, ['scripts/ensure-nginx.ts']))
    vitest(
      'deployment (nginx, two instances)',
      path.join(out, 'vitest-deploy.json'),
      { DATABASE_URL: process.env.TEST_DATABASE_URL },
      ['-c', 'vitest.deploy.config.ts'],
    )
  else single('deployment (nginx, two instances)', false)
}
if (want('e2e')) {
  const file = path.join(out, 'playwright.json')
  const ok =
    run('browser: chromium', process.execPath, ['scripts/ensure-chromium.ts']) &&
    run('browser', bin('playwright'), ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      DATABASE_URL: '',
    })
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {}
    const failed = (s.unexpected ?? 0) + (ok ? 0 : s.unexpected ? 0 : 1)
    outcomes.push({
      name: 'browser (Playwright, Chromium)',
      passed: (s.expected ?? 0) + (s.flaky ?? 0),
      failed,
      skipped: s.skipped ?? 0,
      ok,
    })
  } else
    outcomes.push({ name: 'browser (Playwright, Chromium)', passed: 0, failed: 1, skipped: 0, ok: false })
}

console.log('\n=== Summary ===')
for (const o of outcomes) {
  console.log(
    `${o.ok ? 'ok  ' : 'FAIL'}  ${o.name}: ${o.passed} passed, ${o.failed} failed${o.skipped ? `, ${o.skipped} skipped` : ''}`,
  )
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0)
const failed = outcomes.reduce((n, o) => n + o.failed, 0)
const skipped = outcomes.reduce((n, o) => n + o.skipped, 0)
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(outcomes.every((o) => o.ok) && failed === 0 ? 0 : 1)
