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
--> statement-breakpoint
-- Hand-written (decision 041): the five demo studios were themes of our own engines seeded as if
-- they were other companies. They are labelled as Croupier's own collections, integration
-- in_house, their games in-house; a name an operator changed since is left as it is.
UPDATE "game_providers" SET "name" = 'Croupier · Lanternfish Studio', "integration" = 'in_house' WHERE "sysname" = 'lanternfish' AND "name" = 'Lanternfish Studio';--> statement-breakpoint
UPDATE "game_providers" SET "name" = 'Croupier · Brass Comet', "integration" = 'in_house' WHERE "sysname" = 'brass-comet' AND "name" = 'Brass Comet';--> statement-breakpoint
UPDATE "game_providers" SET "name" = 'Croupier · Mistral Tables', "integration" = 'in_house' WHERE "sysname" = 'mistral-tables' AND "name" = 'Mistral Tables';--> statement-breakpoint
UPDATE "game_providers" SET "name" = 'Croupier · Velvet Room', "integration" = 'in_house' WHERE "sysname" = 'velvet-room' AND "name" = 'Velvet Room';--> statement-breakpoint
UPDATE "game_providers" SET "name" = 'Croupier · Quickfuse', "integration" = 'in_house' WHERE "sysname" = 'quickfuse' AND "name" = 'Quickfuse';--> statement-breakpoint
UPDATE "games" SET "is_in_house" = true WHERE "engine" IS NOT NULL AND "provider" IN ('lanternfish', 'brass-comet', 'mistral-tables', 'velvet-room', 'quickfuse');
