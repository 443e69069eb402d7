import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { migrationsFolder } from '../db/client.ts'

/** What `manifest.json`, the last file of every backup, says (docs/decisions/075). */

export const backupFormat = 'foundation-shop-backup'
/** 2: signed with BACKUP_KEY (`manifest.sig`); 1: unsigned, restored only with --accept-unsigned. */
export const backupFormatVersion = 2

export type DatabaseKind = 'pglite' | 'postgres'

/** The archive's file holding the database, by kind. */
export const databaseEntry: Record<DatabaseKind, string> = {
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
}
export const secretsEntry = 'secrets.json'
export const uploadsPrefix = 'uploads/'
export const manifestEntry = 'manifest.json'
/** After the manifest: its HMAC-SHA256 with the operator's BACKUP_KEY (server/backup/signature.ts). */
export const signatureEntry = 'manifest.sig'

/** Rows counted at backup and checked again after a restore, by the tables they come from. */
export const countedTables = {
  accounts: 'users',
  orders: 'orders',
  orderLines: 'order_items',
  payments: 'payments',
  products: 'products',
  productPictures: 'product_images',
} as const

export type Counts = Record<keyof typeof countedTables, number>

export const countsSql = `select ${Object.entries(countedTables)
  .map(([name, table]) => `(select count(*) from public.${table}) as "${name}"`)
  .join(', ')}`

/** How far the database's schema is: drizzle's migrations table, as the migrator reads it. */
export const schemaSql =
  'select count(*) as "migrations", coalesce(max(created_at), 0) as "latest" from drizzle.__drizzle_migrations'

export type SchemaState = { migrations: number; latest: number }

export function toCounts(row: Record<string, unknown>): Counts {
  return Object.fromEntries(Object.keys(countedTables).map((k) => [k, Number(row[k])])) as Counts
}

export function toSchemaState(row: Record<string, unknown>): SchemaState {
  return { migrations: Number(row.migrations), latest: Number(row.latest) }
}

type Journal = { entries: Array<{ when: number; tag: string }> }

/** The newest migration this code knows (what a start would bring a database up to). */
export function codeSchema(): SchemaState & { tag: string } {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal
  const last = journal.entries.at(-1)!
  return { migrations: journal.entries.length, latest: last.when, tag: last.tag }
}

export function appVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string
    version: string
  }
  return { name: pkg.name, version: pkg.version }
}

const count = z.number().int().min(0)

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: count,
    latestMigration: count,
  }),
  counts: z.object({
    accounts: count,
    orders: count,
    orderLines: count,
    payments: count,
    products: count,
    productPictures: count,
    uploads: count,
  }),
  files: z.record(z.string(), z.object({ size: count, sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
})

export type Manifest = z.infer<typeof manifestSchema>

export const kindName: Record<DatabaseKind, string> = {
  pglite: 'the embedded database',
  postgres: 'a PostgreSQL database',
}

/** One line for people: what a backup holds. */
export function describeManifest(m: Manifest): string {
  const c = m.counts
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`
  return (
    `${kindName[m.database.kind]}, taken ${m.createdAt.replace('T', ' ').slice(0, 19)} UTC by shop ${m.app.version}: ` +
    `${n(c.accounts, 'account')}, ${n(c.orders, 'order')}, ${n(c.products, 'product')}, ` +
    `${n(c.productPictures, 'product picture')}, ${n(c.uploads, 'uploaded file')}`
  )
}
