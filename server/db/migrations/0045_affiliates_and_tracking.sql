CREATE TABLE "affiliate_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"code" text NOT NULL,
	"landing_path" text DEFAULT '/' NOT NULL,
	"track_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_postbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_email" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"revenue_share_bp" integer DEFAULT 0 NOT NULL,
	"cpa_amount" bigint DEFAULT 0 NOT NULL,
	"cpa_currency" text,
	"postback_url" text,
	"postback_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_revenue_share_range" CHECK ("affiliates"."revenue_share_bp" between 0 and 10000),
	CONSTRAINT "affiliates_cpa_non_negative" CHECK ("affiliates"."cpa_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "player_attributions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"affiliate_id" integer,
	"link_id" integer,
	"track_id" text,
	"referrer" text,
	"tracking" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_seen_at" timestamp with time zone,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_deposit_at" timestamp with time zone,
	"first_deposit_payment_id" integer,
	"first_deposit_amount" bigint,
	"first_deposit_currency" text
);
--> statement-breakpoint
CREATE TABLE "tracking_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visitor_id" text NOT NULL,
	"referrer" text,
	"track_id" text,
	"tracking" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seon_session" text,
	"affiliate_id" integer,
	"link_id" integer,
	"first_touch" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_links" ADD CONSTRAINT "affiliate_links_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_postbacks" ADD CONSTRAINT "affiliate_postbacks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_links_code_unique" ON "affiliate_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_links_track_id_unique" ON "affiliate_links" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "affiliate_links_affiliate_idx" ON "affiliate_links" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_postbacks_once" ON "affiliate_postbacks" USING btree ("affiliate_id","user_id","event");--> statement-breakpoint
CREATE INDEX "affiliate_postbacks_affiliate_idx" ON "affiliate_postbacks" USING btree ("affiliate_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_name_unique" ON "affiliates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "player_attributions_affiliate_registered_idx" ON "player_attributions" USING btree ("affiliate_id","registered_at");--> statement-breakpoint
CREATE INDEX "player_attributions_affiliate_ftd_idx" ON "player_attributions" USING btree ("affiliate_id","first_deposit_at");--> statement-breakpoint
CREATE INDEX "tracking_hits_created_idx" ON "tracking_hits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tracking_hits_affiliate_idx" ON "tracking_hits" USING btree ("affiliate_id","created_at");