CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text,
	"currency" text NOT NULL,
	"trigger" text NOT NULL,
	"reward" jsonb NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"placements" text[] DEFAULT '{offers,promotions}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_window" CHECK ("campaigns"."ends_at" is null or "campaigns"."ends_at" > "campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "cashbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"net_loss" bigint NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"receiving_expired_at" timestamp with time zone,
	"paid_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashbacks_amount" CHECK ("cashbacks"."amount" > 0 and "cashbacks"."period_end" > "cashbacks"."period_start")
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"wagering_required" bigint DEFAULT 0 NOT NULL,
	"wagering_done" bigint DEFAULT 0 NOT NULL,
	"max_bet" bigint,
	"valid_days" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"converted_amount" bigint,
	"forfeited_amount" bigint,
	"finish_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_bonuses_wagering" CHECK ("player_bonuses"."wagering_done" >= 0 and "player_bonuses"."wagering_done" <= "player_bonuses"."wagering_required" and "player_bonuses"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_code_uses" (
	"promo_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_uses_promo_code_id_user_id_pk" PRIMARY KEY("promo_code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."uses" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."uses" <= "promo_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "bonus_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "bonus_id" integer;--> statement-breakpoint
ALTER TABLE "cashbacks" ADD CONSTRAINT "cashbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbacks" ADD CONSTRAINT "cashbacks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_sysname_unique" ON "campaigns" USING btree ("sysname");--> statement-breakpoint
CREATE UNIQUE INDEX "cashbacks_period_unique" ON "cashbacks" USING btree ("campaign_id","user_id","period_start");--> statement-breakpoint
CREATE INDEX "cashbacks_user_idx" ON "cashbacks" USING btree ("user_id","period_end");--> statement-breakpoint
CREATE INDEX "operator_audit_subject_idx" ON "operator_audit" USING btree ("subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_source_unique" ON "player_bonuses" USING btree ("source");--> statement-breakpoint
CREATE INDEX "player_bonuses_user_idx" ON "player_bonuses" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_active" ON "player_bonuses" USING btree ("user_id","currency") WHERE "player_bonuses"."kind" = 'bonus' and "player_bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "player_bonuses_due_idx" ON "player_bonuses" USING btree ("expires_at") WHERE "player_bonuses"."status" in ('available', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree ("code");--> statement-breakpoint

-- wallet_settle (0011) knows bonus money (docs/promotions.md): the ordinary case is still a bet
-- that main money covers (main is drawn first: a bet it cannot cover falls to the general path,
-- which splits it), a bet within the active bonus's maximum, and a win on a bet that drew no
-- bonus money. A real session's answer shows main plus bonus. p gains bonus_account (the
-- player's bonus account id in real mode, null otherwise).
CREATE OR REPLACE FUNCTION wallet_settle(p jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_key text;
  v_provider text := p->>'provider';
  v_transaction text := p->>'transaction';
  v_reference text := p->>'reference';
  v_endpoint text := p->>'endpoint';
  v_amount bigint := (p->>'amount')::bigint;
  v_user integer := (p->>'user')::integer;
  v_account integer := (p->>'account')::integer;
  v_has_move boolean := jsonb_typeof(p->'move') = 'object';
  v_has_jackpot boolean := jsonb_typeof(p->'jackpot') = 'object';
  v_has_event boolean := jsonb_typeof(p->'event') = 'object';
  v_bonus_account integer := (p->>'bonus_account')::integer;
  v_bonus bigint;
  v_bet record;
  v_pools integer;
  v_move_id integer;
  v_status text;
  v_replayed boolean;
  v_balances jsonb;
  v_balance bigint;
  v_answer jsonb;
BEGIN
  FOR v_key IN SELECT jsonb_array_elements_text(p->'locks') LOOP
    PERFORM pg_advisory_xact_lock(hashtext(v_key));
  END LOOP;
  -- A repeat, and everything but the ordinary case, is the general path's.
  IF EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = v_provider AND w.transaction_uuid = v_transaction) THEN
    RETURN NULL;
  END IF;
  IF v_endpoint = 'bet' THEN
    IF EXISTS (SELECT 1 FROM wallet_transactions r WHERE r.provider = v_provider AND r.kind = 'rollback' AND r.reference_transaction_uuid = v_transaction) THEN
      RETURN NULL;
    END IF;
    IF v_user IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = v_user AND u.status = 'active') THEN
      RETURN NULL;
    END IF;
    -- A bet above the maximum of the player's active bonus is refused by the general path.
    IF v_bonus_account IS NOT NULL AND EXISTS (
      SELECT 1 FROM player_bonuses b WHERE b.user_id = v_user AND b.currency = p->>'currency' AND b.kind = 'bonus' AND b.status = 'active' AND b.max_bet < v_amount
    ) THEN
      RETURN NULL;
    END IF;
    IF v_has_jackpot THEN
      -- The pools the caller planned from its cache, still as planned: key-share locked in id
      -- order, as the general path locks a pool it does not win.
      SELECT count(*) INTO v_pools FROM (
        SELECT j.id FROM jackpot_pools j
          JOIN jsonb_to_recordset(p->'jackpot'->'pools') AS q(id integer, bps integer, "trigger" bigint) ON q.id = j.id
          WHERE j.is_active AND j.currency = p->>'currency' AND j.contribution_bps = q.bps AND j.trigger_stake = q."trigger" AND j.min_bet <= v_amount
            AND (j.games IS NULL OR p->>'game' = ANY (j.games))
          ORDER BY j.id FOR KEY SHARE OF j
      ) planned;
      IF v_pools <> jsonb_array_length(p->'jackpot'->'pools') THEN
        RETURN NULL;
      END IF;
    END IF;
  ELSIF v_endpoint = 'win' THEN
    SELECT b.session_id, b.round_id, b.status, b.bonus_amount INTO v_bet FROM wallet_transactions b
      WHERE b.provider = v_provider AND b.transaction_uuid = v_reference AND b.kind = 'bet';
    IF NOT FOUND OR v_bet.session_id <> (p->>'session')::integer OR v_bet.round_id <> p->>'round' OR v_bet.status <> 'RS_OK' OR v_bet.bonus_amount <> 0 THEN
      RETURN NULL;
    END IF;
    IF EXISTS (SELECT 1 FROM wallet_transactions r WHERE r.provider = v_provider AND r.kind = 'rollback' AND r.reference_transaction_uuid = v_reference AND r.moved) THEN
      RETURN NULL;
    END IF;
  ELSE
    RETURN NULL;
  END IF;

  IF v_has_move THEN
    SELECT o_id, o_replayed, o_status, o_balances INTO v_move_id, v_replayed, v_status, v_balances
      FROM ledger_transfer(p->'move'->>'key', p->'move'->>'hash', p->'move'->>'kind', p->>'currency', p->'move'->'metadata', p->'move'->'legs');
    -- Not enough money, or a movement already under this key: nothing was written.
    IF v_status <> 'ok' OR v_replayed THEN
      RETURN NULL;
    END IF;
    v_balance := (v_balances->>v_account::text)::bigint;
  ELSE
    SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.id = v_account;
  END IF;
  v_balance := coalesce(v_balance, 0);

  -- From here on everything is written, or the statement fails whole.
  IF v_has_jackpot THEN
    INSERT INTO jackpot_contributions (pool_id, cycle, provider, transaction_uuid, amount)
      SELECT j.id, j.cycle, v_provider, v_transaction, q.share
        FROM jackpot_pools j JOIN jsonb_to_recordset(p->'jackpot'->'pools') AS q(id integer, share bigint) ON q.id = j.id
        WHERE q.share > 0;
    IF jsonb_typeof(p->'jackpot'->'move') = 'object' THEN
      SELECT o_replayed, o_status INTO v_replayed, v_status
        FROM ledger_transfer(p->'jackpot'->'move'->>'key', p->'jackpot'->'move'->>'hash', p->'jackpot'->'move'->>'kind', p->>'currency',
                             p->'jackpot'->'move'->'metadata', p->'jackpot'->'move'->'legs');
      IF v_status <> 'ok' OR v_replayed THEN
        RAISE EXCEPTION 'jackpot share % was not recorded (%)', p->'jackpot'->'move'->>'key', v_status;
      END IF;
    END IF;
  END IF;

  -- A real-money session plays on main and bonus money together: the game is shown both.
  IF v_bonus_account IS NOT NULL THEN
    SELECT a.balance INTO v_bonus FROM ledger_accounts a WHERE a.id = v_bonus_account;
  END IF;
  v_answer := (p->'answer') || jsonb_build_object('balance', v_balance + coalesce(v_bonus, 0));
  IF v_has_event THEN
    INSERT INTO outbox_events (type, user_id, payload)
      VALUES (p->'event'->>'type', v_user, (p->'event'->'payload') || jsonb_build_object('transactionId', v_move_id, 'balanceAfter', v_balance::text));
  END IF;
  IF (p->>'played')::boolean THEN
    INSERT INTO played_games (user_id, game) VALUES (v_user, p->>'game')
      ON CONFLICT (user_id, game) DO UPDATE SET last_played_at = now();
  END IF;
  INSERT INTO wallet_transactions (provider, transaction_uuid, kind, session_id, round_id, game, amount, currency, reference_transaction_uuid, content_hash, status, moved, answer)
    VALUES (v_provider, v_transaction, v_endpoint, (p->>'session')::integer, p->>'round', p->>'game', v_amount, p->>'currency', v_reference, p->>'hash', 'RS_OK', v_has_move, v_answer);
  RETURN jsonb_build_object('answer', v_answer, 'outbox', v_has_event);
END
$$;
