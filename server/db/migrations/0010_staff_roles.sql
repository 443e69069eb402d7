ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_since" timestamp with time zone;--> statement-breakpoint
-- Every administrator so far could do everything: they become owners, senior in the order they joined.
UPDATE "users" SET "staff_role" = 'owner', "staff_since" = "created_at" WHERE "role" = 'admin';
