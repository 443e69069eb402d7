ALTER TABLE "products" ADD COLUMN "temple_id" text;--> statement-breakpoint
ALTER TABLE "temples" ADD COLUMN "virtual_tour_link" text;--> statement-breakpoint
ALTER TABLE "temples" ADD COLUMN "live_aarti_link" text;--> statement-breakpoint
ALTER TABLE "temples" ADD COLUMN "order_parshad_link" text;--> statement-breakpoint
ALTER TABLE "temples" ADD COLUMN "book_guide_link" text;--> statement-breakpoint
ALTER TABLE "temples" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_temple_id_temples_id_fk" FOREIGN KEY ("temple_id") REFERENCES "public"."temples"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_temple_idx" ON "products" USING btree ("temple_id");