CREATE INDEX "contact_messages_kind_status_idx" ON "contact_messages" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");