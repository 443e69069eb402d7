ALTER TABLE "shipments" ADD COLUMN "failures_told" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "reattempt_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "reattempt_asked_by" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "courier_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_received_at" timestamp with time zone;