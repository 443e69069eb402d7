import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { products, states } from '../catalogue/tables.ts'

/** A craft cluster (decision 098): a village or town where one craft is made by many families. */
export const clusters = pgTable(
  'clusters',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    craft: text('craft').notNull().default(''),
    village: text('village').notNull().default(''),
    district: text('district').notNull().default(''),
    stateId: text('state_id').references(() => states.id, { onDelete: 'set null' }),
    /** Sanitised HTML. */
    story: text('story').notNull().default(''),
    /** Up to 6 uploaded pictures (/uploads/clusters/…-800.webp), the first shown first. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    videoLink: text('video_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clusters_slug_idx').on(t.slug), index('clusters_state_idx').on(t.stateId)],
)

/** An artisan the shop buys from, with the story the product pages link to (decision 098). */
export const artisans = pgTable(
  'artisans',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    craft: text('craft').notNull().default(''),
    village: text('village').notNull().default(''),
    district: text('district').notNull().default(''),
    stateId: text('state_id').references(() => states.id, { onDelete: 'set null' }),
    clusterId: text('cluster_id').references(() => clusters.id, { onDelete: 'set null' }),
    story: text('story').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    videoLink: text('video_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artisans_slug_idx').on(t.slug),
    index('artisans_state_idx').on(t.stateId),
    index('artisans_cluster_idx').on(t.clusterId),
  ],
)

/** Who made a product: one or more artisans, in the order the product page names them. */
export const productMakers = pgTable(
  'product_makers',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Restrict: the console refuses to delete an artisan a product still names (decision 098).
    artisanId: text('artisan_id')
      .notNull()
      .references(() => artisans.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.artisanId] }),
    index('product_makers_artisan_idx').on(t.artisanId),
  ],
)
