CREATE TABLE "cod_remittances" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"date" text NOT NULL,
	"total" integer NOT NULL,
	"parcels" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_reference_idx" ON "cod_remittances" USING btree ("provider","reference");