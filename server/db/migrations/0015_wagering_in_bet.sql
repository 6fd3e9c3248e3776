-- Wagering progress is counted by the bet itself (decision 015, docs/promotions.md), not by a job
-- per bet: a job per bet updated the player's bonus row from the job runner's batches, which then
-- waited on each other. The job runner now only converts a bonus whose wagering is done.

-- The percent of a stake on a game type that counts towards wagering. contract/promotions.ts
-- WAGERING_WEIGHTS holds the same table; a test keeps the two equal.
CREATE OR REPLACE FUNCTION wagering_weight(game_type text)
RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE game_type WHEN 'slot' THEN 100 WHEN 'fast' THEN 50 WHEN 'casino' THEN 20 WHEN 'live' THEN 10 ELSE 0 END
$$;
--> statement-breakpoint

-- A settled real-money bet of `p_amount` on `p_game` counts its weighted stake towards the active
-- bonus of the player in that currency, never past what is required. Called in the bet's own
-- transaction (wallet_settle, and the wallet's general path), after its money moved.
CREATE OR REPLACE FUNCTION bonus_wager(p_user integer, p_currency text, p_game text, p_amount bigint)
RETURNS void
LANGUAGE sql AS $$
  UPDATE player_bonuses b
    SET wagering_done = least(b.wagering_required, b.wagering_done + (p_amount * w.weight) / 100)
    FROM (SELECT wagering_weight(g.type) AS weight FROM games g WHERE g.sysname = p_game) w
    WHERE b.user_id = p_user AND b.currency = p_currency AND b.kind = 'bonus' AND b.status = 'active'
      AND b.wagering_done < b.wagering_required AND w.weight > 0
$$;
--> statement-breakpoint

-- wallet_settle as in 0013, and a bet counts its wagering.
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

  -- A real-money bet counts towards the wagering of the player's active bonus, here, under the
  -- locks the bet already holds (decision 015).
  IF v_endpoint = 'bet' AND v_bonus_account IS NOT NULL AND v_has_move THEN
    PERFORM bonus_wager(v_user, p->>'currency', p->>'game', v_amount);
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
