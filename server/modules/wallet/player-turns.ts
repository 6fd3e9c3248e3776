/**
 * At most `limit` calls per key at a time in this process; the others wait here, in arrival
 * order, for a turn. The wallet keys its money calls by player: one player's bets and wins all
 * queue on the player's balance row in the database anyway, and sixteen of them waiting there
 * held sixteen connections asleep on a row lock, each woken in turn to re-read the row. Waiting
 * here costs a promise. Two at a time keep the database busy: while one holds the row until its
 * commit, the next does what comes before the row (its checks, its jackpot shares).
 */
export function createTurns(limit: number) {
  const byKey = new Map<string, { active: number; waiting: Array<() => void> }>();
  return async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    let state = byKey.get(key);
    if (!state) {
      state = { active: 0, waiting: [] };
      byKey.set(key, state);
    }
    const mine = state;
    if (mine.active >= limit) await new Promise<void>((resolve) => mine.waiting.push(resolve));
    else mine.active++;
    try {
      return await work();
    } finally {
      // The turn passes to the next in line, or the slot is freed.
      const next = mine.waiting.shift();
      if (next) next();
      else if (--mine.active === 0) byKey.delete(key);
    }
  };
}
