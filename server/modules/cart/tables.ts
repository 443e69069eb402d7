import { integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core'
import type { PersonalisationAnswer } from '../../../contracts/personalisation.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { products, productVariants } from '../catalogue/tables.ts'

export const carts = pgTable('carts', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // The variant chosen (decision 129); null for a product sold as one piece.
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    // Personalisation (decision 133): what the customer chose for the line; read against the product's choices.
    personalisation: jsonb('personalisation').$type<PersonalisationAnswer>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The same product and variant twice is one line; a product without variants has one line (nulls equal).
  (t) => [
    unique('cart_items_cart_product_variant_key').on(t.cartId, t.productId, t.variantId).nullsNotDistinct(),
  ],
)
