-- Provenance (decision 098): craft clusters, artisans, the makers of each product, and the authenticity marks
-- (GI tag, Handloom Mark, Silk Mark) a product carries.
CREATE TABLE "artisans" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"craft" text DEFAULT '' NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"state_id" text,
	"cluster_id" text,
	"story" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"craft" text DEFAULT '' NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"state_id" text,
	"story" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_makers" (
	"product_id" text NOT NULL,
	"artisan_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_makers_product_id_artisan_id_pk" PRIMARY KEY("product_id","artisan_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gi_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gi_authorised_user" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handloom_mark" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "silk_mark" text;--> statement-breakpoint
ALTER TABLE "artisans" ADD CONSTRAINT "artisans_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artisans" ADD CONSTRAINT "artisans_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_makers" ADD CONSTRAINT "product_makers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_makers" ADD CONSTRAINT "product_makers_artisan_id_artisans_id_fk" FOREIGN KEY ("artisan_id") REFERENCES "public"."artisans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artisans_slug_idx" ON "artisans" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "artisans_state_idx" ON "artisans" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "artisans_cluster_idx" ON "artisans" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_slug_idx" ON "clusters" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "clusters_state_idx" ON "clusters" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "product_makers_artisan_idx" ON "product_makers" USING btree ("artisan_id");