-- The player's balance row is held for less (decision 029, docs/performance.md).
-- * wallet_settle writes a bet's jackpot shares (their contribution rows and the house movement)
--   before the player's movement instead of after it: the movement locks the player's balance row
--   until commit, and the player's next bet or win waits for that lock. Should the movement then
--   not happen (money short, or a movement already under the key), the statement fails with
--   SQLSTATE W0001 and the caller takes the general path, as when it answered null.
-- * ledger_transfer locks nothing for a movement between house accounts.
-- * A bet leaves the player's recently played row alone when that game is already the player's
--   latest and was played under a minute ago (the order of the list stays exact; its time may be
--   up to a minute old).
-- * Every movement's postings are checked to balance once per statement (a statement-level
--   trigger over the inserted rows) instead of once per posting at commit: a bet with its jackpot
--   share ran four such checks, each a query, at commit, with the player's row locked. The one
--   writer of postings (ledger_transfer) inserts a movement's postings in one statement; a writer
--   that split them over statements would now be refused, which is the stricter rule.

CREATE OR REPLACE FUNCTION ledger_check_balanced_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_transaction integer;
BEGIN
  SELECT n.transaction_id INTO v_transaction FROM ledger_new_postings n
    GROUP BY n.transaction_id, n.currency HAVING sum(n.amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', v_transaction;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER ledger_postings_balanced ON ledger_postings;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS ledger_new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_balanced_statement();
--> statement-breakpoint
DROP FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_transfer(p_key text, p_hash text, p_kind text, p_currency text, p_metadata jsonb, p_legs jsonb)
RETURNS TABLE (o_id integer, o_replayed boolean, o_status text, o_balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_hash text;
  v_short boolean;
  v_balances jsonb;
BEGIN
  -- p_legs: [{"a": account id, "m": "signed minor units", "p": true for a player account}]
  -- The player accounts locked in id order (no deadlocks), and whether one would go below zero.
  -- A movement between house accounts (a jackpot share) locks nothing: house balances are not kept.
  v_short := false;
  IF p_legs @> '[{"p": true}]' THEN
    SELECT coalesce(bool_or(l.balance + d.delta < 0), false) INTO v_short
      FROM (SELECT a.id, a.balance FROM ledger_accounts a
              WHERE a.id IN (SELECT (leg->>'a')::integer FROM jsonb_array_elements(p_legs) AS leg WHERE (leg->>'p')::boolean)
              ORDER BY a.id FOR UPDATE) l
      JOIN (SELECT (leg->>'a')::integer AS account, sum((leg->>'m')::bigint) AS delta FROM jsonb_array_elements(p_legs) AS leg GROUP BY 1) d
        ON d.account = l.id;
  END IF;
  IF NOT v_short THEN
    INSERT INTO ledger_transactions (idempotency_key, content_hash, kind, metadata)
      VALUES (p_key, p_hash, p_kind, p_metadata)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO v_id;
    IF v_id IS NOT NULL THEN
      WITH moved AS (
        UPDATE ledger_accounts a SET balance = a.balance + d.delta
          FROM (SELECT (leg->>'a')::integer AS account, sum((leg->>'m')::bigint) AS delta
                  FROM jsonb_array_elements(p_legs) AS leg WHERE (leg->>'p')::boolean GROUP BY 1) d
          WHERE a.id = d.account
          RETURNING a.id, a.balance
      ), posted AS (
        INSERT INTO ledger_postings (transaction_id, account_id, amount, currency)
          SELECT v_id, (leg->>'a')::integer, (leg->>'m')::bigint, p_currency FROM jsonb_array_elements(p_legs) AS leg
      )
      SELECT coalesce(jsonb_object_agg(m.id::text, m.balance::text), '{}'::jsonb) INTO v_balances FROM moved m;
      RETURN QUERY SELECT v_id, false, 'ok'::text, v_balances;
      RETURN;
    END IF;
  END IF;
  -- Short of money, or a movement under this key committed already (perhaps concurrently).
  SELECT t.id, t.content_hash INTO v_id, v_hash FROM ledger_transactions t WHERE t.idempotency_key = p_key;
  IF v_id IS NULL THEN
    RETURN QUERY SELECT NULL::integer, false, 'insufficient'::text, NULL::jsonb;
    RETURN;
  END IF;
  IF v_hash <> p_hash THEN
    RETURN QUERY SELECT v_id, true, 'conflict'::text, NULL::jsonb;
    RETURN;
  END IF;
  RETURN QUERY SELECT v_id, true, 'ok'::text,
    (SELECT coalesce(jsonb_object_agg(a.id::text, a.balance::text), '{}'::jsonb) FROM ledger_accounts a
      WHERE a.id IN (SELECT (leg->>'a')::integer FROM jsonb_array_elements(p_legs) AS leg WHERE (leg->>'p')::boolean));
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
  v_bonus bigint;
  v_pools integer;
  v_move_id integer;
  v_status text;
  v_replayed boolean;
  v_balances jsonb;
  v_balance bigint;
  v_answer jsonb;
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
    SELECT
      EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = v_provider AND w.transaction_uuid = v_transaction)
        OR b.transaction_uuid IS NULL OR b.session_id IS DISTINCT FROM (p->>'session')::integer OR b.round_id IS DISTINCT FROM p->>'round'
        OR b.status IS DISTINCT FROM 'RS_OK' OR b.bonus_amount IS DISTINCT FROM 0
        OR EXISTS (SELECT 1 FROM wallet_transactions r WHERE r.provider = v_provider AND r.kind = 'rollback' AND r.reference_transaction_uuid = v_reference AND r.moved)
        AS general
      INTO v_general
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


  IF v_has_move THEN
    SELECT o_id, o_replayed, o_status, o_balances INTO v_move_id, v_replayed, v_status, v_balances
      FROM ledger_transfer(p->'move'->>'key', p->'move'->>'hash', p->'move'->>'kind', p->>'currency', p->'move'->'metadata', p->'move'->'legs');
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
  ELSIF v_endpoint = 'win' AND v_bonus_account IS NOT NULL AND v_has_move THEN
    PERFORM rg_return(v_user, p->>'currency', v_amount, now());
  END IF;

  -- A real-money session plays on main and bonus money together: the game is shown both.
  IF v_bonus_account IS NOT NULL THEN
    SELECT a.balance INTO v_bonus FROM ledger_accounts a WHERE a.id = v_bonus_account;
  END IF;
  v_answer := (p->'answer') || jsonb_build_object('balance', v_balance + coalesce(v_bonus, 0));
  -- The outbox event, the recently played row and the journal row in one statement.
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
    VALUES (v_provider, v_transaction, v_endpoint, (p->>'session')::integer, p->>'round', p->>'game', v_amount, p->>'currency', v_reference, p->>'hash', 'RS_OK', v_has_move, v_answer);
  RETURN jsonb_build_object('answer', v_answer, 'outbox', jsonb_typeof(p->'event') = 'object');
END
$$;
