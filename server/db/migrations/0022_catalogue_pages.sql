CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_shown_order_idx" ON "products" USING btree ("position","created_at","id") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_title_idx" ON "products" USING btree (lower("title"),"id") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_price_idx" ON "products" USING btree ("price","position","created_at") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_sold_idx" ON "products" USING btree ("sold_count" DESC NULLS LAST,"position","created_at") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_new_idx" ON "products" USING btree ("created_at") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_category_idx" ON "products" USING btree ("category_id","position","created_at") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_category_title_idx" ON "products" USING btree ("category_id",lower("title")) WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_category_price_idx" ON "products" USING btree ("category_id","price") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_subcategory_idx" ON "products" USING btree ("subcategory_id","position","created_at") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_shown_state_idx" ON "products" USING btree ("state_id","position","created_at") WHERE "products"."is_approved" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");