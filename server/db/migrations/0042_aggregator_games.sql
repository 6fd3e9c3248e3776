CREATE TABLE "aggregator_games" (
	"game" text PRIMARY KEY NOT NULL,
	"aggregator" text NOT NULL,
	"game_code" text NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aggregator_games" ADD CONSTRAINT "aggregator_games_game_games_sysname_fk" FOREIGN KEY ("game") REFERENCES "games"("sysname") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aggregator_games_code_unique" ON "aggregator_games" USING btree ("aggregator","game_code");--> statement-breakpoint
CREATE INDEX "aggregator_games_aggregator_idx" ON "aggregator_games" USING btree ("aggregator");