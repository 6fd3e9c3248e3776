import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { PLAY_ACCOUNTS } from '../ledger/index.ts';

/**
 * The fold: the ledger's new transactions added into the daily report rows (docs/reports.md,
 * "Rollups"). Incremental and idempotent: one database transaction adds the deltas of the
 * ledger transactions after the watermark and moves the watermark, so a fold that fails adds
 * nothing and a fold run twice adds each movement once. The definitions are the reports' own
 * (GGR from the players' real-money postings against the play accounts, bonus cost from
 * `bonus_funding` outside rounds ...), as `ledger.reports.playerFigures` computes them per player.
 */

export const FOLD_STATE = 'ledger';

/** How long the per-minute rows are kept (the dashboard shows the last hour; a day's margin for a late fold). */
const MINUTES_KEPT_HOURS = 48;

/** The ledger's play accounts as an SQL list: `owner_id in ${playAccounts}`. */
const playAccounts = sql`(${sql.join(PLAY_ACCOUNTS.map((account) => sql`${account}`), sql`, `)})`;

export type FoldOptions = {
  /**
   * The fallback of the fold's horizon (below): a ledger id read this long ago is taken as settled
   * even while some transaction older than that is still open (a backup, a long report query in
   * the same database), since no money transaction stays open for anything like this long.
   */
  settleMs?: number;
  /** At most this many ledger transactions per fold; the job folds again at its next run. */
  batch?: number;
};

/** The state row holding the horizon the last fold read (the sequence's last value, and when). */
export const FOLD_HORIZON = 'ledger.horizon';

/**
 * The highest ledger id the fold may read to (docs/decisions/044-fold-horizon-from-open-transactions.md).
 * A ledger transaction's id is taken when it is written and becomes visible when it commits,
 * milliseconds later, so a later id can be seen before an earlier one: folding to the highest
 * visible id could pass over one still being written, and it would never be folded.
 *
 * A horizon is the id sequence's last value L read at a time X: every id up to L was taken by a
 * transaction that had started before X. Once no transaction that started at or before X is still
 * open (pg_stat_activity's xact_start, this database, other sessions), each of them has committed
 * (its ids are visible now) or rolled back (its ids never will be): every id up to L is settled.
 * Only sessions of the same role that have written (an xid) or are running a statement (a
 * snapshot: taking an id and inserting its row is one statement) can hold an unwritten id; a
 * session idle in a transaction that has written nothing cannot. A long transaction of the app's
 * role (a long report query, a backup under that role) holds the horizon back: then a horizon
 * older than `settleMs` is taken as settled (the old rule, no money transaction lasts that long). Two horizons
 * are tried: the one the last fold recorded and one read now (settled at once when no other
 * session has a transaction open: always on the embedded database). The one read now is recorded
 * for the next fold once the recorded one has settled (an unsettled one is kept, so it ages toward
 * the fallback), so with a fold every second the figures are a second or two behind the ledger.
 */
async function settledHorizon(tx: Tx, settleMs: number): Promise<number> {
  const [previous] = await queryRows<{ last: number; at: string }>(
    tx,
    sql`select folded_through as last, folded_at::text as at from report_fold_state where name = ${FOLD_HORIZON}`,
  );
  // L first, then X: every id up to L was taken before X was read.
  const [sequence] = await queryRows<{ last: number | null }>(
    tx,
    sql`select pg_sequence_last_value(pg_get_serial_sequence('ledger_transactions', 'id')::regclass)::int as last`,
  );
  const [clock] = await queryRows<{ at: string }>(tx, sql`select clock_timestamp()::text as at`);
  const fresh = { last: Number(sequence?.last ?? 0), at: clock!.at };
  const isSettled = async (horizon: { at: string }) => {
    const [check] = await queryRows<{ settled: boolean }>(
      tx,
      sql`select ${horizon.at}::timestamptz <= clock_timestamp() - make_interval(secs => ${settleMs / 1000}::double precision)
             or not exists (select 1 from pg_stat_activity a, pg_stat_activity self
                            where self.pid = pg_backend_pid() and a.datid = self.datid and a.usesysid = self.usesysid and a.pid <> self.pid
                              and a.xact_start <= ${horizon.at}::timestamptz
                              and (a.backend_xid is not null or a.backend_xmin is not null)) as settled`,
    );
    return check?.settled === true;
  };
  const freshSettled = await isSettled(fresh);
  const previousSettled = previous ? freshSettled || (await isSettled(previous)) : true;
  let settled = freshSettled ? fresh.last : 0;
  if (previous && previousSettled) settled = Math.max(settled, Number(previous.last));
  // A horizon not settled yet is kept until it is (it ages toward the fallback); a settled one
  // gives way to the one read now.
  if (previousSettled) {
    await tx.execute(sql`insert into report_fold_state (name, folded_through, folded_at) values (${FOLD_HORIZON}, ${fresh.last}, ${fresh.at}::timestamptz)
      on conflict (name) do update set folded_through = excluded.folded_through, folded_at = excluded.folded_at`);
  }
  return settled;
}

/**
 * Which movements a reading takes: the postings it reads (each with its account), and the
 * movements. The fold takes a range of transaction ids; the split by affiliate (figures.ts) the
 * movements of the attributed players in a period.
 */
export type MovementScope = { postings: SQL; transactions: SQL };

/**
 * The ledger's movements with real players, one row per movement, player and currency, with what
 * the report's definitions need (docs/reports.md): the CTEs `postings`, `player_moves`, `moves`,
 * `house`, `rows` and `first_deposit`. One text for the fold and for the figures read on demand, so
 * the two can never define GGR differently. `moves` may read `player_moves`.
 */
export function movementRows(scope: MovementScope): SQL {
  return sql`
    postings as materialized (
      -- The movements' postings read once, by transaction, each with its account: never an
      -- account's whole history (a house account holds half the ledger's postings).
      select p.transaction_id as id, p.amount, p.currency, a.owner_type, a.owner_id, a.kind
      from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where ${scope.postings}
    ),
    player_moves as (
      select id, owner_id::int as user_id, currency,
             sum(amount) filter (where kind in ('main', 'bonus', 'betting_bonus')) as real_amount,
             sum(amount) filter (where kind = 'main') as main_amount,
             bool_or(kind = 'withdrawal_hold') as holds
      from postings where owner_type = 'player'
      group by id, owner_id, currency
    ),
    moves as (
      select t.id, t.kind, (t.created_at at time zone 'UTC')::date as day, date_trunc('minute', t.created_at) as minute,
             coalesce(t.metadata->>'provider', '') as provider, coalesce(t.metadata->>'game', '') as game
      from ledger_transactions t where ${scope.transactions}
    ),
    house as (
      select id,
             bool_or(owner_id in ${playAccounts}) as play,
             sum(amount) filter (where owner_id = 'bonus_funding') as funding,
             sum(amount) filter (where owner_id = 'payout_clearing') as payout
      from postings where owner_type = 'house'
      group by id
    ),
    rows as (
      select m.day, m.minute, pm.currency, coalesce(u.country_code, '') as country, pm.user_id, m.kind, m.id,
             case when h.play then m.provider else '' end as provider,
             case when h.play then m.game else '' end as game,
             coalesce(h.play, false) as play, pm.real_amount, pm.main_amount, h.funding, h.payout, pm.holds
      from moves m
      join player_moves pm on pm.id = m.id
      join users u on u.id = pm.user_id and not u.is_test_account
      left join house h on h.id = m.id
    ),
    first_deposit as (
      -- A deposit is a first one when the player's main account had no earlier deposit movement.
      select r.id from rows r
      where r.kind = 'deposit' and not exists (
        select 1 from ledger_accounts a
        join ledger_postings p on p.account_id = a.id and p.transaction_id < r.id
        join ledger_transactions t on t.id = p.transaction_id and t.kind = 'deposit'
        where a.owner_type = 'player' and a.owner_id = r.user_id::text and a.kind = 'main')
    )`;
}

/** The money figures of a group of `rows` (report_days' columns, in its order). */
export const FIGURE_COLUMNS = sql`
      coalesce(-sum(real_amount) filter (where play and real_amount < 0), 0) as stakes,
      coalesce(sum(real_amount) filter (where play and real_amount > 0 and kind <> 'game_rollback'), 0) as wins,
      coalesce(sum(real_amount) filter (where play and real_amount > 0 and kind = 'game_rollback'), 0) as refunds,
      -- a bonus_funding leg inside a round (a win on a bonus that has ended) is the house's own: no cost
      coalesce(-sum(funding) filter (where not play and kind <> 'cashback'), 0) as bonus_cost,
      coalesce(-sum(funding) filter (where kind = 'cashback'), 0) as cashback,
      coalesce(sum(main_amount) filter (where kind = 'deposit'), 0) as deposits,
      (count(*) filter (where kind = 'deposit'))::int as deposit_count,
      (count(*) filter (where id in (select id from first_deposit)))::int as first_deposits,
      coalesce(sum(payout) filter (where holds and payout is not null), 0) as withdrawals,
      (count(*) filter (where holds and payout is not null))::int as withdrawal_count`;

/** Folds the next range of ledger transactions; answers how many it folded and the new watermark. */
export async function foldLedger(tx: Tx, options: FoldOptions = {}): Promise<{ folded: number; through: number }> {
  const settleMs = options.settleMs ?? 60_000;
  const batch = options.batch ?? 50_000;
  await tx.execute(sql`insert into report_fold_state (name) values (${FOLD_STATE}) on conflict (name) do nothing`);
  // The state row's lock keeps two folds (two processes, or the rebuild command) from adding the same range.
  const [state] = await queryRows<{ through: number }>(tx, sql`select folded_through as through from report_fold_state where name = ${FOLD_STATE} for update`);
  const from = Number(state?.through ?? 0);
  const horizon = await settledHorizon(tx, settleMs);
  const [range] = await queryRows<{ through: number | null; count: number }>(
    tx,
    sql`select max(id)::int as through, count(*)::int as count
        from (select id from ledger_transactions where id > ${from} and id <= ${horizon} order by id limit ${batch}) next`,
  );
  const through = range?.through ?? null;
  if (through === null) return { folded: 0, through: from };

  // The statement below is costed high (a subquery per deposit), which made PostgreSQL compile it
  // to machine code (JIT) on every fold: 5 of a 50,000-movement fold's 9 seconds, for a statement
  // that runs once (docs/performance.md, "Reports at size"). Off for this transaction only.
  await tx.execute(sql`set local jit = off`);

  await tx.execute(sql`
    with ${movementRows({
      postings: sql`p.transaction_id > ${from} and p.transaction_id <= ${through}`,
      transactions: sql`t.id > ${from} and t.id <= ${through}`,
    })},
    active as (
      insert into report_active_players (day, currency, user_id, country)
      select distinct day, currency, user_id, country from rows where play and real_amount is not null
      on conflict do nothing
      returning day, currency, user_id, country
    ),
    counted as (
      -- The players new to a day, week or month (report_active_counts): a player-day just added
      -- counts in its week or month unless the player already had a day there (this statement's
      -- subqueries see the rows as they were before it), in the country of their first new day.
      insert into report_active_counts (period, start, currency, country, players)
      select k.period, k.start, k.currency, k.country, count(*)::int
      from (
        select distinct on (p.period, date_trunc(p.period, n.day::timestamp)::date, n.currency, n.user_id)
               p.period, date_trunc(p.period, n.day::timestamp)::date as start, n.currency, n.user_id, n.country
        from active n, (values ('day'), ('week'), ('month')) as p(period)
        order by p.period, date_trunc(p.period, n.day::timestamp)::date, n.currency, n.user_id, n.day
      ) k
      where k.period = 'day' or not exists (
        select 1 from report_active_players e
        where e.user_id = k.user_id and e.currency = k.currency
          and e.day >= k.start and e.day < (k.start + case k.period when 'week' then interval '7 days' else interval '1 month' end)::date)
      group by 1, 2, 3, 4
      on conflict (period, start, currency, country) do update set players = report_active_counts.players + excluded.players
    ),
    minutes as (
      -- The live dashboard's last hour (live-dashboard.ts): the same figures, per minute.
      insert into report_minutes (minute, currency, bets, stakes, wins, refunds, deposits, withdrawals)
      select minute, currency,
        (count(*) filter (where play and real_amount < 0))::int,
        coalesce(-sum(real_amount) filter (where play and real_amount < 0), 0),
        coalesce(sum(real_amount) filter (where play and real_amount > 0 and kind <> 'game_rollback'), 0),
        coalesce(sum(real_amount) filter (where play and real_amount > 0 and kind = 'game_rollback'), 0),
        coalesce(sum(main_amount) filter (where kind = 'deposit'), 0),
        coalesce(sum(payout) filter (where holds and payout is not null), 0)
      from rows where minute >= now() - make_interval(hours => ${MINUTES_KEPT_HOURS})
      group by minute, currency
      on conflict (minute, currency) do update set
        bets = report_minutes.bets + excluded.bets,
        stakes = report_minutes.stakes + excluded.stakes,
        wins = report_minutes.wins + excluded.wins,
        refunds = report_minutes.refunds + excluded.refunds,
        deposits = report_minutes.deposits + excluded.deposits,
        withdrawals = report_minutes.withdrawals + excluded.withdrawals
    )
    insert into report_days (day, currency, country, provider, game, stakes, wins, refunds, bonus_cost, cashback,
                             deposits, deposit_count, first_deposits, withdrawals, withdrawal_count)
    select day, currency, country, provider, game, ${FIGURE_COLUMNS}
    from rows
    group by day, currency, country, provider, game
    on conflict (day, currency, country, provider, game) do update set
      stakes = report_days.stakes + excluded.stakes,
      wins = report_days.wins + excluded.wins,
      refunds = report_days.refunds + excluded.refunds,
      bonus_cost = report_days.bonus_cost + excluded.bonus_cost,
      cashback = report_days.cashback + excluded.cashback,
      deposits = report_days.deposits + excluded.deposits,
      deposit_count = report_days.deposit_count + excluded.deposit_count,
      first_deposits = report_days.first_deposits + excluded.first_deposits,
      withdrawals = report_days.withdrawals + excluded.withdrawals,
      withdrawal_count = report_days.withdrawal_count + excluded.withdrawal_count`);
  await tx.execute(sql`delete from report_minutes where minute < now() - make_interval(hours => ${MINUTES_KEPT_HOURS})`);
  await tx.execute(sql`update report_fold_state set folded_through = ${through}, folded_at = now() where name = ${FOLD_STATE}`);
  return { folded: Number(range?.count ?? 0), through };
}

/**
 * Empties the rows and folds the whole ledger again, in batches, each in its own transaction
 * (the state row's lock keeps the scheduled fold out meanwhile only per batch: a fold between two
 * batches simply folds the next batch itself). For a changed test-account mark or a fix to the
 * fold's definitions.
 */
export async function rebuildReports(db: Db, options: Omit<FoldOptions, 'settleMs'> & { settleMs?: number } = {}): Promise<{ folded: number; through: number }> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into report_fold_state (name) values (${FOLD_STATE}) on conflict (name) do nothing`);
    await tx.execute(sql`select 1 from report_fold_state where name = ${FOLD_STATE} for update`);
    await tx.execute(sql`delete from report_days`);
    await tx.execute(sql`delete from report_active_players`);
    await tx.execute(sql`delete from report_active_counts`);
    await tx.execute(sql`delete from report_minutes`);
    await tx.execute(sql`update report_fold_state set folded_through = 0, folded_at = now() where name = ${FOLD_STATE}`);
  });
  let total = 0;
  for (;;) {
    const step = await db.transaction((tx) => foldLedger(tx, options));
    total += step.folded;
    if (step.folded > 0) continue;
    // Nothing folded: the end of the ledger, or a horizon not settled yet (another session's
    // transaction open; at worst until the settling fallback): then wait for it and go on.
    const [left] = await queryRows<{ more: boolean }>(db, sql`select exists (select 1 from ledger_transactions where id > ${step.through}) as more`);
    if (!left?.more) return { folded: total, through: step.through };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
