-- The console's order search (decision 094): trigram indexes answer "contains" searches (ILIKE '%…%')
-- on order numbers, delivery names, e-mails and phone digits, and on the account's name, e-mail and mobile.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shipping_email_trgm_idx" ON "orders" USING gin ("shipping_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shipping_name_trgm_idx" ON "orders" USING gin ((coalesce("shipping_first_name", '') || ' ' || coalesce("shipping_last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shipping_phone_digits_trgm_idx" ON "orders" USING gin ((regexp_replace("shipping_phone", '\D', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_mobile_digits_trgm_idx" ON "users" USING gin ((regexp_replace(coalesce("mobile", ''), '\D', '', 'g')) gin_trgm_ops);
