ALTER TABLE "payments" DROP CONSTRAINT "payments_pays_one_thing";--> statement-breakpoint
DROP INDEX "invoices_return_idx";--> statement-breakpoint
DROP INDEX "shipments_live_order_idx";--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD COLUMN "exchange_variant_id" text;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD COLUMN "exchange_variant_title" text;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD COLUMN "exchange_price" integer;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "exchange_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "exchange_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "replacement_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "replacement_awb" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "replacement_courier" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "replacement_tracking_url" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "exchange_invoice_number" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_return_idx" ON "shipments" USING btree ("return_id") WHERE "shipments"."status" <> 'Cancelled' and "shipments"."return_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_return_idx" ON "invoices" USING btree ("return_id","kind") WHERE "invoices"."return_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_order_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'Cancelled' and "shipments"."return_id" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_one_thing" CHECK (("payments"."purpose" = 'order' and "payments"."order_id" is not null and "payments"."payable_id" is null) or ("payments"."purpose" in ('booking', 'donation', 'exchange') and "payments"."order_id" is null and "payments"."payable_id" is not null));