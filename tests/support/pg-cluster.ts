import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * A short-lived PostgreSQL cluster of its own (initdb and pg_ctl in a temp folder, on a free port),
 * for tests that stop or freeze the database. Independent of the machine's PostgreSQL service.
 */
export type PgCluster = {
  url: string
  start(): Promise<void>
  stop(): Promise<void>
  /** SIGSTOP the postmaster and its backends: the server accepts connections but answers nothing. */
  freeze(): Promise<void>
  thaw(): Promise<void>
  /** Stops the cluster whatever its state and removes its folder. */
  destroy(): Promise<void>
}

/** The newest installed PostgreSQL's bin folder (Debian keeps them out of PATH), or null. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(root, v, 'bin', b))))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : null
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function idsOf(user: string): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', user])).stdout.trim())
  const gid = Number((await run('id', ['-g', user])).stdout.trim())
  return { uid, gid }
}

export async function createPgCluster(bin: string): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'))
  const data = path.join(dir, 'data')
  const port = await freePort()
  // initdb refuses root: run the server as the postgres user, in a folder it owns.
  const asRoot = process.getuid?.() === 0
  let frozen: number[] = []
  const pg = async (tool: string, args: string[]) => {
    const file = path.join(bin, tool)
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]
    return run(cmd, argv, { timeout: 30_000 })
  }
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'server.log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
        '-w',
        '-t',
        '20',
        'start',
      ])
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '20', 'stop'])
    },
    async freeze() {
      const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
      const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)])
      const children = stdout.split('\n').map(Number).filter(Boolean)
      frozen = [postmaster, ...children]
      for (const pid of frozen) process.kill(pid, 'SIGSTOP')
    },
    async thaw() {
      for (const pid of frozen) {
        try {
          process.kill(pid, 'SIGCONT')
        } catch {
          // Already gone.
        }
      }
      frozen = []
    },
    async destroy() {
      await cluster.thaw()
      if (existsSync(path.join(data, 'postmaster.pid')))
        await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '20', 'stop']).catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
  try {
    if (asRoot) {
      const { uid, gid } = await idsOf('postgres')
      chownSync(dir, uid, gid)
    }
    await pg('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ])
    await cluster.start()
  } catch (err) {
    await cluster.destroy()
    throw err
  }
  return cluster
}
