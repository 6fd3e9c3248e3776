CREATE TABLE "report_active_counts" (
	"period" text NOT NULL,
	"start" date NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_active_counts_period_start_currency_country_pk" PRIMARY KEY("period","start","currency","country")
);
--> statement-breakpoint
CREATE INDEX "report_active_players_user_idx" ON "report_active_players" USING btree ("user_id","currency","day");--> statement-breakpoint
-- The counts of the players already folded (a player counts once a period, in the country of their first day in it).
INSERT INTO "report_active_counts" ("period", "start", "currency", "country", "players")
SELECT "period", "start", "currency", "country", count(*)::int FROM (
	SELECT DISTINCT ON (p."period", date_trunc(p."period", a."day"::timestamp)::date, a."currency", a."user_id")
		p."period", date_trunc(p."period", a."day"::timestamp)::date AS "start", a."currency", a."country"
	FROM "report_active_players" a, (VALUES ('day'), ('week'), ('month')) AS p("period")
	ORDER BY p."period", date_trunc(p."period", a."day"::timestamp)::date, a."currency", a."user_id", a."day"
) AS "first" GROUP BY 1, 2, 3, 4;
