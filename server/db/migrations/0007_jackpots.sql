CREATE TABLE "jackpot_contributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"provider" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_contributions_amount" CHECK ("jackpot_contributions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "jackpot_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"jackpot" text NOT NULL,
	"currency" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"seed" bigint NOT NULL,
	"contribution_bps" integer NOT NULL,
	"trigger_stake" bigint NOT NULL,
	"min_bet" bigint DEFAULT 1 NOT NULL,
	"games" text[],
	"is_active" boolean DEFAULT true NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"cycle_seed" bigint NOT NULL,
	"cycle_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_pools_config" CHECK ("jackpot_pools"."seed" >= 0 and "jackpot_pools"."cycle_seed" >= 0 and "jackpot_pools"."contribution_bps" between 0 and 10000 and "jackpot_pools"."min_bet" >= 1),
	CONSTRAINT "jackpot_pools_trigger_stake" CHECK ("jackpot_pools"."trigger_stake" between 1 and 281474976710655)
);
--> statement-breakpoint
CREATE TABLE "jackpot_wins" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"jackpot" text NOT NULL,
	"cycle" integer NOT NULL,
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"provider" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"bet" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jackpot_contributions" ADD CONSTRAINT "jackpot_contributions_pool_id_jackpot_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "jackpot_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_wins" ADD CONSTRAINT "jackpot_wins_pool_id_jackpot_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "jackpot_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_wins" ADD CONSTRAINT "jackpot_wins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_contributions_bet_unique" ON "jackpot_contributions" USING btree ("pool_id","provider","transaction_uuid");--> statement-breakpoint
CREATE INDEX "jackpot_contributions_cycle_idx" ON "jackpot_contributions" USING btree ("pool_id","cycle","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_pools_jackpot_currency_unique" ON "jackpot_pools" USING btree ("jackpot","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_wins_pool_cycle_unique" ON "jackpot_wins" USING btree ("pool_id","cycle");--> statement-breakpoint
CREATE INDEX "jackpot_wins_recent_idx" ON "jackpot_wins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jackpot_wins_jackpot_idx" ON "jackpot_wins" USING btree ("jackpot","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_paid_wins_idx" ON "wallet_transactions" USING btree ("created_at") WHERE "wallet_transactions"."kind" = 'win' and "wallet_transactions"."moved";