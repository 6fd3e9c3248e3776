-- Ordinary bets and wins settled several to a statement (decision 032, docs/performance.md).
-- Under load the wallet hands the ordinary requests that arrive while its statements run to one
-- call of this function: each item is one wallet_settle, as before, in a block of its own, so an
-- item that fails (a bet whose jackpot shares were undone, W0001; a deadlock victim) is undone
-- alone and answered with its SQLSTATE, and the others commit together. The caller orders the
-- items by the player account they lock, so two batches take players' rows in the same order.
-- Answers one element per item, in the order given: {"settled": <wallet_settle's answer or
-- null>} or {"error": SQLSTATE, "message": text}.
CREATE FUNCTION wallet_settle_many(p jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_results jsonb[] := '{}';
BEGIN
  FOR v_item IN SELECT x FROM jsonb_array_elements(p) AS x LOOP
    BEGIN
      v_results := v_results || jsonb_build_object('settled', wallet_settle(v_item));
    EXCEPTION WHEN OTHERS THEN
      v_results := v_results || jsonb_build_object('error', SQLSTATE, 'message', SQLERRM);
    END;
  END LOOP;
  RETURN to_jsonb(v_results);
END
$$;
