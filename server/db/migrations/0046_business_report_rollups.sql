CREATE TABLE "report_active_players" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"user_id" integer NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "report_active_players_day_currency_user_id_pk" PRIMARY KEY("day","currency","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"provider" text NOT NULL,
	"game" text NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"bonus_cost" bigint DEFAULT 0 NOT NULL,
	"cashback" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_day_currency_country_provider_game_pk" PRIMARY KEY("day","currency","country","provider","game")
);
--> statement-breakpoint
CREATE TABLE "report_fold_state" (
	"name" text PRIMARY KEY NOT NULL,
	"folded_through" integer DEFAULT 0 NOT NULL,
	"folded_at" timestamp with time zone DEFAULT now() NOT NULL
);
