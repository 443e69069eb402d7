import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestApp } from '../tests/support/test-app.ts'

/**
 * `npm test -- openapi`: builds the app in-process (in-memory database, no web pages), writes the API
 * document it serves at /api/openapi.json to a temporary file and lints it with redocly.yaml's rules.
 * `--out FILE` keeps the document there instead.
 */
const keep = process.argv.indexOf('--out')
const app = await createTestApp({ LOG_LEVEL: 'silent' })
let document: string
try {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`)
  document = JSON.stringify(res.json(), null, 2)
} finally {
  await app.cleanup()
}
const dir = mkdtempSync(path.join(tmpdir(), 'shop-openapi-'))
const file = keep > 0 ? path.resolve(process.argv[keep + 1]) : path.join(dir, 'openapi.json')
writeFileSync(file, document)
// Under this very Node (the machine's default one may be older than the CLI wants).
const res = spawnSync(
  process.execPath,
  [
    path.resolve('node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    file,
    '--config',
    path.resolve('redocly.yaml'),
    '--format',
    'stylish',
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
)
rmSync(dir, { recursive: true, force: true })
process.exit(res.status ?? 1)
