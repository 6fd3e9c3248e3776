CREATE TABLE "game_category_games" (
	"category_id" text NOT NULL,
	"game" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "game_category_games_category_id_game_pk" PRIMARY KEY("category_id","game")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "badges" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "game_category_games" ADD CONSTRAINT "game_category_games_category_id_game_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "game_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_category_games" ADD CONSTRAINT "game_category_games_game_games_sysname_fk" FOREIGN KEY ("game") REFERENCES "games"("sysname") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_category_games_order_idx" ON "game_category_games" USING btree ("category_id","position");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_badges_known" CHECK ("games"."badges" <@ array['new', 'hot']::text[]);--> statement-breakpoint
-- Existing games keep the categories they had (their type), in their popularity order.
INSERT INTO "game_category_games" ("category_id", "game", "position")
SELECT g."type", g."sysname", row_number() OVER (PARTITION BY g."type" ORDER BY g."popularity", g."sysname")
FROM "games" g JOIN "game_categories" c ON c."id" = g."type";
