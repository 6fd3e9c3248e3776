CREATE TABLE "live_presence" (
	"process" text PRIMARY KEY NOT NULL,
	"player_ids" integer[] NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_minutes_minute_currency_pk" PRIMARY KEY("minute","currency")
);
