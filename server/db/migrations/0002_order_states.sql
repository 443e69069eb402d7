ALTER TABLE "coupons" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","reserved_until");--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_code");--> statement-breakpoint
-- One spelling of the cancelled status.
UPDATE "orders" SET "status" = 'Cancelled' WHERE "status" = 'Canceled';--> statement-breakpoint
-- Refunds move into the payment state (refund_status is dropped by the next migration).
UPDATE "orders" SET "payment_status" = 'Refund pending' WHERE "refund_status" IN ('Pending', 'Failed') AND "payment_status" <> 'Refunded';--> statement-breakpoint
UPDATE "orders" SET "payment_status" = 'Refunded' WHERE "refund_status" = 'Refunded';--> statement-breakpoint
-- Earlier orders counted their coupon when placed; cancelling or expiring them now gives the use back.
UPDATE "orders" SET "coupon_counted" = true WHERE "coupon_code" IS NOT NULL;--> statement-breakpoint
-- Earlier unpaid orders lapse like new ones (they never held stock).
UPDATE "orders" SET "reserved_until" = "created_at" + interval '30 minutes' WHERE "payment_status" IN ('Pending', 'Failed') AND "status" = 'Pending';
--> statement-breakpoint
-- The discount is computed from the two prices, rounded down (decision 014).
UPDATE "products" SET "discount" = CASE WHEN "cut_price" > 0 AND "cut_price" > "price" AND "price" >= 0 THEN (("cut_price" - "price")::bigint * 100 / "cut_price")::int ELSE 0 END;
