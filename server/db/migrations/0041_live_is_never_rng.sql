-- Issue 29: "live" is a live-dealer game from its provider, never a table the platform's own RNG
-- engines deal. The demo catalogue once seeded two RNG tables of the Velvet Room studio as live
-- (named "... Live" by a studio called "Velvet Room Live", drawn with a LIVE sign): they become the casino tables they are, leave the
-- live category for the casino one, and the check keeps any RNG game from being live again.
UPDATE "games" SET "type" = 'casino' WHERE "type" = 'live' AND "engine" IS NOT NULL;--> statement-breakpoint
UPDATE "games" SET "name" = 'Velvet Roulette', "description" = jsonb_set(jsonb_set("description", '{en,name}', '"Velvet Roulette"'), '{fr,name}', '"Roulette Velours"')
  WHERE "sysname" = 'velvet-roulette-live' AND "name" = 'Velvet Roulette Live' AND "description" ? 'en' AND "description" ? 'fr';--> statement-breakpoint
UPDATE "games" SET "name" = 'Velvet Blackjack', "description" = jsonb_set(jsonb_set("description", '{en,name}', '"Velvet Blackjack"'), '{fr,name}', '"Blackjack Velours"')
  WHERE "sysname" = 'velvet-blackjack-live' AND "name" = 'Velvet Blackjack Live' AND "description" ? 'en' AND "description" ? 'fr';--> statement-breakpoint
UPDATE "game_providers" SET "name" = 'Velvet Room' WHERE "sysname" = 'velvet-room' AND "name" = 'Velvet Room Live';--> statement-breakpoint
INSERT INTO "game_category_games" ("category_id", "game", "position")
  SELECT 'casino', m."game", (SELECT coalesce(max("position"), 0) FROM "game_category_games" WHERE "category_id" = 'casino') + row_number() OVER (ORDER BY m."position", m."game")
  FROM "game_category_games" m JOIN "games" g ON g."sysname" = m."game"
  WHERE m."category_id" = 'live' AND g."type" <> 'live' AND EXISTS (SELECT 1 FROM "game_categories" WHERE "id" = 'casino')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "game_category_games" WHERE "category_id" = 'live' AND "game" IN (SELECT "sysname" FROM "games" WHERE "type" <> 'live');--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_live_is_never_rng" CHECK ("games"."type" <> 'live' or "games"."engine" is null);
