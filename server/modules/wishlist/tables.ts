import { pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { products, productVariants } from '../catalogue/tables.ts'

export const wishlists = pgTable('wishlists', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    wishlistId: text('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // The variant wished for (decision 129); null for a product sold as one piece.
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('wishlist_items_wishlist_product_variant_key')
      .on(t.wishlistId, t.productId, t.variantId)
      .nullsNotDistinct(),
  ],
)
