import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'vite'
import { buildDir } from './build-stamp.ts'

/** The worker's source, and what else decides what it keeps (the offline page it installs). */
const entry = 'app/features/install/service-worker.ts'
const inputs = [entry, 'app/features/install/keep-rules.ts', 'server/http/app-install.ts']

/**
 * The worker's version: its sources and the names of the build's files (which change with their content).
 * A new version empties the caches of the old one (decision 142), so a phone never mixes two builds' files.
 */
export function workerVersion(dir = buildDir()): string {
  const hash = createHash('sha256')
  for (const file of inputs) hash.update(readFileSync(file))
  const assets = path.join(dir, 'client', 'assets')
  if (existsSync(assets)) hash.update(readdirSync(assets).sort().join('\n'))
  return hash.digest('hex').slice(0, 12)
}

/**
 * Builds /sw.js into `<build>/pwa/`: outside the client folder, whose files are served with an hour's caching,
 * because the browser must ask for the worker afresh (server/http/app-install.ts serves it, `no-cache`).
 */
export async function buildWorker(dir = buildDir()) {
  await build({
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    define: { __SHOP_WORKER_VERSION__: JSON.stringify(workerVersion(dir)) },
    build: {
      outDir: path.join(dir, 'pwa'),
      emptyOutDir: true,
      target: 'es2022',
      lib: { entry, formats: ['iife'], name: 'shopWorker', fileName: () => 'sw.js' },
    },
  })
}

if (import.meta.main) await buildWorker()
