CREATE TABLE "tournament_players" (
	"tournament_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"points" bigint,
	"rank" integer,
	"prize" bigint,
	CONSTRAINT "tournament_players_tournament_id_user_id_pk" PRIMARY KEY("tournament_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_scores" (
	"tournament_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"points" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_scores_tournament_id_event_id_pk" PRIMARY KEY("tournament_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text,
	"currency" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"games" text[],
	"scoring" text NOT NULL,
	"min_bet" bigint DEFAULT 1 NOT NULL,
	"buy_in" bigint DEFAULT 0 NOT NULL,
	"prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_config" CHECK ("tournaments"."ends_at" > "tournaments"."starts_at" and "tournaments"."min_bet" >= 1 and "tournaments"."buy_in" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_scores" ADD CONSTRAINT "tournament_scores_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_players_user_idx" ON "tournament_players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournament_scores_player_idx" ON "tournament_scores" USING btree ("tournament_id","user_id","points","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_sysname_unique" ON "tournaments" USING btree ("sysname");--> statement-breakpoint
CREATE INDEX "tournaments_unfinished_idx" ON "tournaments" USING btree ("ends_at") WHERE "tournaments"."finished_at" is null;