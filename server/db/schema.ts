/**
 * Every table of the shop, each defined in the module that owns it (docs/decisions/113): drizzle,
 * drizzle-kit, the seed, scripts, tests and the backup read them here; a module reads and writes only its
 * own tables and reaches the others through their owners' services.
 */
export * from '../modules/accounts/tables.ts'
export * from '../modules/addresses/tables.ts'
export * from '../modules/audit/tables.ts'
export * from '../modules/cart/tables.ts'
export * from '../modules/catalogue/tables.ts'
export * from '../modules/content/tables.ts'
export * from '../modules/coupons/tables.ts'
export * from '../modules/credit/tables.ts'
export * from '../modules/donations/tables.ts'
export * from '../modules/invoices/tables.ts'
export * from '../modules/mail/tables.ts'
export * from '../modules/messages/tables.ts'
export * from '../modules/messaging/tables.ts'
export * from '../modules/orders/tables.ts'
export * from '../modules/payments/tables.ts'
export * from '../modules/pincode/tables.ts'
export * from '../modules/provenance/tables.ts'
export * from '../modules/returns/tables.ts'
export * from '../modules/reviews/tables.ts'
export * from '../modules/settings/tables.ts'
export * from '../modules/sevas/tables.ts'
export * from '../modules/shipping/tables.ts'
export * from '../modules/wishlist/tables.ts'
export * from './tables.ts'
