CREATE TABLE "invoice_waits" (
	"order_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "sandbox_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_waits" ADD CONSTRAINT "invoice_waits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_waits_created_idx" ON "invoice_waits" USING btree ("created_at");