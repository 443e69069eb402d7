import { asc, eq, inArray, or } from 'drizzle-orm'
import type { Translations } from '../../../contracts/languages.ts'
import type { DbOrTx } from '../../db/client.ts'
import { listStore } from '../../db/list-store.ts'
import { banners, faqs, policySections, sliders, temples } from './tables.ts'

/** Which temples: these ids, the one with this web name, or the one with this web name or id. */
export type TempleWhere = { ids: string[] } | { slug: string } | { slugOrId: string }

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
    /** Names of temples, in the shop's order (position, then name). */
    templeNames(where?: TempleWhere) {
      return db
        .select({ id: temples.id, name: temples.name, slug: temples.slug })
        .from(temples)
        .where(
          !where
            ? undefined
            : 'ids' in where
              ? inArray(temples.id, where.ids)
              : 'slug' in where
                ? eq(temples.slug, where.slug)
                : or(eq(temples.slug, where.slugOrId), eq(temples.id, where.slugOrId)),
        )
        .orderBy(asc(temples.position), asc(temples.name))
    },
  }
}

/** The content lists the console edits row by row, each in its screen's order. */
export const contentLists = {
  sliders: listStore(sliders, (db) =>
    db.select().from(sliders).orderBy(asc(sliders.position), asc(sliders.createdAt)),
  ),
  banners: listStore(banners, (db) =>
    db.select().from(banners).orderBy(asc(banners.position), asc(banners.createdAt)),
  ),
  faqs: listStore(faqs, (db) => db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.createdAt))),
  // The return policy is edited on its own screen (createReturnPolicyStore).
  policySections: listStore(policySections, (db) =>
    db
      .select()
      .from(policySections)
      .orderBy(asc(policySections.kind), asc(policySections.position), asc(policySections.createdAt))
      .then((rows) => rows.filter((r) => r.kind !== 'return')),
  ),
  temples: listStore(temples, (db) =>
    db.select().from(temples).orderBy(asc(temples.position), asc(temples.name)),
  ),
}

/** The return policy: one HTML section of its own, which the console edits on its own screen. */
export function createReturnPolicyStore(db: DbOrTx) {
  return {
    read() {
      return db
        .select()
        .from(policySections)
        .where(eq(policySections.kind, 'return'))
        .limit(1)
        .then((r) => r[0] ?? null)
    },
    setContent(id: string, content: string, translations?: Translations<'title' | 'content'>) {
      return db
        .update(policySections)
        .set({ content, ...(translations ? { translations } : {}) })
        .where(eq(policySections.id, id))
    },
    insert(content: string, translations: Translations<'title' | 'content'> = {}) {
      return db
        .insert(policySections)
        .values({ kind: 'return', title: 'Return Policy', content, translations })
    },
  }
}
