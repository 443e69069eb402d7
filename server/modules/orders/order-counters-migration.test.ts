import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The migration that brought the counters in: each year's counter must carry on from the numbers
// already issued, or the first order after the upgrade would take a number that exists.
const migration = readFileSync(
  new URL('../../db/migrations/0031_order_counters.sql', import.meta.url),
  'utf8',
)

let db: PGlite
beforeAll(async () => {
  db = new PGlite()
  await db.exec(`CREATE TABLE "orders" ("order_number" text NOT NULL)`)
  await db.exec(`INSERT INTO "orders" VALUES
    ('KS-2025-000131'), ('KS-2025-000009'), ('KS-2026-000041'), ('KS-2026-000007'), ('ORD-IMPORTED')`)
  for (const statement of migration.split('--> statement-breakpoint')) await db.exec(statement)
})
afterAll(async () => {
  await db?.close()
})

describe('the order counters migration', () => {
  it('starts each year where its highest number left off and ignores numbers of another form', async () => {
    const { rows } = await db.query<{ prefix: string; last: number }>(
      `SELECT prefix, last FROM order_counters ORDER BY prefix`,
    )
    expect(rows).toEqual([
      { prefix: 'KS-2025-', last: 131 },
      { prefix: 'KS-2026-', last: 41 },
    ])
  })
})
