CREATE TABLE "free_spin_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"total_count" integer NOT NULL,
	"remaining_count" integer NOT NULL,
	"bet_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_spin_packs_counts" CHECK ("free_spin_packs"."remaining_count" >= 0 and "free_spin_packs"."remaining_count" <= "free_spin_packs"."total_count")
);
--> statement-breakpoint
CREATE TABLE "game_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_likes" (
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_likes_user_id_game_pk" PRIMARY KEY("user_id","game")
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"sysname" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"integration" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer,
	"guest_id" integer,
	"game" text NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_owner" CHECK (("game_sessions"."user_id" is not null) <> ("game_sessions"."guest_id" is not null)),
	CONSTRAINT "game_sessions_real_needs_user" CHECK ("game_sessions"."mode" = 'demo' or "game_sessions"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"rtp" text NOT NULL,
	"volatility" text NOT NULL,
	"has_demo" boolean DEFAULT false NOT NULL,
	"image_url" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"popularity" integer DEFAULT 1000 NOT NULL,
	"is_in_house" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_rtp_format" CHECK ("games"."rtp" ~ '^[0-9]{1,3}[.][0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "played_games" (
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "played_games_user_id_game_pk" PRIMARY KEY("user_id","game")
);
--> statement-breakpoint
CREATE TABLE "wallet_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"session_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"game" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference_transaction_uuid" text,
	"content_hash" text NOT NULL,
	"status" text NOT NULL,
	"moved" boolean NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_amount" CHECK ("wallet_transactions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "free_spin_packs" ADD CONSTRAINT "free_spin_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_guest_id_wallet_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "wallet_guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_game_providers_sysname_fk" FOREIGN KEY ("provider") REFERENCES "game_providers"("sysname") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "played_games" ADD CONSTRAINT "played_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "game_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_spin_packs_user_idx" ON "free_spin_packs" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_unique" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "games_sysname_unique" ON "games" USING btree ("sysname");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "games" USING btree ("provider");--> statement-breakpoint
CREATE INDEX "games_type_popularity_idx" ON "games" USING btree ("type","popularity");--> statement-breakpoint
CREATE INDEX "played_games_recent_idx" ON "played_games" USING btree ("user_id","last_played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_guests_visitor_unique" ON "wallet_guests" USING btree ("visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_provider_uuid_unique" ON "wallet_transactions" USING btree ("provider","transaction_uuid");--> statement-breakpoint
CREATE INDEX "wallet_transactions_reference_idx" ON "wallet_transactions" USING btree ("provider","reference_transaction_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_one_reversal" ON "wallet_transactions" USING btree ("provider","reference_transaction_uuid") WHERE "wallet_transactions"."kind" = 'rollback' and "wallet_transactions"."moved";