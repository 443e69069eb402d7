import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { banners, faqs, policySections, sliders, temples } from '../../db/schema.ts'

export function createContentRepo(db: DbOrTx) {
  return {
    activeSliders() {
      return db.select().from(sliders).where(eq(sliders.status, 'active')).orderBy(asc(sliders.position))
    },
    banners() {
      return db.select().from(banners).orderBy(asc(banners.position))
    },
    faqs() {
      return db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.createdAt))
    },
    policySections(kind: 'privacy' | 'terms' | 'return') {
      return db
        .select()
        .from(policySections)
        .where(eq(policySections.kind, kind))
        .orderBy(asc(policySections.position), asc(policySections.createdAt))
    },
    temples() {
      return db.select().from(temples).orderBy(asc(temples.position), asc(temples.name))
    },
  }
}
