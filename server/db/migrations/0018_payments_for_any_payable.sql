ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payable_id" text;--> statement-breakpoint
CREATE INDEX "payments_payable_idx" ON "payments" USING btree ("purpose","payable_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_one_thing" CHECK (("payments"."purpose" = 'order' and "payments"."order_id" is not null and "payments"."payable_id" is null) or ("payments"."purpose" in ('booking', 'donation') and "payments"."order_id" is null and "payments"."payable_id" is not null));