-- Fewer, cheaper statements on the money path (decision 031, docs/performance.md). A bet ran
-- about twenty statements in the database, and its profile showed executor start-up, hash joins
-- and a sequential scan of ledger_accounts in every movement as its largest costs:
-- * ledger_transfer reads its legs into arrays with plpgsql expressions, not queries; locks the
--   player accounts by primary key (one account, the usual case, by a plain key lookup); moves
--   the balances and writes the postings in one statement, each balance by key; and answers with
--   OUT parameters instead of a result set, so wallet_settle calls it as an expression, not as a
--   query. Its arguments and answers are those of 0026.
-- * wallet_settle checks a bet's jackpot pools and writes their shares in one statement (a pool no
--   longer as planned undoes it with W0001: the general path decides, as in 0026); reads the
--   bonus balance inside the statement that writes the journal row; and records a win's return
--   in the player's play per day only when the player has a limit (read with the win's other
--   checks, as a bet reads it).

DROP FUNCTION ledger_transfer(text, text, text, text, jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION ledger_transfer(p_key text, p_hash text, p_kind text, p_currency text, p_metadata jsonb, p_legs jsonb,
  OUT o_id integer, OUT o_replayed boolean, OUT o_status text, OUT o_balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_hash text;
  v_leg jsonb;
  v_account integer;
  v_amount bigint;
  v_at integer;
  v_accounts integer[] := '{}';
  v_amounts bigint[] := '{}';
  -- The player accounts the movement changes, each once, with its net change.
  v_players integer[] := '{}';
  v_deltas bigint[] := '{}';
  v_balance bigint;
  v_short boolean := false;
BEGIN
  -- p_legs: [{"a": account id, "m": "signed minor units", "p": true for a player account}]
  FOR i IN 0 .. jsonb_array_length(p_legs) - 1 LOOP
    v_leg := p_legs->i;
    v_account := (v_leg->>'a')::integer;
    v_amount := (v_leg->>'m')::bigint;
    v_accounts := v_accounts || v_account;
    v_amounts := v_amounts || v_amount;
    IF (v_leg->>'p')::boolean THEN
      v_at := array_position(v_players, v_account);
      IF v_at IS NULL THEN
        v_players := v_players || v_account;
        v_deltas := v_deltas || v_amount;
      ELSE
        v_deltas[v_at] := v_deltas[v_at] + v_amount;
      END IF;
    END IF;
  END LOOP;

  IF cardinality(v_players) = 0 THEN
    -- Between house accounts (a jackpot share): nothing is locked, house balances are not kept.
    -- The movement and its postings in one statement.
    WITH recorded AS (
      INSERT INTO ledger_transactions (idempotency_key, content_hash, kind, metadata)
        VALUES (p_key, p_hash, p_kind, p_metadata)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id
    ), posted AS (
      INSERT INTO ledger_postings (transaction_id, account_id, amount, currency)
        SELECT r.id, l.account, l.amount, p_currency FROM recorded r, unnest(v_accounts, v_amounts) AS l(account, amount)
    )
    SELECT r.id INTO o_id FROM recorded r;
    o_balances := '{}'::jsonb;
  ELSIF cardinality(v_players) = 1 THEN
    -- The usual movement, one player account, in one statement: the account locked by its key,
    -- the movement recorded only if the balance stays at or above zero and the key is free, and
    -- then the balance moved and the postings written. The update follows the lock taken in the
    -- same statement (under READ COMMITTED it moves the latest balance, the one checked).
    WITH account AS (
      SELECT a.balance FROM ledger_accounts a WHERE a.id = v_players[1] FOR UPDATE
    ), recorded AS (
      INSERT INTO ledger_transactions (idempotency_key, content_hash, kind, metadata)
        SELECT p_key, p_hash, p_kind, p_metadata FROM account WHERE account.balance + v_deltas[1] >= 0
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id
    ), moved AS (
      UPDATE ledger_accounts a SET balance = a.balance + v_deltas[1]
        WHERE a.id = v_players[1] AND EXISTS (SELECT 1 FROM recorded)
    ), posted AS (
      INSERT INTO ledger_postings (transaction_id, account_id, amount, currency)
        SELECT r.id, l.account, l.amount, p_currency FROM recorded r, unnest(v_accounts, v_amounts) AS l(account, amount)
    )
    SELECT (SELECT a.balance FROM account a), (SELECT r.id FROM recorded r) INTO v_balance, o_id;
    o_balances := jsonb_build_object(v_players[1]::text, (v_balance + v_deltas[1])::text);
  ELSE
    -- Several player accounts (main and bonus money): locked in id order (no deadlocks), checked,
    -- then the movement recorded, the balances moved and the postings written.
    SELECT coalesce(bool_or(l.balance + v_deltas[array_position(v_players, l.id)] < 0), false) INTO v_short
      FROM (SELECT a.id, a.balance FROM ledger_accounts a WHERE a.id = ANY (v_players) ORDER BY a.id FOR UPDATE) l;
    IF NOT v_short THEN
      INSERT INTO ledger_transactions (idempotency_key, content_hash, kind, metadata)
        VALUES (p_key, p_hash, p_kind, p_metadata)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id INTO o_id;
    END IF;
    IF o_id IS NOT NULL THEN
      WITH moved AS (
        UPDATE ledger_accounts a SET balance = a.balance + v_deltas[array_position(v_players, a.id)]
          WHERE a.id = ANY (v_players)
          RETURNING a.id, a.balance
      ), posted AS (
        INSERT INTO ledger_postings (transaction_id, account_id, amount, currency)
          SELECT o_id, l.account, l.amount, p_currency FROM unnest(v_accounts, v_amounts) AS l(account, amount)
      )
      SELECT jsonb_object_agg(m.id::text, m.balance::text) INTO o_balances FROM moved m;
    END IF;
  END IF;
  IF o_id IS NOT NULL THEN
    o_replayed := false;
    o_status := 'ok';
    RETURN;
  END IF;
  -- Short of money, or a movement under this key committed already (perhaps concurrently).
  o_balances := NULL;
  SELECT t.id, t.content_hash INTO o_id, v_hash FROM ledger_transactions t WHERE t.idempotency_key = p_key;
  IF o_id IS NULL THEN
    o_replayed := false;
    o_status := 'insufficient';
    RETURN;
  END IF;
  o_replayed := true;
  IF v_hash <> p_hash THEN
    o_status := 'conflict';
    RETURN;
  END IF;
  o_status := 'ok';
  SELECT coalesce(jsonb_object_agg(a.id::text, a.balance::text), '{}'::jsonb) INTO o_balances
    FROM ledger_accounts a WHERE a.id = ANY (v_players);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_settle(p jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_provider text := p->>'provider';
  v_transaction text := p->>'transaction';
  v_reference text := p->>'reference';
  v_endpoint text := p->>'endpoint';
  v_amount bigint := (p->>'amount')::bigint;
  v_user integer := (p->>'user')::integer;
  v_account integer := (p->>'account')::integer;
  v_has_move boolean := jsonb_typeof(p->'move') = 'object';
  v_has_jackpot boolean := jsonb_typeof(p->'jackpot') = 'object';
  v_bonus_account integer := (p->>'bonus_account')::integer;
  v_general boolean;
  v_guarded boolean := false;
  v_wagering boolean := false;
  v_pools integer;
  v_move_id integer;
  v_status text;
  v_replayed boolean;
  v_balances jsonb;
  v_balance bigint;
  v_answer jsonb;
  v_moved record;
  v_pool jsonb;
  v_pool_ids integer[] := '{}';
  v_pool_bps integer[] := '{}';
  v_pool_triggers bigint[] := '{}';
  v_pool_shares bigint[] := '{}';
  v_rg jsonb;
BEGIN
  -- The request's advisory locks, in the order given (sorted by the caller: no deadlock).
  PERFORM pg_advisory_xact_lock(hashtext(k)) FROM jsonb_array_elements_text(p->'locks') AS k;
  -- A repeat, and everything but the ordinary case, is the general path's. What decides it is
  -- read in one statement, after the locks.
  IF v_endpoint = 'bet' THEN
    SELECT
      EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = v_provider AND w.transaction_uuid = v_transaction)
        OR EXISTS (SELECT 1 FROM wallet_transactions r WHERE r.provider = v_provider AND r.kind = 'rollback' AND r.reference_transaction_uuid = v_transaction)
        OR (v_user IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = v_user AND u.status = 'active'))
        -- A bet above the maximum of the player's active bonus (real money only).
        OR (v_bonus_account IS NOT NULL AND EXISTS (
          SELECT 1 FROM player_bonuses b WHERE b.user_id = v_user AND b.currency = p->>'currency' AND b.kind = 'bonus' AND b.status = 'active' AND b.max_bet < v_amount))
        AS general,
      -- Whether a responsible-gaming rule may concern the player: only then is it checked in full.
      v_bonus_account IS NOT NULL AND (
        EXISTS (SELECT 1 FROM rg_exclusions e WHERE e.user_id = v_user AND e.ends_at > now())
        OR EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = v_user)) AS guarded,
      -- Whether the player wagers an active bonus: only then does the bet count towards it.
      v_bonus_account IS NOT NULL AND EXISTS (
        SELECT 1 FROM player_bonuses b WHERE b.user_id = v_user AND b.currency = p->>'currency' AND b.kind = 'bonus' AND b.status = 'active') AS wagering
      INTO v_general, v_guarded, v_wagering;
    IF v_general THEN
      RETURN NULL;
    END IF;
    -- Limits, a time-out or a self-exclusion (docs/responsible-gaming.md): a refusal is the general path's.
    IF v_guarded THEN
      v_rg := rg_stake_check(v_user, p->>'currency', v_amount, (p->>'session_started')::timestamptz, now());
      IF v_rg ? 'limit' THEN
        RETURN NULL;
      END IF;
    END IF;
  ELSIF v_endpoint = 'win' THEN
    SELECT
      EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = v_provider AND w.transaction_uuid = v_transaction)
        OR b.transaction_uuid IS NULL OR b.session_id IS DISTINCT FROM (p->>'session')::integer OR b.round_id IS DISTINCT FROM p->>'round'
        OR b.status IS DISTINCT FROM 'RS_OK' OR b.bonus_amount IS DISTINCT FROM 0
        OR EXISTS (SELECT 1 FROM wallet_transactions r WHERE r.provider = v_provider AND r.kind = 'rollback' AND r.reference_transaction_uuid = v_reference AND r.moved)
        AS general,
      -- Whether the player has a responsible-gaming limit: only then is the return recorded.
      v_bonus_account IS NOT NULL AND EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = v_user) AS guarded
      INTO v_general, v_guarded
      FROM (SELECT 1) AS one
      LEFT JOIN wallet_transactions b ON b.provider = v_provider AND b.transaction_uuid = v_reference AND b.kind = 'bet';
    IF v_general THEN
      RETURN NULL;
    END IF;
  ELSE
    RETURN NULL;
  END IF;

  -- The jackpot shares are written before the player's movement: that movement takes the
  -- player's balance row lock, which the player's next request waits for until this commits, so
  -- the less that runs after it the sooner that request goes on (decision 029). Should the
  -- movement then not happen, the statement fails with W0001 and nothing stays written.
  IF v_has_jackpot THEN
    FOR i IN 0 .. jsonb_array_length(p->'jackpot'->'pools') - 1 LOOP
      v_pool := p->'jackpot'->'pools'->i;
      v_pool_ids := v_pool_ids || (v_pool->>'id')::integer;
      v_pool_bps := v_pool_bps || (v_pool->>'bps')::integer;
      v_pool_triggers := v_pool_triggers || (v_pool->>'trigger')::bigint;
      v_pool_shares := v_pool_shares || (v_pool->>'share')::bigint;
    END LOOP;
    -- The pools the caller planned from its cache, still as planned, key-share locked in id
    -- order as the general path locks a pool it does not win; and their shares written. A pool
    -- no longer as planned undoes the statement: the general path decides.
    WITH planned AS (
      SELECT j.id, j.cycle FROM jackpot_pools j
        WHERE j.id = ANY (v_pool_ids) AND j.is_active AND j.currency = p->>'currency' AND j.min_bet <= v_amount
          AND j.contribution_bps = v_pool_bps[array_position(v_pool_ids, j.id)]
          AND j.trigger_stake = v_pool_triggers[array_position(v_pool_ids, j.id)]
          AND (j.games IS NULL OR p->>'game' = ANY (j.games))
        ORDER BY j.id FOR KEY SHARE OF j
    ), written AS (
      INSERT INTO jackpot_contributions (pool_id, cycle, provider, transaction_uuid, amount)
        SELECT pl.id, pl.cycle, v_provider, v_transaction, v_pool_shares[array_position(v_pool_ids, pl.id)]
          FROM planned pl WHERE v_pool_shares[array_position(v_pool_ids, pl.id)] > 0
    )
    SELECT count(*) INTO v_pools FROM planned;
    IF v_pools <> cardinality(v_pool_ids) THEN
      RAISE EXCEPTION 'wallet_settle: the general path decides' USING ERRCODE = 'W0001';
    END IF;
    IF jsonb_typeof(p->'jackpot'->'move') = 'object' THEN
      v_moved := ledger_transfer(p->'jackpot'->'move'->>'key', p->'jackpot'->'move'->>'hash', p->'jackpot'->'move'->>'kind', p->>'currency',
                                 p->'jackpot'->'move'->'metadata', p->'jackpot'->'move'->'legs');
      IF v_moved.o_status <> 'ok' OR v_moved.o_replayed THEN
        RAISE EXCEPTION 'jackpot share % was not recorded (%)', p->'jackpot'->'move'->>'key', v_moved.o_status;
      END IF;
    END IF;
  END IF;

  IF v_has_move THEN
    -- An expression, not a query: ledger_transfer answers with OUT parameters.
    v_moved := ledger_transfer(p->'move'->>'key', p->'move'->>'hash', p->'move'->>'kind', p->>'currency', p->'move'->'metadata', p->'move'->'legs');
    v_move_id := v_moved.o_id;
    v_replayed := v_moved.o_replayed;
    v_status := v_moved.o_status;
    v_balances := v_moved.o_balances;
    -- Not enough money, or a movement already under this key: the general path's. When jackpot
    -- shares were written above, failing undoes them.
    IF v_status <> 'ok' OR v_replayed THEN
      IF v_has_jackpot THEN
        RAISE EXCEPTION 'wallet_settle: the general path decides' USING ERRCODE = 'W0001';
      END IF;
      RETURN NULL;
    END IF;
    v_balance := (v_balances->>v_account::text)::bigint;
  ELSE
    SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.id = v_account;
  END IF;
  v_balance := coalesce(v_balance, 0);

  -- From here on the rest is written, or the statement fails whole.
  -- A real-money bet counts towards the wagering of the player's active bonus, here, under the
  -- locks the bet already holds (decision 015).
  IF v_endpoint = 'bet' AND v_wagering AND v_has_move THEN
    PERFORM bonus_wager(v_user, p->>'currency', p->>'game', v_amount);
  END IF;

  -- The stake, or the win's return, in the player's play per day (only players with a money limit).
  IF v_endpoint = 'bet' AND v_rg IS NOT NULL AND v_has_move THEN
    PERFORM rg_stake_record(v_user, p->>'currency', v_amount, now());
  ELSIF v_endpoint = 'win' AND v_guarded AND v_has_move THEN
    PERFORM rg_return(v_user, p->>'currency', v_amount, now());
  END IF;

  -- The outbox event, the recently played row and the journal row in one statement. A
  -- real-money session plays on main and bonus money together: the game is shown both, the
  -- bonus balance read here, after the movement, as before.
  WITH event AS (
    INSERT INTO outbox_events (type, user_id, payload)
      SELECT p->'event'->>'type', v_user, (p->'event'->'payload') || jsonb_build_object('transactionId', v_move_id, 'balanceAfter', v_balance::text)
      WHERE jsonb_typeof(p->'event') = 'object'
  ), played AS (
    -- Not rewritten when the game is already the player's latest, played under a minute ago: a
    -- spin after a spin would otherwise write a new row version and two index entries each.
    INSERT INTO played_games (user_id, game)
      SELECT v_user, p->>'game' WHERE (p->>'played')::boolean
        AND NOT EXISTS (
          SELECT 1 FROM (SELECT g.game, g.last_played_at FROM played_games g WHERE g.user_id = v_user ORDER BY g.last_played_at DESC LIMIT 1) latest
          WHERE latest.game = p->>'game' AND latest.last_played_at > now() - interval '1 minute')
      ON CONFLICT (user_id, game) DO UPDATE SET last_played_at = now()
  )
  INSERT INTO wallet_transactions (provider, transaction_uuid, kind, session_id, round_id, game, amount, currency, reference_transaction_uuid, content_hash, status, moved, answer)
    VALUES (v_provider, v_transaction, v_endpoint, (p->>'session')::integer, p->>'round', p->>'game', v_amount, p->>'currency', v_reference, p->>'hash', 'RS_OK', v_has_move,
            (p->'answer') || jsonb_build_object('balance', v_balance + coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.id = v_bonus_account), 0)))
    RETURNING answer INTO v_answer;
  RETURN jsonb_build_object('answer', v_answer, 'outbox', jsonb_typeof(p->'event') = 'object');
END
$$;
