import { sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import { createFileStore } from '../../lib/file-store.ts'
import type { Db } from '../client.ts'
import { categories } from '../schema.ts'
import { seedDemo } from './demo.ts'

/** Seeds the demo catalogue into an empty database only; an existing shop is never touched. */
export async function seedIfEmpty(db: Db, config: Config): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(categories)
  if (count > 0) return false
  console.log('Empty database: seeding the demo catalogue (first start only)...')
  // Pictures go where uploads go: DATA_DIR/uploads or the S3 bucket (none without either, as in tests).
  const files = config.dataDir || config.S3_BUCKET ? createFileStore(config) : null
  try {
    await seedDemo(db, { files, pictureCache: config.DEMO_PICTURE_CACHE })
  } finally {
    await files?.close()
  }
  return true
}
