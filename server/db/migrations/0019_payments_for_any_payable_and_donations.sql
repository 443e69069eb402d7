CREATE TABLE "donations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"cause" text NOT NULL,
	"temple_id" text,
	"temple_name" text,
	"amount" integer NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"donor_phone" text NOT NULL,
	"wants_80g" boolean DEFAULT false NOT NULL,
	"donor_address" text,
	"donor_pan" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_reference" text,
	"receipt_number" text,
	"financial_year" text,
	"receipt_serial" integer,
	"issuer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_80g_details" CHECK (not "donations"."wants_80g" or ("donations"."donor_pan" is not null and "donations"."donor_address" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payable_id" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "donation_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "donation_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "donation_pan" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "registration_80g" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "registration_80g_issued" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "registration_80g_from" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "registration_80g_until" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_temple_id_temples_id_fk" FOREIGN KEY ("temple_id") REFERENCES "public"."temples"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_receipt_idx" ON "donations" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_serial_idx" ON "donations" USING btree ("financial_year","receipt_serial");--> statement-breakpoint
CREATE INDEX "donations_user_idx" ON "donations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "donations_paid_idx" ON "donations" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payments_payable_idx" ON "payments" USING btree ("purpose","payable_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_one_thing" CHECK (("payments"."purpose" = 'order' and "payments"."order_id" is not null and "payments"."payable_id" is null) or ("payments"."purpose" in ('booking', 'donation') and "payments"."order_id" is null and "payments"."payable_id" is not null));