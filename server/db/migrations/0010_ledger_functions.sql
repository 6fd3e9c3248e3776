-- A ledger movement in one round trip (decision 009). The caller resolves account ids (cached per
-- process) and the content hash; the function answers a replay, refuses a conflicting replay and
-- an overdraft without writing anything, otherwise writes the transaction, moves the player
-- balances under their row locks (taken in id order) and writes the postings. It answers the
-- balances of the player accounts after the movement. The deferred balance trigger and the
-- non-negative CHECK still guard whatever writes the tables.
CREATE OR REPLACE FUNCTION ledger_transfer(p_key text, p_hash text, p_kind text, p_currency text, p_metadata jsonb, p_legs jsonb)
RETURNS TABLE (o_id integer, o_replayed boolean, o_status text, o_balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_hash text;
  v_tracked integer[];
BEGIN
  -- p_legs: [{"a": account id, "m": "signed minor units", "p": true for a player account}]
  SELECT coalesce(array_agg(DISTINCT (leg->>'a')::integer ORDER BY (leg->>'a')::integer), '{}')
    INTO v_tracked FROM jsonb_array_elements(p_legs) AS leg WHERE (leg->>'p')::boolean;

  SELECT t.id, t.content_hash INTO v_id, v_hash FROM ledger_transactions t WHERE t.idempotency_key = p_key;
  IF v_id IS NULL THEN
    -- Player accounts locked in id order (no deadlocks), then nothing may go below zero.
    PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_tracked) ORDER BY a.id FOR UPDATE;
    IF EXISTS (
      SELECT 1 FROM ledger_accounts a
      JOIN (SELECT (leg->>'a')::integer AS account, sum((leg->>'m')::bigint) AS delta FROM jsonb_array_elements(p_legs) AS leg GROUP BY 1) d ON d.account = a.id
      WHERE a.id = ANY (v_tracked) AND a.balance + d.delta < 0
    ) THEN
      RETURN QUERY SELECT NULL::integer, false, 'insufficient'::text, NULL::jsonb;
      RETURN;
    END IF;
    INSERT INTO ledger_transactions (idempotency_key, content_hash, kind, metadata)
      VALUES (p_key, p_hash, p_kind, p_metadata)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO v_id;
    IF v_id IS NOT NULL THEN
      UPDATE ledger_accounts a SET balance = a.balance + d.delta
        FROM (SELECT (leg->>'a')::integer AS account, sum((leg->>'m')::bigint) AS delta FROM jsonb_array_elements(p_legs) AS leg GROUP BY 1) d
        WHERE a.id = d.account AND a.id = ANY (v_tracked) AND d.delta <> 0;
      INSERT INTO ledger_postings (transaction_id, account_id, amount, currency)
        SELECT v_id, (leg->>'a')::integer, (leg->>'m')::bigint, p_currency FROM jsonb_array_elements(p_legs) AS leg;
      RETURN QUERY SELECT v_id, false, 'ok'::text,
        (SELECT coalesce(jsonb_object_agg(a.id::text, a.balance::text), '{}'::jsonb) FROM ledger_accounts a WHERE a.id = ANY (v_tracked));
      RETURN;
    END IF;
    -- A concurrent movement with the same key committed first: answer as a replay.
    SELECT t.id, t.content_hash INTO v_id, v_hash FROM ledger_transactions t WHERE t.idempotency_key = p_key;
  END IF;
  IF v_hash <> p_hash THEN
    RETURN QUERY SELECT v_id, true, 'conflict'::text, NULL::jsonb;
    RETURN;
  END IF;
  RETURN QUERY SELECT v_id, true, 'ok'::text,
    (SELECT coalesce(jsonb_object_agg(a.id::text, a.balance::text), '{}'::jsonb) FROM ledger_accounts a WHERE a.id = ANY (v_tracked));
END
$$;
--> statement-breakpoint
-- The wallet's first step of a bet, win or rollback, in one round trip: its advisory locks (in the
-- order given: sorted by the caller, so no deadlock), then whatever it must know: an earlier
-- request with its id, whether a rollback of it came first, the bet it refers to (with that bet's
-- game session) and whether that bet was already reversed.
CREATE OR REPLACE FUNCTION wallet_lookup(p_locks jsonb, p_provider text, p_transaction text, p_reference text)
RETURNS TABLE (o_existing jsonb, o_rolled_back boolean, o_reference jsonb, o_reversed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_key text;
BEGIN
  FOR v_key IN SELECT jsonb_array_elements_text(p_locks) LOOP
    PERFORM pg_advisory_xact_lock(hashtext(v_key));
  END LOOP;
  RETURN QUERY SELECT
    (SELECT to_jsonb(w) FROM wallet_transactions w WHERE w.provider = p_provider AND w.transaction_uuid = p_transaction),
    EXISTS (SELECT 1 FROM wallet_transactions r WHERE r.provider = p_provider AND r.kind = 'rollback' AND r.reference_transaction_uuid = p_transaction),
    (SELECT to_jsonb(b) || jsonb_build_object('session', to_jsonb(s))
       FROM wallet_transactions b JOIN game_sessions s ON s.id = b.session_id
       WHERE p_reference IS NOT NULL AND b.provider = p_provider AND b.transaction_uuid = p_reference AND b.kind = 'bet'),
    EXISTS (SELECT 1 FROM wallet_transactions r
       WHERE p_reference IS NOT NULL AND r.provider = p_provider AND r.kind = 'rollback' AND r.reference_transaction_uuid = p_reference AND r.moved);
END
$$;
