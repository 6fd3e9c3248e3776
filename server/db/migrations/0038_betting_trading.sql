CREATE TABLE "betting_player_limits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"stake_factor" integer DEFAULT 1000 NOT NULL,
	"max_stake" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "betting_player_limits_factor" CHECK ("betting_player_limits"."stake_factor" >= 0 and "betting_player_limits"."stake_factor" <= 10000),
	CONSTRAINT "betting_player_limits_max" CHECK ("betting_player_limits"."max_stake" is null or "betting_player_limits"."max_stake" >= 0)
);
--> statement-breakpoint
ALTER TABLE "betting_markets" ADD COLUMN "trader_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "betting_markets" ADD COLUMN "odds_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "betting_markets" ADD COLUMN "margin_bp" integer;--> statement-breakpoint
ALTER TABLE "betting_player_limits" ADD CONSTRAINT "betting_player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;