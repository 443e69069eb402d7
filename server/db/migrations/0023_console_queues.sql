CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" = 'Pending' and "orders"."payment_status" in ('Pending', 'Failed');--> statement-breakpoint
CREATE INDEX "orders_to_ship_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" in ('Pending', 'Processing') and "orders"."payment_status" = 'Paid';--> statement-breakpoint
CREATE INDEX "orders_refund_pending_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."payment_status" = 'Refund pending';--> statement-breakpoint
CREATE INDEX "orders_cod_to_ship_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" in ('Pending', 'Processing') and "orders"."payment_status" = 'Pay on delivery';--> statement-breakpoint
-- The console's product search looks in titles and SKUs; the SKUs had no index of their own (decision 106).
CREATE INDEX IF NOT EXISTS "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);
