import { pgliteTemplate, postgresTemplate } from './database-template.ts'

/** Vitest's global set-up: the migrated database every test file copies, made once before any file starts. */
export default async function setup() {
  if (process.env.DATABASE_URL) await postgresTemplate(process.env.DATABASE_URL)
  else await pgliteTemplate()
}
