CREATE TABLE "order_counters" (
	"prefix" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Each year's counter carries on from the highest number already issued under its prefix.
INSERT INTO "order_counters" ("prefix", "last")
SELECT substring("order_number" from '^(KS-[0-9]{4}-)'), max(substring("order_number" from '[0-9]+$')::integer)
FROM "orders"
WHERE "order_number" ~ '^KS-[0-9]{4}-[0-9]+$'
GROUP BY 1;
