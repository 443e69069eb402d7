CREATE TABLE "sandbox_parcels" (
	"reference" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"shipment_id" text NOT NULL,
	"awb" text,
	"booking" jsonb NOT NULL,
	"payment" text NOT NULL,
	"cod_amount" integer DEFAULT 0 NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup_on" text,
	"remittance_reference" text,
	"remitted_on" text,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_parcels_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "sandbox_parcels_shipment_id_unique" UNIQUE("shipment_id"),
	CONSTRAINT "sandbox_parcels_awb_unique" UNIQUE("awb")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'booking' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"busy_until" timestamp with time zone,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"awb" text,
	"courier" text,
	"status" text DEFAULT 'Booked' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"package_name" text,
	"grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"breadth_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"eway_bill" text,
	"cod_amount" integer DEFAULT 0 NOT NULL,
	"pickup_on" text,
	"checked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_idx" ON "shipments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_order_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'Cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_idx" ON "shipments" USING btree ("provider","awb");--> statement-breakpoint
CREATE INDEX "shipments_travelling_idx" ON "shipments" USING btree ("checked_at") WHERE "shipments"."state" = 'booked' and "shipments"."status" not in ('Delivered', 'Returned to origin', 'Cancelled');