CREATE TABLE "loyalty_totals" (
	"user_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"balance_milli" bigint DEFAULT 0 NOT NULL,
	"lifetime_milli" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_totals_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
-- The totals follow the journal: every insert adds its amount (the journal refuses update and
-- delete, so inserts are all there is), in the inserting transaction, to the slot of the inserting
-- connection. Two transactions on different connections earning for one player therefore update
-- different rows and never wait on each other (a connection runs one transaction at a time); two
-- whose pids share a slot wait for the first's commit, as any row update would.
CREATE OR REPLACE FUNCTION loyalty_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loyalty_totals (user_id, slot, balance_milli, lifetime_milli)
    VALUES (NEW.user_id, pg_backend_pid() % 16, NEW.milli_points, CASE WHEN NEW.kind = 'purchase' THEN 0 ELSE NEW.milli_points END)
    ON CONFLICT (user_id, slot) DO UPDATE SET balance_milli = loyalty_totals.balance_milli + excluded.balance_milli,
                                              lifetime_milli = loyalty_totals.lifetime_milli + excluded.lifetime_milli;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER loyalty_points_totals AFTER INSERT ON loyalty_points
  FOR EACH ROW EXECUTE FUNCTION loyalty_totals_follow();
--> statement-breakpoint
INSERT INTO loyalty_totals (user_id, slot, balance_milli, lifetime_milli)
  SELECT user_id, 0, sum(milli_points), coalesce(sum(milli_points) FILTER (WHERE kind <> 'purchase'), 0)
  FROM loyalty_points GROUP BY user_id;
