-- The demo catalogue tells the truth about its games (issue 29, docs/studio.md). The seed only
-- inserts missing games, so a database seeded before keeps the old rows; this brings them in
-- line where an operator has not already changed them.
--
-- Rivet Royale (Brass Comet) was a theme on the slot engine; it now plays its own hold-and-win
-- engine, `coins`, with the exact RTP of its maths (docs/games-math.md) and a demo.
UPDATE "games" SET "engine" = 'coins', "rtp" = '96.10', "volatility" = 'high', "has_demo" = true
  WHERE "sysname" = 'rivet-royale' AND "engine" = 'slot';
--> statement-breakpoint
-- Feature tags the hall filters by, where the game does not have the feature: no engine of ours
-- sells its bonus, only the cascade engine tumbles, no dice game is a crash game.
UPDATE "games" SET "tags" = array_remove("tags", 'bonus-buy') WHERE "engine" IS NOT NULL AND 'bonus-buy' = ANY("tags");
--> statement-breakpoint
UPDATE "games" SET "tags" = array_remove("tags", 'cascade') WHERE "engine" IS NOT NULL AND "engine" <> 'cascade' AND 'cascade' = ANY("tags");
--> statement-breakpoint
UPDATE "games" SET "tags" = array_remove("tags", 'crash') WHERE "engine" = 'dice' AND 'crash' = ANY("tags");
--> statement-breakpoint
-- Every game our engines play is provably fair, and the hall's filter says so.
UPDATE "games" SET "tags" = array_append("tags", 'provably-fair') WHERE "engine" IS NOT NULL AND NOT ('provably-fair' = ANY("tags"));
