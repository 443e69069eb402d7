CREATE TABLE "return_counters" (
	"prefix" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_request_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"order_item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"before" integer NOT NULL,
	"amount" integer NOT NULL,
	"rule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"resolution" text DEFAULT 'refund' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refund_to" jsonb,
	"goods_amount" integer NOT NULL,
	"restocking_fee" integer DEFAULT 0 NOT NULL,
	"charges_refunded" integer DEFAULT 0 NOT NULL,
	"refund_amount" integer NOT NULL,
	"method" text,
	"pickup_awb" text,
	"pickup_courier" text,
	"pickup_tracking_url" text,
	"reject_reason" text,
	"inspection_note" text,
	"inspection_photos" jsonb,
	"resaleable" boolean,
	"received_at" timestamp with time zone,
	"refund_state" text,
	"refund_reference" text,
	"refunded_at" timestamp with time zone,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"refund_retry_at" timestamp with time zone,
	"credit_note_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_order_kind_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "return_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE INDEX "return_request_lines_return_idx" ON "return_request_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_request_lines_item_idx" ON "return_request_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_number_idx" ON "return_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_refund_due_idx" ON "return_requests" USING btree ("refund_retry_at") WHERE "return_requests"."refund_state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_return_idx" ON "invoices" USING btree ("return_id") WHERE "invoices"."return_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_idx" ON "invoices" USING btree ("order_id","kind") WHERE "invoices"."return_id" is null;