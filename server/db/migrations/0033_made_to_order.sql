ALTER TABLE "product_variants" ADD COLUMN "lead_min_days" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "lead_max_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_min_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_max_days" integer;