import { sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { Db } from '../client.ts'
import { categories } from '../schema.ts'
import { seedDemo } from './demo.ts'

/** Seeds the demo catalogue into an empty database only; an existing shop is never touched. */
export async function seedIfEmpty(db: Db, config: Config): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(categories)
  if (count > 0) return false
  console.log('Empty database: seeding the demo catalogue (first start only)...')
  await seedDemo(db, { uploadsDir: config.dataDir ? `${config.dataDir}/uploads` : null })
  return true
}
