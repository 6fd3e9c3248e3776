CREATE TABLE "loyalty_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"character_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_characters" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"number" integer NOT NULL,
	"sysname" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"threshold" integer NOT NULL,
	"earn_rate" integer NOT NULL,
	"perks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "loyalty_levels_config" CHECK ("loyalty_levels"."number" >= 1 and "loyalty_levels"."threshold" >= 0 and "loyalty_levels"."earn_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"type" text NOT NULL,
	"level" integer,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount" integer,
	"amount_type" text,
	"image" text,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_points" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"milli_points" bigint NOT NULL,
	"event_id" bigint,
	"purchase_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_points_sign" CHECK (("loyalty_points"."kind" = 'earn' and "loyalty_points"."milli_points" > 0) or ("loyalty_points"."kind" = 'purchase' and "loyalty_points"."milli_points" < 0) or ("loyalty_points"."kind" = 'adjust' and "loyalty_points"."milli_points" <> 0))
);
--> statement-breakpoint
CREATE TABLE "loyalty_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"kind" text NOT NULL,
	"price" integer NOT NULL,
	"min_level" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"reward" jsonb NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "loyalty_products_price" CHECK ("loyalty_products"."price" > 0 and "loyalty_products"."min_level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price" integer NOT NULL,
	"bonus_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_character_id_loyalty_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "loyalty_characters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_levels" ADD CONSTRAINT "loyalty_levels_program_id_loyalty_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "loyalty_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_notifications" ADD CONSTRAINT "loyalty_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_purchases" ADD CONSTRAINT "loyalty_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_purchases" ADD CONSTRAINT "loyalty_purchases_product_id_loyalty_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "loyalty_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_characters_sysname_unique" ON "loyalty_characters" USING btree ("sysname");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_levels_number_unique" ON "loyalty_levels" USING btree ("program_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_levels_sysname_unique" ON "loyalty_levels" USING btree ("program_id","sysname");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_notifications_level_unique" ON "loyalty_notifications" USING btree ("user_id","level") WHERE "loyalty_notifications"."level" is not null;--> statement-breakpoint
CREATE INDEX "loyalty_notifications_unseen_idx" ON "loyalty_notifications" USING btree ("user_id","id") WHERE "loyalty_notifications"."seen_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_points_key_unique" ON "loyalty_points" USING btree ("key");--> statement-breakpoint
CREATE INDEX "loyalty_points_user_idx" ON "loyalty_points" USING btree ("user_id","kind","milli_points");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_products_sysname_unique" ON "loyalty_products" USING btree ("sysname");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_programs_sysname_unique" ON "loyalty_programs" USING btree ("sysname");--> statement-breakpoint
CREATE INDEX "loyalty_purchases_user_idx" ON "loyalty_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
-- The points journal is written once, like the ledger: a correction is a new (adjust) row.
CREATE OR REPLACE FUNCTION loyalty_points_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loyalty points are written once: % on % refused', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER loyalty_points_written_once BEFORE UPDATE OR DELETE ON loyalty_points
  FOR EACH ROW EXECUTE FUNCTION loyalty_points_refuse_change();
