CREATE TABLE "betting_bet_legs" (
	"bet_id" integer NOT NULL,
	"position" integer NOT NULL,
	"selection_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"odds" integer NOT NULL,
	CONSTRAINT "betting_bet_legs_bet_id_position_pk" PRIMARY KEY("bet_id","position")
);
--> statement-breakpoint
CREATE TABLE "betting_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"funding" text NOT NULL,
	"bonus_id" integer,
	"boost_percent" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"paid_main" bigint DEFAULT 0 NOT NULL,
	"paid_bonus" bigint DEFAULT 0 NOT NULL,
	"settlement_version" integer DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "betting_bets_stake" CHECK ("betting_bets"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "betting_competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "betting_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_ref" text NOT NULL,
	"competition_id" integer NOT NULL,
	"sport" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"score_home" integer,
	"score_away" integer,
	"clock" jsonb,
	"feed_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "betting_markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"type" text NOT NULL,
	"line" integer,
	"main" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "betting_selections" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"key" text NOT NULL,
	"odds" integer NOT NULL,
	"result" text,
	CONSTRAINT "betting_selections_odds" CHECK ("betting_selections"."odds" >= 1010)
);
--> statement-breakpoint
ALTER TABLE "betting_bet_legs" ADD CONSTRAINT "betting_bet_legs_bet_id_betting_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "betting_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betting_bet_legs" ADD CONSTRAINT "betting_bet_legs_selection_id_betting_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "betting_selections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betting_bets" ADD CONSTRAINT "betting_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betting_events" ADD CONSTRAINT "betting_events_competition_id_betting_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "betting_competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betting_markets" ADD CONSTRAINT "betting_markets_event_id_betting_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "betting_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betting_selections" ADD CONSTRAINT "betting_selections_market_id_betting_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "betting_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "betting_bet_legs_event" ON "betting_bet_legs" USING btree ("event_id","bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "betting_bets_request" ON "betting_bets" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "betting_bets_user" ON "betting_bets" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "betting_competitions_name" ON "betting_competitions" USING btree ("sport","name");--> statement-breakpoint
CREATE UNIQUE INDEX "betting_events_feed_ref" ON "betting_events" USING btree ("feed_ref");--> statement-breakpoint
CREATE INDEX "betting_events_status_start" ON "betting_events" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "betting_markets_event" ON "betting_markets" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "betting_selections_market" ON "betting_selections" USING btree ("market_id");