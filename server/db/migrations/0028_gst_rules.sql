CREATE TABLE "gst_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"hsn_prefix" text NOT NULL,
	"valid_from" text NOT NULL,
	"rate" integer NOT NULL,
	"threshold" integer,
	"above_rate" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_fixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "uqc" text DEFAULT 'PCS' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_rules_prefix_from_idx" ON "gst_rules" USING btree ("hsn_prefix","valid_from");--> statement-breakpoint
-- The rates in force from 22 September 2025 that a craft shop meets (decision 128): apparel, clothing
-- accessories and made-up textiles (chapters 61, 62, 63) 5% up to ₹2,500 a piece before tax, 18% above; precious
-- metals and jewellery (chapter 71) 3%. Other chapters take the product's own rate until staff add a rule.
INSERT INTO "gst_rules" ("id", "hsn_prefix", "valid_from", "rate", "threshold", "above_rate", "note") VALUES
  ('000000000000000000000061', '61', '2025-09-22', 5, 250000, 18, 'Knitted apparel: 5% up to ₹2,500 a piece, 18% above'),
  ('000000000000000000000062', '62', '2025-09-22', 5, 250000, 18, 'Woven apparel: 5% up to ₹2,500 a piece, 18% above'),
  ('000000000000000000000063', '63', '2025-09-22', 5, 250000, 18, 'Made-up textiles (bed linen, curtains): 5% up to ₹2,500 a piece, 18% above'),
  ('000000000000000000000071', '71', '2025-09-22', 3, NULL, NULL, 'Precious metals and jewellery');
