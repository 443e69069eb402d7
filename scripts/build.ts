import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { buildDir, sourceHash, stampFile } from './build-stamp.ts'

/** Builds the web app, precompresses its static files (served as-is), and stamps the build with its inputs. */
export function build() {
  const hash = sourceHash()
  // Always a production build: run from a test (NODE_ENV=test) Vite would otherwise bundle React's
  // development build, which the browser tests and the bench then reuse.
  execFileSync(path.resolve('node_modules/.bin/react-router'), ['build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  // The service worker, built on its own after the pages: its version names the build's files (decision 142).
  execFileSync(process.execPath, [path.resolve('scripts/build-worker.ts')], { stdio: 'inherit' })
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name)
      if (statSync(p).isDirectory()) walk(p)
      else if (/\.(js|css|svg|json|webmanifest|txt|html)$/.test(name)) {
        const data = readFileSync(p)
        if (data.length < 1024) continue
        writeFileSync(`${p}.gz`, gzipSync(data, { level: 9 }))
        writeFileSync(
          `${p}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    }
  }
  walk(path.join(buildDir(), 'client'))
  writeFileSync(stampFile(), hash)
}

// `--if-stale`: only when the sources changed since the last build (the tests' build phase).
if (import.meta.main) {
  const { buildIsCurrent } = await import('./build-stamp.ts')
  if (!(process.argv.includes('--if-stale') && buildIsCurrent())) build()
  else console.log('The web build is current.')
}
