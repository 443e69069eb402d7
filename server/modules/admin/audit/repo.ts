import { and, asc, count, desc, eq, gte, inArray, isNotNull, like, lt, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../../db/client.ts'
import {
  artisans,
  auditLog,
  banners,
  categories,
  clusters,
  contactMessages,
  coupons,
  faqs,
  orders,
  policySections,
  products,
  reviews,
  searchSynonyms,
  sevaBookings,
  sevas,
  sliders,
  states,
  subcategories,
  temples,
  users,
} from '../../../db/schema.ts'

export type AuditFilter = {
  entity?: string
  action?: string
  actorId?: string
  /** From this instant (inclusive) to that one (exclusive). */
  since?: Date
  until?: Date
}

/** The current name of each kind of thing the log names, by its id. */
const nameColumns: Record<string, { table: PgTable & { id: AnyPgColumn }; name: SQL<string> }> = {
  product: { table: products, name: sql<string>`${products.title}` },
  order: { table: orders, name: sql<string>`${orders.orderNumber}` },
  user: { table: users, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})` },
  category: { table: categories, name: sql<string>`${categories.title}` },
  subcategory: { table: subcategories, name: sql<string>`${subcategories.title}` },
  state: { table: states, name: sql<string>`${states.name}` },
  slider: { table: sliders, name: sql<string>`${sliders.title}` },
  banner: { table: banners, name: sql<string>`${banners.title}` },
  coupon: { table: coupons, name: sql<string>`${coupons.code}` },
  faq: { table: faqs, name: sql<string>`${faqs.question}` },
  policy: { table: policySections, name: sql<string>`${policySections.title}` },
  temple: { table: temples, name: sql<string>`${temples.name}` },
  synonym: { table: searchSynonyms, name: sql<string>`${searchSynonyms.term}` },
  message: {
    table: contactMessages,
    name: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${contactMessages.firstName}, ${contactMessages.lastName})), ''), ${contactMessages.email})`,
  },
}
nameColumns.contact_message = nameColumns.message
// A review is named by its product and its writer: 'Warli Tarpa Dance Painting by Asha Verma'.
nameColumns.review = {
  table: reviews,
  name: sql<string>`(SELECT concat(p.title, ' by ', u.full_name) FROM products p, users u WHERE p.id = ${reviews.productId} AND u.id = ${reviews.userId})`,
}
nameColumns.artisan = { table: artisans, name: sql<string>`${artisans.name}` }
nameColumns.cluster = { table: clusters, name: sql<string>`${clusters.name}` }
nameColumns.seva = { table: sevas, name: sql<string>`${sevas.name}` }
nameColumns.booking = { table: sevaBookings, name: sql<string>`${sevaBookings.bookingNumber}` }

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`

/** The console's view of the audit log (written by every module through server/modules/audit). */
export function createAuditListRepo(db: DbOrTx) {
  const where = (f: AuditFilter) =>
    and(
      f.entity ? eq(auditLog.entity, f.entity) : undefined,
      // 'product' finds product.update and product.images.add; 'product.update' only itself.
      f.action ? or(eq(auditLog.action, f.action), like(auditLog.action, likePrefix(f.action))) : undefined,
      f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
      f.since ? gte(auditLog.createdAt, f.since) : undefined,
      f.until ? lt(auditLog.createdAt, f.until) : undefined,
    )

  return {
    async auditPage(opts: AuditFilter & { offset: number; limit: number }) {
      const rows = await db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorName: users.fullName,
          actorEmail: users.email,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where(opts))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where(opts))
      return { rows, total }
    },

    /** The current names of the things these entries are about, as `${entity}:${id}` → name. */
    async currentNames(refs: Array<{ entity: string; entityId: string | null }>) {
      const ids = new Map<string, Set<string>>()
      for (const r of refs) {
        if (!r.entityId || !nameColumns[r.entity]) continue
        ids.set(r.entity, (ids.get(r.entity) ?? new Set()).add(r.entityId))
      }
      const names = new Map<string, string>()
      for (const [entity, set] of ids) {
        const { table, name } = nameColumns[entity]
        const found = (await db
          .select({ id: table.id, name })
          .from(table)
          .where(inArray(table.id, [...set]))) as Array<{ id: string; name: string | null }>
        for (const f of found) if (f.name) names.set(`${entity}:${f.id}`, f.name)
      }
      return names
    },

    /** Everyone with entries in the log, and every action written, for the console's filters. */
    async filterChoices() {
      const people = await db
        .selectDistinct({
          id: users.id,
          name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})`,
        })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .where(isNotNull(auditLog.actorId))
        .orderBy(sql`2`)
      const actions = await db
        .selectDistinct({ action: auditLog.action })
        .from(auditLog)
        .orderBy(asc(auditLog.action))
      return { people, actions: actions.map((a) => a.action) }
    },
  }
}
