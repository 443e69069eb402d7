CREATE TABLE "return_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"target_id" text NOT NULL,
	"returnable" boolean NOT NULL,
	"window_days" integer NOT NULL,
	"exchange" boolean NOT NULL,
	"return_shipping" text NOT NULL,
	"restocking_fee_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "return_rules_scope_target_idx" ON "return_rules" USING btree ("scope","target_id");