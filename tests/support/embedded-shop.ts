import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * `node server/main.ts` on the embedded database in `dataDir`, as `npm start` runs it, on a free port; ready
 * once it listens and its control socket is there. The caller stops it (`child.kill`), or its test file's
 * clean-up does.
 */
export async function startEmbeddedShop(dataDir: string, timeoutMs = 180_000) {
  const child: ChildProcess = spawn(
    path.resolve('node_modules/.bin/node'),
    [path.resolve('server/main.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: undefined,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED: 'none',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // As `npm start` chooses it when nothing is set (docs/decisions/117).
        PAYMENT_PROVIDER: 'sandbox',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let log = ''
  child.stdout!.on('data', (d) => {
    log += d
  })
  child.stderr!.on('data', (d) => {
    log += d
  })
  const socket = path.join(dataDir, 'control.sock')
  const deadline = Date.now() + timeoutMs
  while (!(existsSync(socket) && /running at http:\/\/localhost:\d+/.test(log))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      if (child.exitCode === null) child.kill('SIGKILL')
      throw new Error(`shop did not start:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  const port = Number(/running at http:\/\/localhost:(\d+)/.exec(log)![1])
  return { child, port, socket }
}
