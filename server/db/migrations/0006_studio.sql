CREATE TABLE "fair_seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"guest_id" integer,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "fair_seeds_owner" CHECK (("fair_seeds"."user_id" is not null) <> ("fair_seeds"."guest_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer,
	"guest_id" integer,
	"game" text NOT NULL,
	"engine" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"seed_id" integer NOT NULL,
	"nonce" integer NOT NULL,
	"bet" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" jsonb,
	"staked" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_rounds_owner" CHECK (("game_rounds"."user_id" is not null) <> ("game_rounds"."guest_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "history_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"row_count" integer,
	"csv" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "engine" text;--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD CONSTRAINT "fair_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD CONSTRAINT "fair_seeds_guest_id_wallet_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "wallet_guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "game_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_guest_id_wallet_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "wallet_guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_seed_id_fair_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "fair_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_exports" ADD CONSTRAINT "history_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_one_active_user" ON "fair_seeds" USING btree ("user_id") WHERE "fair_seeds"."status" = 'active' and "fair_seeds"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_one_active_guest" ON "fair_seeds" USING btree ("guest_id") WHERE "fair_seeds"."status" = 'active' and "fair_seeds"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "fair_seeds_user_idx" ON "fair_seeds" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fair_seeds_guest_idx" ON "fair_seeds" USING btree ("guest_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_round_unique" ON "game_rounds" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_seed_nonce_unique" ON "game_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "game_rounds_user_idx" ON "game_rounds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_unfinished_idx" ON "game_rounds" USING btree ("status") WHERE "game_rounds"."status" in ('pending', 'open');--> statement-breakpoint
CREATE INDEX "history_exports_user_idx" ON "history_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_session_idx" ON "wallet_transactions" USING btree ("session_id","created_at");