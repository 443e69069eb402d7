import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { type Secrets, secretNames } from '../config.ts'
import { describeDatabaseUrl } from '../db/faults.ts'
import {
  type Counts,
  countedTables,
  countsSql,
  type SchemaState,
  schemaSql,
  toCounts,
  toSchemaState,
} from './manifest.ts'
import { BackupError, backupMessages } from './messages.ts'
import { changedSecrets } from './secrets.ts'

type Tool = 'pg_dump' | 'pg_restore' | 'psql'

/** A PostgreSQL client program: from PATH, else Debian's /usr/bin. */
export function findTool(tool: Tool, searchPath = process.env.PATH ?? ''): string {
  for (const dir of [...searchPath.split(path.delimiter).filter(Boolean), '/usr/bin']) {
    const file = path.join(dir, tool)
    try {
      accessSync(file, constants.X_OK)
      return file
    } catch {}
  }
  throw new BackupError(backupMessages.toolMissing(tool))
}

/**
 * How the client programs reach the database: the address without its password, which goes to them in
 * PGPASSWORD, so it never shows in a process list or a message.
 */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url)
  const password = decodeURIComponent(u.password)
  u.password = ''
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: 'shop-backup' }
  delete env.PGPASSWORD
  if (password) env.PGPASSWORD = password
  return { dbname: u.toString(), env }
}

/** Runs a client program; a non-zero exit becomes a BackupError with the last lines it printed. */
function run(
  tool: Tool,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { stdin?: NodeJS.ReadableStream; stdout?: 'pipe' } = {},
) {
  const child = spawn(findTool(tool), args, {
    env,
    stdio: [opts.stdin ? 'pipe' : 'ignore', opts.stdout ?? 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (d: string) => {
    stderr = (stderr + d).slice(-8000)
  })
  if (opts.stdin) opts.stdin.pipe(child.stdin!)
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err) => reject(new BackupError(backupMessages.toolFailed(tool, err.message))))
    child.on('close', (code) => {
      if (code === 0) return resolve()
      reject(new BackupError(backupMessages.toolFailed(tool, lastLines(stderr) || `exit code ${code}`)))
    })
  })
  return { child, done, stderr: () => stderr }
}

const lastLines = (text: string) => text.trim().split('\n').slice(-4).join(' / ')

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (err) {
    await client.end().catch(() => {})
    throw new BackupError(
      `Cannot reach the database in DATABASE_URL (${describeDatabaseUrl(url)}): ${(err as Error).message}`,
    )
  }
  client.on('error', () => {})
  return client
}

/**
 * `pg_dump --format=custom` of the database into `file`, with the rows counted in the very snapshot
 * the dump reads (exported from a repeatable-read transaction held open meanwhile).
 */
export async function dumpPostgres(
  url: string,
  file: string,
): Promise<{ counts: Counts; schema: SchemaState }> {
  findTool('pg_dump')
  const client = await connect(url)
  try {
    await client.query('begin isolation level repeatable read, read only')
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s
    const counts = toCounts((await client.query(countsSql)).rows[0])
    const schema = toSchemaState((await client.query(schemaSql)).rows[0])
    const { dbname, env } = toolConnection(url)
    // --no-password: never stop to ask in a terminal; PGPASSWORD or ~/.pgpass answer, or it fails.
    await run(
      'pg_dump',
      ['--no-password', '--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
      env,
    ).done
    await client.query('commit')
    return { counts, schema }
  } finally {
    await client.end().catch(() => {})
  }
}

/** Checks a dump file with `pg_restore --list` (it reads the whole table of contents). */
export async function checkDump(file: string): Promise<void> {
  await run('pg_restore', ['--list', file], process.env).done
}

/** Other sessions on the database, which a restore would pull the tables from under. */
export async function otherSessions(url: string): Promise<number> {
  const client = await connect(url)
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    )
    return Number(rows[0]!.n)
  } finally {
    await client.end().catch(() => {})
  }
}

const secretDigestsSql = `select name, encode(sha256(convert_to(value, 'UTF8')), 'hex') as digest
  from public.shared_secrets`

/**
 * The SHA-256 of each signing secret the database holds now (decision 067), to compare with a backup's
 * without reading the values out; null when it has none yet (a new database).
 */
export async function currentSecretDigests(url: string): Promise<Record<string, string> | null> {
  const client = await connect(url)
  try {
    const { rows } = await client.query<{ t: string | null }>(
      "select to_regclass('public.shared_secrets') as t",
    )
    if (!rows[0]?.t) return null
    const secrets = await client.query<{ name: string; digest: string }>(secretDigestsSql)
    return secrets.rows.length ? Object.fromEntries(secrets.rows.map((r) => [r.name, r.digest])) : null
  } finally {
    await client.end().catch(() => {})
  }
}

/** The restore would change the shop's signing secrets and the operator did not accept it. */
export class SecretsChangedError extends Error {
  readonly names: Array<keyof Secrets>
  constructor(names: Array<keyof Secrets>) {
    super(`signing secrets differ: ${names.join(', ')}`)
    this.names = names
  }
}

const secretsMarker = 'shop-backup: signing secrets differ: '

/**
 * After the dump's statements, still in the transaction: stops it (so it rolls back) when a signing
 * secret the database had before has another value now.
 */
function checkSecrets(current: Record<string, string>): string {
  const known = secretNames.filter((name) => /^[0-9a-f]{64}$/.test(current[name] ?? ''))
  if (known.length === 0) return ''
  const values = known.map((name) => `('${name}', '${current[name]}')`).join(', ')
  return `
do $secrets$
declare changed text;
begin
  if to_regclass('public.shared_secrets') is null then return; end if;
  select string_agg(s.name, ',' order by s.name) into changed
    from (${secretDigestsSql}) s join (values ${values}) as c(name, digest) on c.name = s.name
   where s.digest <> c.digest;
  if changed is not null then
    raise exception '${secretsMarker}%', changed;
  end if;
end
$secrets$;
`
}

/**
 * What the database holds before the dump's own statements: everything of the shop's schema goes, so
 * tables a newer version added do not survive the restore of an older backup. Objects of extensions
 * are left to the dump's own DROP EXTENSION.
 */
const clearSchema = `
begin;
set client_min_messages = warning;
set lock_timeout = '30s';
do $clear$
declare r record;
begin
  for r in
    select format('drop %s if exists %I.%I cascade',
             case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                            when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
             n.nspname, c.relname) as stmt
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
  loop
    execute r.stmt;
  end loop;
  for r in
    select format('drop %s if exists %I.%I cascade', case t.typtype when 'd' then 'domain' else 'type' end,
             n.nspname, t.typname) as stmt
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' and t.typtype in ('e', 'd')
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
  loop
    execute r.stmt;
  end loop;
  for r in
    select format('drop routine if exists %s cascade', p.oid::regprocedure) as stmt
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  loop
    execute r.stmt;
  end loop;
end
$clear$;
drop schema if exists drizzle cascade;
`

/** After the dump's statements, still in the transaction: the rows must be what the backup counted. */
function checkCounts(expected: Counts): string {
  const got = Object.values(countedTables)
    .map((table) => `(select count(*) from public.${table})`)
    .join(", ',', ")
  const want = Object.keys(countedTables)
    .map((k) => expected[k as keyof Counts])
    .join(',')
  return `
do $check$
declare got text;
begin
  select concat(${got}) into got;
  if got <> '${want}' then
    raise exception 'the restored rows (%) are not those the backup counted (${want})', got;
  end if;
end
$check$;
`
}

/**
 * Restores a custom-format dump into the database of `url` as one transaction: the script
 * `pg_restore --clean --if-exists --no-owner` writes is run by psql between our BEGIN (and the clearing
 * of the shop's schema) and our count check (and, unless accepted, the check that the signing secrets
 * are still those of `secrets.current`) and COMMIT. Any error stops psql (ON_ERROR_STOP), and a script
 * cut short never reaches the COMMIT, so the database is left as it was. Answers the secrets it changed
 * (accepted); throws SecretsChangedError when it would have changed some without.
 */
export async function restorePostgres(
  url: string,
  file: string,
  expected: Counts,
  secrets: { current: Record<string, string> | null; accept: boolean },
): Promise<Array<keyof Secrets>> {
  const psqlProgram = findTool('psql')
  findTool('pg_restore')
  const { dbname, env } = toolConnection(url)
  const script = run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--file=-', file],
    process.env,
    { stdout: 'pipe' },
  )
  const psql = spawn(
    psqlProgram,
    ['--no-psqlrc', '--no-password', '--quiet', '--set=ON_ERROR_STOP=1', '--file=-', `--dbname=${dbname}`],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  )
  let psqlErr = ''
  psql.stderr.setEncoding('utf8')
  psql.stderr.on('data', (d: string) => {
    psqlErr = (psqlErr + d).slice(-8000)
  })
  const psqlDone = new Promise<number | null>((resolve, reject) => {
    psql.on('error', (err) => reject(new BackupError(backupMessages.toolFailed('psql', err.message))))
    psql.on('close', resolve)
  })
  psql.stdin.on('error', () => {})
  psql.stdin.write(clearSchema)
  script.child.stdout!.pipe(psql.stdin, { end: false })
  // The check and COMMIT only after pg_restore wrote its whole script; otherwise psql ends without them.
  // A backup that does not hold what it counted is damaged: said before any question about its secrets.
  const secretsCheck = secrets.current && !secrets.accept ? checkSecrets(secrets.current) : ''
  script.done.then(
    () => psql.stdin.end(`${checkCounts(expected)}${secretsCheck}commit;\n`),
    () => psql.stdin.end(),
  )
  // psql stopped at an error: pg_restore would wait forever to write the rest.
  psql.on('close', () => {
    if (script.child.exitCode === null) script.child.kill()
  })
  const [scriptResult, code] = await Promise.allSettled([script.done, psqlDone])
  if (code.status === 'rejected') throw code.reason
  if (code.value !== 0) {
    const error = psqlErr.match(/ERROR: {2}(.*)/)?.[1] ?? lastLines(psqlErr)
    if (error.startsWith(secretsMarker))
      throw new SecretsChangedError(
        secretNames.filter((name) => error.slice(secretsMarker.length).split(',').includes(name)),
      )
    throw new BackupError(backupMessages.restoreRefusedByDatabase(error || `psql exit code ${code.value}`))
  }
  if (scriptResult.status === 'rejected') throw scriptResult.reason
  if (!secrets.current) return []
  return changedSecrets((await currentSecretDigests(url)) ?? {}, secrets.current)
}
