import { lstatSync, rmSync } from 'node:fs'
import { chmod } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { dumpEmbedded, dumpFileName } from '../backup/embedded.ts'
import { BackupError } from '../backup/messages.ts'
import type { Database } from '../db/client.ts'
import { AdminCreateError, accountExists, createOrPromoteAdmin } from '../modules/accounts/admin-create.ts'
import { type ControlRequest, type ControlResponse, controlSocketPath, maxRequestBytes } from './protocol.ts'

export type ControlServer = { socketPath: string; close(): Promise<void> }

async function handle(database: Database, dataDir: string, req: ControlRequest): Promise<unknown> {
  switch (req.op) {
    case 'ping':
      return { pid: process.pid }
    case 'account.exists':
      return { exists: await accountExists(database.db, String(req.email)) }
    case 'admin.create':
      return createOrPromoteAdmin(database.db, {
        email: String(req.email),
        password: req.password ?? null,
        fullName: req.fullName ?? null,
      })
    case 'backup.dump': {
      // A bare name the command chose, written new inside DATA_DIR: never a path, never over a file.
      if (typeof req.file !== 'string' || !dumpFileName.test(req.file))
        throw new BackupError('The dump needs a file name like backup-<id>.dump.')
      if (!database.pglite) throw new BackupError('This shop does not hold an embedded database.')
      return dumpEmbedded(database.pglite, path.join(dataDir, req.file))
    }
    default:
      throw new AdminCreateError('Unknown request.')
  }
}

/**
 * While the shop holds the embedded database, `npm run admin:create` cannot open it (PGlite allows one
 * process), so it asks the running shop over this socket instead. The socket is created with mode 0600:
 * only the user the shop runs as can connect, which is the same user who could read DATA_DIR anyway.
 */
export async function startControlServer(opts: {
  dataDir: string
  database: Database
  log: FastifyBaseLogger
}): Promise<ControlServer> {
  const socketPath = controlSocketPath(opts.dataDir)
  // We hold the database lock, so a socket file left here is from a shop that stopped without cleaning up.
  try {
    if (lstatSync(socketPath).isSocket()) rmSync(socketPath, { force: true })
  } catch {}
  const server = net.createServer((socket) => {
    let buffer = ''
    socket.setEncoding('utf8')
    const idle = () => socket.destroy()
    socket.setTimeout(30_000, idle)
    socket.on('error', () => {})
    socket.on('data', (chunk: string) => {
      buffer += chunk
      if (buffer.length > maxRequestBytes) {
        socket.end(
          `${JSON.stringify({ ok: false, error: 'Request too large.' } satisfies ControlResponse)}\n`,
        )
        return
      }
      let newline = buffer.indexOf('\n')
      while (newline >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        newline = buffer.indexOf('\n')
        void (async () => {
          let response: ControlResponse
          try {
            const req = JSON.parse(line) as ControlRequest
            // A dump of a large database takes a while with nothing on the wire.
            if (req.op === 'backup.dump') socket.setTimeout(0)
            response = { ok: true, result: await handle(opts.database, opts.dataDir, req) }
            if (req.op === 'admin.create')
              opts.log.warn({ email: req.email }, 'admin account set up from the command line')
            if (req.op === 'backup.dump')
              opts.log.info('backup copy of the database taken from the command line')
          } catch (err) {
            const known =
              err instanceof AdminCreateError || err instanceof BackupError || err instanceof SyntaxError
            if (!known) opts.log.error({ err }, 'control request failed')
            response = {
              ok: false,
              error: known ? (err as Error).message : 'The shop could not do that; see its log.',
            }
          }
          if (!socket.destroyed) {
            socket.setTimeout(30_000, idle)
            socket.write(`${JSON.stringify(response)}\n`)
          }
        })()
      }
    })
  })
  // The socket file gets mode 0600 from the start (umask), then chmod makes sure of it.
  const previous = process.umask(0o177)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } finally {
    process.umask(previous)
  }
  await chmod(socketPath, 0o600)
  return {
    socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        rmSync(socketPath, { force: true })
      }),
  }
}
