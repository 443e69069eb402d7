import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * Proves that tests stand alone: picks a random sample of the Vitest tests (seeded, so a run can be replayed)
 * and runs each one by itself, in a Vitest run of its own, as a developer does with `-t`. A test that passes
 * only after the tests before it in its file fails here.
 *
 *   node scripts/tests-alone.ts [--seed N] [--count N] [--jobs N] [--project NAME…] [files…]
 *
 * Prints the seed first; `--seed` with the same number (and the same tree) picks the same tests again.
 */
type Listed = { name: string; file: string }

const args = process.argv.slice(2)
const option = (flag: string, fallback: string) => {
  const i = args.indexOf(flag)
  if (i === -1) return fallback
  const value = args[i + 1]
  args.splice(i, 2)
  return value
}
const seed = Number(option('--seed', String(Math.floor(Math.random() * 2 ** 31))))
const count = Number(option('--count', '20'))
const jobs = Number(option('--jobs', '2'))
const projects: string[] = []
for (let i = args.indexOf('--project'); i !== -1; i = args.indexOf('--project'))
  projects.push(...args.splice(i, 2).slice(1))
const files = args
if (!Number.isSafeInteger(seed) || !(count > 0) || !(jobs > 0)) {
  console.error(
    'usage: node scripts/tests-alone.ts [--seed N] [--count N] [--jobs N] [--project NAME…] [files…]',
  )
  process.exit(2)
}

const vitest = path.resolve('node_modules/.bin/vitest')
const projectArgs = projects.flatMap((p) => ['--project', p])
const work = mkdtempSync(path.join(tmpdir(), 'tests-alone-'))
const listFile = path.join(work, 'list.json')
// Collected by running the files, not read from their text: a table test (`it.each`) is listed once per row
// with its name filled in, as `-t` matches it, and nothing that only looks like a test call is listed.
const listed = spawnSync(
  vitest,
  ['list', ...projectArgs, '--staticParse=false', `--json=${listFile}`, ...files],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
)
if (listed.status !== 0) {
  console.error('vitest list failed')
  process.exit(1)
}
const all = (JSON.parse(readFileSync(listFile, 'utf8')) as Listed[]).sort((a, b) =>
  `${a.file}\0${a.name}`.localeCompare(`${b.file}\0${b.name}`),
)

/** mulberry32: small, and the same sequence for the same seed on every machine. */
function random(s: number) {
  let a = s >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const next = random(seed)
const pool = [...all]
const sample: Listed[] = []
while (sample.length < Math.min(count, all.length))
  sample.push(pool.splice(Math.floor(next() * pool.length), 1)[0])

console.log(`tests alone: seed ${seed}, ${sample.length} of ${all.length} tests, ${jobs} at a time`)
console.log(
  `replay: node scripts/tests-alone.ts --seed ${seed} --count ${count}${projectArgs.length ? ` ${projectArgs.join(' ')}` : ''}${files.length ? ` ${files.join(' ')}` : ''}`,
)

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** One test in a run of its own; passes only if exactly that test ran and passed. */
function runAlone(
  test: Listed,
  index: number,
): Promise<{ test: Listed; ok: boolean; why: string; ms: number }> {
  const out = path.join(work, `${index}.json`)
  // Vitest matches -t against the test's full name: its describe blocks and its own name joined by ' > '.
  const pattern = `^${literally(test.name)}$`
  const started = Date.now()
  return new Promise((resolve) => {
    let log = ''
    const child = spawn(
      vitest,
      ['run', ...projectArgs, test.file, '-t', pattern, '--reporter=json', `--outputFile.json=${out}`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout.on('data', (d) => {
      log += d
    })
    child.stderr.on('data', (d) => {
      log += d
    })
    child.on('close', (code) => {
      const ms = Date.now() - started
      let why = ''
      try {
        const r = JSON.parse(readFileSync(out, 'utf8'))
        const fileError = r.testResults.map((f: { message?: string }) => f.message).find(Boolean)
        if (fileError) why = String(fileError).split('\n').slice(0, 6).join('\n')
        else if (r.numTotalTests - r.numPendingTests - r.numTodoTests !== 1)
          why = `ran ${r.numTotalTests - r.numPendingTests - r.numTodoTests} tests instead of one`
        else if (r.numPassedTests !== 1) {
          const failed = r.testResults
            .flatMap(
              (f: { assertionResults: { status: string; failureMessages: string[] }[] }) =>
                f.assertionResults,
            )
            .find((a: { status: string }) => a.status === 'failed')
          why = failed?.failureMessages?.[0]?.split('\n').slice(0, 6).join('\n') ?? 'failed'
        } else if (code !== 0) why = `vitest exited with ${code}\n${log.slice(-2000)}`
      } catch {
        why = `no result (exit ${code})\n${log.slice(-2000)}`
      }
      resolve({ test, ok: !why, why, ms })
    })
  })
}

const started = Date.now()
const results: Awaited<ReturnType<typeof runAlone>>[] = []
let cursor = 0
await Promise.all(
  Array.from({ length: Math.min(jobs, sample.length) }, async () => {
    while (cursor < sample.length) {
      const i = cursor++
      const r = await runAlone(sample[i], i)
      results.push(r)
      const where = `${path.relative(process.cwd(), r.test.file)} > ${r.test.name}`
      console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${(r.ms / 1000).toFixed(1).padStart(5)} s  ${where}`)
      if (!r.ok) console.log(`       ${r.why.split('\n').join('\n       ')}`)
    }
  }),
)
rmSync(work, { recursive: true, force: true })
const failed = results.filter((r) => !r.ok)
console.log(
  `\ntests alone: ${results.length - failed.length} passed, ${failed.length} failed in ${((Date.now() - started) / 1000).toFixed(0)} s (seed ${seed})`,
)
process.exit(failed.length ? 1 : 0)
