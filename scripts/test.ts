import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

/**
 * `npm test`: every check the project has — types, lint, import rules, the API document's lint, the web build,
 * unit and API tests (embedded PGlite, and real PostgreSQL when TEST_DATABASE_URL is set), the deployment test,
 * browser tests, and a sample of tests run one at a time — then one pass/fail count and the time of each phase.
 *
 * Phases run side by side, at most TEST_JOBS at once (2 unless set: the machine's two cores), longest first once
 * the build they need is made. Each phase's output goes to test-results/summary/<phase>.log and is printed
 * whole when the phase ends, so phases never interleave. `npm test -- unit e2e` runs only the phases named.
 */
type Outcome = {
  name: string
  passed: number
  failed: number
  skipped: number
  ok: boolean
  seconds: number
  /** The failed tests by name, printed again under the summary so the end of the output says what failed. */
  failures?: string[]
}
type Phase = {
  id: string
  name: string
  needs?: string[]
  /** Only when this holds (PostgreSQL phases need TEST_DATABASE_URL). */
  when?: () => boolean
  run(log: Log): Promise<Omit<Outcome, 'name' | 'seconds'>>
}
type Log = { write(s: string): void; path: string }

const bin = (name: string) => path.resolve('node_modules/.bin', name)
const out = path.resolve('test-results/summary')
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const postgres = process.env.TEST_DATABASE_URL
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2)

function exec(log: Log, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  log.write(`\n$ ${[path.relative(process.cwd(), cmd) || cmd, ...args].join(' ')}\n`)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    child.stdout.on('data', (d) => log.write(String(d)))
    child.stderr.on('data', (d) => log.write(String(d)))
    child.on('close', (code) => resolve(code === 0))
    child.on('error', (e) => {
      log.write(`${e.message}\n`)
      resolve(false)
    })
  })
}

const single = (ok: boolean) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok })

async function vitest(log: Log, id: string, env: NodeJS.ProcessEnv, extra: string[] = []) {
  const file = path.join(out, `${id}.json`)
  const ok = await exec(
    log,
    bin('vitest'),
    ['run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  )
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, ok: false }
  const r = JSON.parse(readFileSync(file, 'utf8'))
  // A file that fails to load has no failed tests of its own: count it once.
  const failed = r.numFailedTests > 0 ? r.numFailedTests : (r.numFailedTestSuites ?? 0)
  return {
    passed: r.numPassedTests,
    failed: ok ? r.numFailedTests : Math.max(1, failed),
    skipped: r.numPendingTests + r.numTodoTests,
    ok,
    failures: vitestFailures(r),
  }
}

type VitestFile = {
  name: string
  status: string
  message?: string
  assertionResults: { fullName: string; status: string }[]
}
function vitestFailures(r: { testResults?: VitestFile[] }): string[] {
  return (r.testResults ?? []).flatMap((f) => {
    const where = path.relative(process.cwd(), f.name)
    const tests = f.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${where} > ${t.fullName}`)
    if (tests.length || f.status !== 'failed') return tests
    return [`${where} (${(f.message ?? 'failed to run').split('\n')[0]})`]
  })
}

type PlaywrightSuite = {
  title: string
  file?: string
  suites?: PlaywrightSuite[]
  specs?: { title: string; file: string; tests: { projectName: string; status: string }[] }[]
}
function playwrightFailures(suites: PlaywrightSuite[] = [], titles: string[] = []): string[] {
  return suites.flatMap((s) => {
    const inner = s.file && s.title === s.file ? titles : [...titles, s.title]
    const own = (s.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => `[${t.projectName}] tests/e2e/${spec.file} > ${[...inner, spec.title].join(' > ')}`),
    )
    return [...own, ...playwrightFailures(s.suites, inner)]
  })
}

// Both Vitest phases shuffle with one printed seed, so a failing order can be replayed with VITEST_SEED.
const seed = process.env.VITEST_SEED ?? String(Math.floor(Math.random() * 2 ** 31))

const phases: Phase[] = [
  {
    id: 'build',
    name: 'web build',
    // The build, and the demo pictures drawn once for every demo shop the tests start (kept between runs).
    run: async (log) =>
      single(
        (await exec(log, process.execPath, ['scripts/build.ts', '--if-stale'])) &&
          (await exec(log, process.execPath, ['scripts/demo-pictures.ts'])),
      ),
  },
  {
    id: 'e2e',
    name: 'browser (Playwright, Chromium)',
    needs: ['build'],
    async run(log) {
      const file = path.join(out, 'playwright.json')
      const ok =
        (await exec(log, process.execPath, ['scripts/ensure-chromium.ts'])) &&
        (await exec(log, bin('playwright'), ['test', '--reporter=list,json'], {
          PLAYWRIGHT_JSON_OUTPUT_NAME: file,
          DATABASE_URL: '',
        }))
      if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, ok: false }
      const report = JSON.parse(readFileSync(file, 'utf8'))
      const s = report.stats ?? {}
      return {
        passed: (s.expected ?? 0) + (s.flaky ?? 0),
        failed: (s.unexpected ?? 0) + (ok ? 0 : s.unexpected ? 0 : 1),
        skipped: s.skipped ?? 0,
        ok,
        failures: playwrightFailures(report.suites),
      }
    },
  },
  {
    id: 'unit',
    name: 'unit and API (embedded PGlite)',
    needs: ['build'],
    run: (log) => vitest(log, 'unit', { DATABASE_URL: '', VITEST_SEED: seed }),
  },
  {
    id: 'postgres',
    name: 'API on PostgreSQL',
    needs: ['build'],
    when: () => Boolean(postgres),
    // Only the files that read DATABASE_URL (tests/support/test-files.ts): the rest would run the same again.
    run: (log) =>
      vitest(log, 'postgres', { DATABASE_URL: postgres, VITEST_SEED: seed, VITEST_PASS: 'postgres' }),
  },
  // nginx in front of two instances on PostgreSQL and Redis, as docs/deploy.md sets them up.
  {
    id: 'deploy',
    name: 'deployment (nginx, two instances)',
    needs: ['build'],
    when: () => Boolean(postgres),
    async run(log) {
      if (!(await exec(log, process.execPath, ['scripts/ensure-nginx.ts']))) return single(false)
      return vitest(log, 'deploy', { DATABASE_URL: postgres }, ['-c', 'vitest.deploy.config.ts'])
    },
  },
  {
    id: 'alone',
    name: 'tests alone (a random sample, one at a time)',
    needs: ['build'],
    run: async (log) =>
      single(
        await exec(
          log,
          process.execPath,
          [
            'scripts/tests-alone.ts',
            ...['--count', process.env.TESTS_ALONE_COUNT ?? '16', '--jobs', '1'],
            // The API tests: each file's tests share one app, so that is where a test leaning on another hides.
            ...['--project', 'api'],
            ...(process.env.TESTS_ALONE_SEED ? ['--seed', process.env.TESTS_ALONE_SEED] : []),
          ],
          { DATABASE_URL: '' },
        ),
      ),
  },
  {
    id: 'types',
    name: 'types',
    run: async (log) =>
      single(
        (await exec(log, bin('react-router'), ['typegen'])) && (await exec(log, bin('tsc'), ['--noEmit'])),
      ),
  },
  { id: 'lint', name: 'lint', run: async (log) => single(await exec(log, bin('biome'), ['check', '.'])) },
  {
    id: 'imports',
    name: 'import rules (dependency-cruiser)',
    run: async (log) =>
      single(
        await exec(log, bin('depcruise'), [
          ...['app', 'server', 'contracts', 'demo-art', 'scripts', 'tests', 'bench'],
          ...['--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
        ]),
      ),
  },
  {
    id: 'openapi',
    name: 'openapi (redocly lint)',
    run: async (log) => single(await exec(log, process.execPath, ['scripts/openapi-lint.ts'])),
  },
]

const asked = process.argv.slice(2)
const unknown = asked.filter((a) => !phases.some((p) => p.id === a))
if (unknown.length) {
  console.error(`Unknown phase: ${unknown.join(', ')}. Phases: ${phases.map((p) => p.id).join(', ')}`)
  process.exit(2)
}
const chosen = phases.filter((p) => (asked.length === 0 || asked.includes(p.id)) && (p.when?.() ?? true))
const chosenIds = new Set(chosen.map((p) => p.id))
// A phase named alone streams its output as it comes; side by side, each is printed whole when it ends.
const stream = chosen.length === 1 || jobs === 1
console.log(`npm test: ${chosen.map((p) => p.id).join(', ')} (${jobs} at a time; Vitest seed ${seed})`)

const outcomes = new Map<string, Outcome>()
const started = Date.now()
const done = new Set<string>()
const running = new Set<string>()
let wake: () => void = () => {}

async function start(p: Phase) {
  running.add(p.id)
  const file = path.join(out, `${p.id}.log`)
  const sink = createWriteStream(file)
  // The text is kept in memory too: what is printed never depends on the file still being there.
  const text: string[] = []
  const log: Log = {
    path: file,
    write(s) {
      text.push(s)
      sink.write(s)
      if (stream) process.stdout.write(s)
    },
  }
  if (!stream) console.log(`  started  ${p.id}`)
  const t0 = Date.now()
  let result: Omit<Outcome, 'name' | 'seconds'>
  try {
    result = await p.run(log)
  } catch (e) {
    log.write(`\n${(e as Error).stack ?? e}\n`)
    result = single(false)
  }
  await new Promise<void>((r) => sink.end(r))
  const seconds = Math.round((Date.now() - t0) / 1000)
  outcomes.set(p.id, { name: p.name, seconds, ...result })
  if (!stream) {
    console.log(`\n=== ${p.name} (${seconds} s) ===`)
    process.stdout.write(text.join(''))
  }
  running.delete(p.id)
  done.add(p.id)
  wake()
}

while (done.size < chosen.length) {
  for (const p of chosen) {
    if (running.size >= jobs) break
    if (done.has(p.id) || running.has(p.id)) continue
    const waiting = (p.needs ?? []).filter((n) => chosenIds.has(n) && !done.has(n))
    if (waiting.length) continue
    const failedNeed = (p.needs ?? []).find((n) => outcomes.get(n) && !outcomes.get(n)!.ok)
    if (failedNeed) {
      outcomes.set(p.id, { name: p.name, seconds: 0, ...single(false) })
      console.log(`  skipped  ${p.id}: ${failedNeed} failed`)
      done.add(p.id)
      continue
    }
    void start(p)
  }
  if (done.size < chosen.length) await new Promise<void>((r) => (wake = r))
}

console.log('\n=== Summary ===')
for (const p of chosen) {
  const o = outcomes.get(p.id)!
  console.log(
    `${o.ok ? 'ok  ' : 'FAIL'}  ${o.name}: ${o.passed} passed, ${o.failed} failed${o.skipped ? `, ${o.skipped} skipped` : ''} (${o.seconds} s)`,
  )
}
const all = [...outcomes.values()]
const named = all.flatMap((o) => (o.failures ?? []).map((f) => `  ${o.name}: ${f}`))
if (named.length) console.log(`\nFailed:\n${named.join('\n')}`)
const passed = all.reduce((n, o) => n + o.passed, 0)
const failed = all.reduce((n, o) => n + o.failed, 0)
const skipped = all.reduce((n, o) => n + o.skipped, 0)
console.log(
  `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} in ${Math.round((Date.now() - started) / 1000)} s (Vitest seed ${seed})`,
)
process.exit(all.every((o) => o.ok) && failed === 0 ? 0 : 1)
