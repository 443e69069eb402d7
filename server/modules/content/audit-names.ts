import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type Namer, namer } from '../../db/names.ts'
import { banners, faqs, policySections, sliders, temples } from './tables.ts'

/** What the audit log calls the content lists' rows (decision 113). */
export const contentAuditNames = (db: DbOrTx): Record<string, Namer> => ({
  slider: namer(db, sliders, sql<string>`${sliders.title}`),
  banner: namer(db, banners, sql<string>`${banners.title}`),
  faq: namer(db, faqs, sql<string>`${faqs.question}`),
  policy: namer(db, policySections, sql<string>`${policySections.title}`),
  temple: namer(db, temples, sql<string>`${temples.name}`),
})
