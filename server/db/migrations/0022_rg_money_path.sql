-- Responsible gaming on the money path (docs/responsible-gaming.md, decision 021). A player's
-- limits are checked where the money moves: the wallet's bet (wallet_settle and its general
-- path) and the sportsbook's stake call these in their own transaction. Players without a limit
-- or an exclusion pay two index probes that find nothing.

-- The effective value of a limit at p_now: a pending change whose 24 hours have passed counts as
-- applied (the page applies it in the table when it next reads it); a pending removal is null.
CREATE OR REPLACE FUNCTION rg_effective(p_amount bigint, p_pending bigint, p_effective_at timestamptz, p_now timestamptz)
RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_effective_at IS NOT NULL AND p_effective_at <= p_now THEN p_pending ELSE p_amount END
$$;
--> statement-breakpoint

-- The first day of a limit's period holding p_day: the UTC day, its ISO week (from Monday), its month.
CREATE OR REPLACE FUNCTION rg_period_start(p_period text, p_day date)
RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_period WHEN 'week' THEN date_trunc('week', p_day)::date WHEN 'month' THEN date_trunc('month', p_day)::date ELSE p_day END
$$;
--> statement-breakpoint

-- May the player stake p_amount now? Answers NULL when the player has no money limit and nothing
-- refuses (nothing to count either), {"limit": ...} when refused (nothing written), and {} when
-- the stake may go and must be counted (rg_stake_record, after the money moved). A refusal names
-- what refused: time_out or self_exclusion (with "until"), session (with "minutes"), loss or wager
-- (with "period", "amount" the limit and "used" what the period holds already, minor units).
-- Stakes of one player are serialised by an advisory lock taken before the period's totals are
-- read, held to the end of the caller's transaction: two racing bets cannot both pass a limit.
CREATE OR REPLACE FUNCTION rg_stake_check(p_user integer, p_currency text, p_amount bigint, p_session_started timestamptz, p_now timestamptz)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_exclusion record;
  v_limit record;
  v_day date := (p_now AT TIME ZONE 'UTC')::date;
  v_wagered bigint;
  v_won bigint;
  v_used bigint;
  v_money boolean := false;
BEGIN
  SELECT e.kind, e.ends_at INTO v_exclusion FROM rg_exclusions e
    WHERE e.user_id = p_user AND e.ends_at > p_now AND e.starts_at <= p_now ORDER BY e.ends_at DESC LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('limit', v_exclusion.kind, 'until', v_exclusion.ends_at);
  END IF;
  FOR v_limit IN
    SELECT l.kind, l.period, rg_effective(l.amount, l.pending_amount, l.pending_effective_at, p_now) AS amount
      FROM rg_limits l WHERE l.user_id = p_user AND (l.kind = 'session' OR l.currency = p_currency)
      ORDER BY l.kind, l.period
  LOOP
    CONTINUE WHEN v_limit.amount IS NULL;
    IF v_limit.kind = 'session' THEN
      IF p_session_started IS NOT NULL AND p_now >= p_session_started + make_interval(mins => v_limit.amount::integer) THEN
        RETURN jsonb_build_object('limit', 'session', 'minutes', v_limit.amount);
      END IF;
      CONTINUE;
    END IF;
    IF NOT v_money THEN
      PERFORM pg_advisory_xact_lock(hashtext('rg:' || p_user));
      v_money := true;
    END IF;
    SELECT coalesce(sum(d.wagered), 0), coalesce(sum(d.won), 0) INTO v_wagered, v_won FROM rg_play_days d
      WHERE d.user_id = p_user AND d.currency = p_currency AND d.day BETWEEN rg_period_start(v_limit.period, v_day) AND v_day;
    -- A loss is stakes less returns (winnings give room back); a wager is stakes alone.
    v_used := CASE v_limit.kind WHEN 'wager' THEN v_wagered ELSE v_wagered - v_won END;
    IF v_used + p_amount > v_limit.amount THEN
      RETURN jsonb_build_object('limit', v_limit.kind, 'period', v_limit.period, 'amount', v_limit.amount, 'used', v_used);
    END IF;
  END LOOP;
  RETURN CASE WHEN v_money THEN '{}'::jsonb END;
END
$$;
--> statement-breakpoint

-- Counts an accepted stake in the player's play of the day (after rg_stake_check answered {}).
CREATE OR REPLACE FUNCTION rg_stake_record(p_user integer, p_currency text, p_amount bigint, p_now timestamptz)
RETURNS void
LANGUAGE sql AS $$
  INSERT INTO rg_play_days (user_id, currency, day, wagered) VALUES (p_user, p_currency, (p_now AT TIME ZONE 'UTC')::date, p_amount)
    ON CONFLICT (user_id, currency, day) DO UPDATE SET wagered = rg_play_days.wagered + excluded.wagered
$$;
--> statement-breakpoint

-- Counts a win's (or a rollback's) return of a player with a money limit: a loss limit counts
-- stakes less returns. Players without one write nothing.
CREATE OR REPLACE FUNCTION rg_return(p_user integer, p_currency text, p_amount bigint, p_now timestamptz)
RETURNS void
LANGUAGE sql AS $$
  INSERT INTO rg_play_days (user_id, currency, day, won)
    SELECT p_user, p_currency, (p_now AT TIME ZONE 'UTC')::date, p_amount
    WHERE p_amount > 0 AND EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = p_user AND l.kind IN ('loss', 'wager') AND l.currency = p_currency)
    ON CONFLICT (user_id, currency, day) DO UPDATE SET won = rg_play_days.won + excluded.won
$$;
--> statement-breakpoint

-- wallet_settle as in 0015, and the player's responsible-gaming limits: a real-money bet is checked
-- against them before its money moves (a refusal is the general path's, which records it), its
-- stake and a win's return are counted in the player's play per day.
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
  v_rg jsonb;
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
    -- Limits, a time-out or a self-exclusion (docs/responsible-gaming.md): a refusal is the general
    -- path's. Real money only (a real session carries the bonus account).
    IF v_bonus_account IS NOT NULL THEN
      v_rg := rg_stake_check(v_user, p->>'currency', v_amount, (p->>'session_started')::timestamptz, now());
      IF v_rg ? 'limit' THEN
        RETURN NULL;
      END IF;
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

  -- The stake, or the win's return, in the player's play per day (only players with a money limit).
  IF v_endpoint = 'bet' AND v_rg IS NOT NULL AND v_has_move THEN
    PERFORM rg_stake_record(v_user, p->>'currency', v_amount, now());
  ELSIF v_endpoint = 'win' AND v_bonus_account IS NOT NULL AND v_has_move THEN
    PERFORM rg_return(v_user, p->>'currency', v_amount, now());
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
