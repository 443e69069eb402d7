import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, parseEnv } from '../server/config.ts'
import { controlRequest } from '../server/control/client.ts'
import { controlSocketPath } from '../server/control/protocol.ts'
import {
  type Database,
  DatabaseLockedError,
  lockHolder,
  openPglite,
  openPostgres,
} from '../server/db/client.ts'
import {
  AdminCreateError,
  type AdminCreateResult,
  accountExists,
  adminPasswordMinLength,
  createOrPromoteAdmin,
  emailLooksValid,
} from '../server/modules/accounts/admin-create.ts'

/**
 * `npm run admin:create -- --email E [--name "Full Name"]`: makes E a shop administrator.
 * An existing account is promoted (its password kept, unless its address was never confirmed: then
 * ADMIN_PASSWORD must give a new one, decision 109); a new one needs a password, asked for with
 * hidden input or taken from ADMIN_PASSWORD. Works on PostgreSQL (DATABASE_URL) and on the embedded
 * database, whether or not the shop is running: a running shop holds the embedded database, so the
 * request then goes to it over its control socket (DATA_DIR/control.sock).
 */

const usage = 'Usage: npm run admin:create -- --email someone@example.in [--name "Full Name"]'

function fail(message: string): never {
  console.error(`\n${message}\n`)
  process.exit(1)
}

function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process
  if (!stdin.isTTY) {
    return Promise.reject(
      new AdminCreateError(
        'A new account needs a password: set ADMIN_PASSWORD, or run this in a terminal to type it.',
      ),
    )
  }
  stdout.write(question)
  stdin.setRawMode(true)
  stdin.resume()
  stdin.setEncoding('utf8')
  let value = ''
  return new Promise((resolve, reject) => {
    const finish = () => {
      stdin.setRawMode(false)
      stdin.pause()
      stdin.off('data', onData)
      stdout.write('\n')
    }
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') {
          finish()
          resolve(value)
          return
        }
        if (c === '\u0003' || c === '\u0004') {
          finish()
          reject(new AdminCreateError('Cancelled.'))
          return
        }
        if (c === '\u007f' || c === '\b') value = value.slice(0, -1)
        else value += c
      }
    }
    stdin.on('data', onData)
  })
}

async function newPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD
  if (fromEnv) return fromEnv
  for (;;) {
    const first = await askHidden(
      `Password for the new account (at least ${adminPasswordMinLength} characters): `,
    )
    if (first.length < adminPasswordMinLength) {
      console.error(`The password needs at least ${adminPasswordMinLength} characters.`)
      continue
    }
    const again = await askHidden('Type it again: ')
    if (first === again) return first
    console.error('The two passwords differ. Try again.')
  }
}

/** What the CLI does, through whichever channel reaches the database. */
type Channel = {
  exists(email: string): Promise<boolean>
  create(input: {
    email: string
    password: string | null
    fullName: string | null
  }): Promise<AdminCreateResult>
  close(): Promise<void>
  describe: string
}

function direct(database: Database, describe: string): Channel {
  return {
    exists: (email) => accountExists(database.db, email),
    create: (input) => createOrPromoteAdmin(database.db, input),
    close: () => database.close(),
    describe,
  }
}

function viaShop(socketPath: string, pid: number): Channel {
  return {
    exists: async (email) =>
      ((await controlRequest(socketPath, { op: 'account.exists', email })) as { exists: boolean }).exists,
    create: async (input) =>
      (await controlRequest(socketPath, { op: 'admin.create', ...input })) as AdminCreateResult,
    close: async () => {},
    describe: `the running shop (pid ${pid})`,
  }
}

async function openChannel(): Promise<Channel> {
  let env: ReturnType<typeof parseEnv>
  try {
    env = parseEnv()
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message)
    throw err
  }
  if (env.DATABASE_URL) {
    return direct(await openPostgres(env.DATABASE_URL), 'PostgreSQL (DATABASE_URL)')
  }
  const dataDir = path.resolve(env.DATA_DIR)
  const shopChannel = (pid: number) => {
    const socketPath = controlSocketPath(dataDir)
    if (!existsSync(socketPath)) {
      fail(
        `The shop (pid ${pid}) is using the embedded database in ${dataDir}, and its control socket is not open yet. Wait until it has started, or stop it, then try again.`,
      )
    }
    return viaShop(socketPath, pid)
  }
  const holder = lockHolder(dataDir)
  if (holder) return shopChannel(holder)
  try {
    return direct(await openPglite(dataDir), `the embedded database in ${dataDir}`)
  } catch (err) {
    // The shop started between our look and our open: ask it instead.
    const pid = lockHolder(dataDir)
    if (err instanceof DatabaseLockedError && pid) return shopChannel(pid)
    throw err
  }
}

async function main() {
  let values: { email?: string; name?: string; help?: boolean }
  try {
    values = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }).values
  } catch (err) {
    fail(`${(err as Error).message}\n${usage}`)
  }
  if (values.help) {
    console.log(usage)
    return
  }
  const email = values.email?.trim()
  if (!email) fail(usage)
  if (!emailLooksValid(email)) fail(`"${email}" is not an e-mail address.`)
  if (
    process.env.ADMIN_PASSWORD !== undefined &&
    process.env.ADMIN_PASSWORD.length < adminPasswordMinLength
  ) {
    fail(`ADMIN_PASSWORD needs at least ${adminPasswordMinLength} characters.`)
  }

  const channel = await openChannel()
  let problem: string | null = null
  try {
    const exists = await channel.exists(email)
    // An existing account keeps its password unless ADMIN_PASSWORD asks for a new one.
    const password = exists ? (process.env.ADMIN_PASSWORD ?? null) : await newPassword()
    const result = await channel.create({ email, password, fullName: values.name ?? null })
    const what = {
      created: `Created the administrator account ${result.email}.`,
      promoted: `${result.email} is now an administrator (its password is unchanged${password ? ', except as set by ADMIN_PASSWORD' : ''}).`,
      'already-admin': `${result.email} is already an administrator${password ? '; its password was updated' : ''}.`,
    }[result.outcome]
    console.log(`\n${what}\n(through ${channel.describe}) Sign in at /login, then open /admin.\n`)
  } catch (err) {
    problem =
      err instanceof AdminCreateError
        ? err.message
        : `Could not set up the administrator: ${(err as Error).message}`
  } finally {
    await channel.close()
  }
  if (problem) fail(problem)
}

await main()
