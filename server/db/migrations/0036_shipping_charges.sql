ALTER TABLE "products" ADD COLUMN "weight" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_breadth_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_height_cm" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_grams" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "shipping" jsonb;