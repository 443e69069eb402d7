CREATE SEQUENCE "public"."seva_booking_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "seva_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_number" text NOT NULL,
	"user_id" text NOT NULL,
	"seva_id" text NOT NULL,
	"day" date NOT NULL,
	"seva_name" text NOT NULL,
	"amount" integer NOT NULL,
	"devotee_name" text NOT NULL,
	"gotra" text,
	"nakshatra" text,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"cancel_hours" integer NOT NULL,
	"policy" text DEFAULT '' NOT NULL,
	"policy_accepted_at" timestamp with time zone NOT NULL,
	"place_held" boolean DEFAULT true NOT NULL,
	"reserved_until" timestamp with time zone,
	"language" text DEFAULT 'en' NOT NULL,
	"performed_at" timestamp with time zone,
	"photo" text,
	"video_url" text,
	"cancelled_at" timestamp with time zone,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"refund_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seva_days" (
	"seva_id" text NOT NULL,
	"day" date NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seva_days_seva_id_day_pk" PRIMARY KEY("seva_id","day")
);
--> statement-breakpoint
CREATE TABLE "sevas" (
	"id" text PRIMARY KEY NOT NULL,
	"temple_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"weekdays" integer[] NOT NULL,
	"daily_limit" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"cancel_hours" integer DEFAULT 48 NOT NULL,
	"policy" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seva_bookings" ADD CONSTRAINT "seva_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seva_bookings" ADD CONSTRAINT "seva_bookings_seva_id_sevas_id_fk" FOREIGN KEY ("seva_id") REFERENCES "public"."sevas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seva_days" ADD CONSTRAINT "seva_days_seva_id_sevas_id_fk" FOREIGN KEY ("seva_id") REFERENCES "public"."sevas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevas" ADD CONSTRAINT "sevas_temple_id_temples_id_fk" FOREIGN KEY ("temple_id") REFERENCES "public"."temples"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seva_bookings_number_idx" ON "seva_bookings" USING btree ("booking_number");--> statement-breakpoint
CREATE INDEX "seva_bookings_user_idx" ON "seva_bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "seva_bookings_day_idx" ON "seva_bookings" USING btree ("day","status");--> statement-breakpoint
CREATE INDEX "seva_bookings_seva_idx" ON "seva_bookings" USING btree ("seva_id","day");--> statement-breakpoint
CREATE INDEX "seva_bookings_pending_idx" ON "seva_bookings" USING btree ("status","reserved_until");--> statement-breakpoint
CREATE INDEX "seva_bookings_refund_idx" ON "seva_bookings" USING btree ("payment_status","refund_retry_at");--> statement-breakpoint
CREATE INDEX "sevas_temple_idx" ON "sevas" USING btree ("temple_id","position");