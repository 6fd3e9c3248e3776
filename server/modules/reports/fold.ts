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
   * Transactions younger than this are left for the next fold. A ledger transaction's id is
   * taken when it is written, its commit comes milliseconds later: a later id can become visible
   * before an earlier one. Waiting this long before reading an id range means every id in it has
   * committed (no money transaction stays open for anything like a minute).
   */
  settleMs?: number;
  /** At most this many ledger transactions per fold; the job folds again at its next run. */
  batch?: number;
};

/**
 * Which movements a reading takes: the player postings it starts from, the movements, and the
 * house postings beside them. The fold takes a range of transaction ids; the split by affiliate
 * (report.ts) takes the attributed players' postings of a period.
 */
export type MovementScope = { playerPostings: SQL; transactions: SQL; housePostings: SQL };

/**
 * The ledger's movements with real players, one row per movement, player and currency, with what
 * the report's definitions need (docs/reports.md): the CTEs `player_moves`, `moves`, `house`,
 * `rows` and `first_deposit`. One text for the fold and for the figures read on demand, so the
 * two can never define GGR differently. `house` and `moves` may read `player_moves`.
 */
export function movementRows(scope: MovementScope): SQL {
  return sql`
    player_moves as (
      select p.transaction_id as id, a.owner_id::int as user_id, p.currency,
             sum(p.amount) filter (where a.kind in ('main', 'bonus', 'betting_bonus')) as real_amount,
             sum(p.amount) filter (where a.kind = 'main') as main_amount,
             bool_or(a.kind = 'withdrawal_hold') as holds
      from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where a.owner_type = 'player' and ${scope.playerPostings}
      group by p.transaction_id, a.owner_id, p.currency
    ),
    moves as (
      select t.id, t.kind, (t.created_at at time zone 'UTC')::date as day, date_trunc('minute', t.created_at) as minute,
             coalesce(t.metadata->>'provider', '') as provider, coalesce(t.metadata->>'game', '') as game
      from ledger_transactions t where ${scope.transactions}
    ),
    house as (
      select p.transaction_id as id,
             bool_or(a.owner_id in ${playAccounts}) as play,
             sum(p.amount) filter (where a.owner_id = 'bonus_funding') as funding,
             sum(p.amount) filter (where a.owner_id = 'payout_clearing') as payout
      from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where a.owner_type = 'house' and ${scope.housePostings}
      group by p.transaction_id
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
  const [range] = await queryRows<{ through: number | null; count: number }>(
    tx,
    sql`with next as (
          select id, created_at from ledger_transactions where id > ${from} order by id limit ${batch}
        ),
        first_young as (select min(id) as id from next where created_at >= now() - make_interval(secs => ${settleMs / 1000}::double precision))
        select max(n.id)::int as through, count(*)::int as count
        from next n, first_young f where f.id is null or n.id < f.id`,
  );
  const through = range?.through ?? null;
  if (through === null) return { folded: 0, through: from };

  await tx.execute(sql`
    with ${movementRows({
      playerPostings: sql`p.transaction_id > ${from} and p.transaction_id <= ${through}`,
      transactions: sql`t.id > ${from} and t.id <= ${through}`,
      housePostings: sql`p.transaction_id > ${from} and p.transaction_id <= ${through}`,
    })},
    active as (
      insert into report_active_players (day, currency, user_id, country)
      select distinct day, currency, user_id, country from rows where play and real_amount is not null
      on conflict do nothing
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
    await tx.execute(sql`delete from report_minutes`);
    await tx.execute(sql`update report_fold_state set folded_through = 0, folded_at = now() where name = ${FOLD_STATE}`);
  });
  let total = 0;
  for (;;) {
    const step = await db.transaction((tx) => foldLedger(tx, options));
    total += step.folded;
    if (step.folded === 0) return { folded: total, through: step.through };
  }
}
