import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LOCALES, type LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { PlayerTournamentView, TournamentPrize, TournamentPrizeKind, TournamentRow, TournamentScoring, TournamentStatus, TournamentView } from '../../../contract/tournaments.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { writeOutboxEvent, type OutboxEvent } from '../../platform/events/outbox.ts';
import type { EventHandler, ScheduledJob } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { games, tournamentPlayers, tournaments, tournamentScores, users, walletTransactions } from '../../db/schema.ts';
import type { Ledger } from '../ledger/index.ts';
import type { PublicNames } from '../accounts/index.ts';
import type { GrantInput } from '../promotions/index.ts';
import { tournamentText } from './texts.ts';

/** How many ranks a tournament's leaderboard shows. */
export const LEADERBOARD_SIZE = 10;

type TournamentRowDb = typeof tournaments.$inferSelect;
/** A rank range's prize: money by default; bonus money must be wagered `wagering` times within `days` of its activation. */
type Prize = { from: number; to: number; amount: bigint; kind: TournamentPrizeKind; wagering: number; days: number };
/** A bonus prize's validity once activated, unless the tournament says otherwise. */
export const BONUS_PRIZE_DAYS = 30;

export type TournamentsDeps = {
  db: Db;
  ledger: Ledger;
  logger: Logger;
  publicNames: PublicNames;
  /** Grants bonus money (the promotions module's grant), for bonus prizes; idempotent by `source`. */
  grantBonus?: (tx: Tx, input: GrantInput) => Promise<unknown>;
  /** Tells open pages that a leaderboard moved (the live channel's public topic); optional in tests. */
  announce?: (message: { type: 'tournament'; data: { id: number; sysname: string } }) => Promise<unknown>;
  /** Called after a commit that wrote outbox rows (the runner delivers them at once). */
  outboxCommitted?: () => void;
  now?: () => Date;
};

export type TournamentQuery = { ids?: number[]; sysname?: string; status: TournamentStatus | 'all'; offset: number; count: number };

/** The largest id a tournament can have (an integer column). */
const MAX_ID = 2_147_483_647;

const statusOf = (row: Pick<TournamentRowDb, 'startsAt' | 'endsAt' | 'finishedAt'>, now: Date): TournamentStatus =>
  row.finishedAt || row.endsAt <= now ? 'finished' : row.startsAt > now ? 'upcoming' : 'active';

type StoredPrize = { from: number; to: number; amount: string; kind?: TournamentPrizeKind; wagering?: number; days?: number };
function prizesOf(row: Pick<TournamentRowDb, 'prizes'>): Prize[] {
  const raw = Array.isArray(row.prizes) ? (row.prizes as StoredPrize[]) : [];
  return raw.map((prize) => ({
    from: prize.from,
    to: prize.to,
    amount: BigInt(prize.amount),
    kind: prize.kind ?? 'money',
    wagering: prize.wagering ?? 0,
    days: prize.days ?? BONUS_PRIZE_DAYS,
  }));
}
const prizeRange = (prizes: Prize[], rank: number) => prizes.find((prize) => rank >= prize.from && rank <= prize.to);
const prizeFor = (prizes: Prize[], rank: number) => prizeRange(prizes, rank)?.amount ?? 0n;
/** How a rank's prize is paid, when it has one. */
const prizeKindFor = (prizes: Prize[], rank: number | null, amount: bigint | null): TournamentPrizeKind | null =>
  rank !== null && amount ? (prizeRange(prizes, rank)?.kind ?? 'money') : null;

/** A round's points: minor units for total_win and wagered, hundredths of a multiplier for biggest_multiplier. */
function pointsLabel(scoring: TournamentScoring, points: bigint, currency: CurrencyCode): string {
  if (scoring === 'biggest_multiplier') return `x${(Number(points) / 100).toFixed(2)}`;
  return formatMinor(points, currency);
}

type Standing = { userId: number; points: bigint; rank: number };

export function createTournaments(deps: TournamentsDeps) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const localized = (value: unknown, locale: LocaleCode) => {
    const texts = (value ?? {}) as Record<string, string | undefined>;
    return texts[locale] ?? texts.en ?? '';
  };
  /** A bonus prize's title in each language: "Winter Cup: prize for rank 1". */
  const prizeTitles = (row: TournamentRowDb, rank: number) =>
    Object.fromEntries(LOCALES.map((locale) => [locale, tournamentText(locale, 'prizeTitle').replace('{name}', localized(row.names, locale) || row.sysname).replace('{rank}', String(rank))]));

  // --- reading ------------------------------------------------------------------------------------

  async function engineGames(): Promise<string[]> {
    const rows = await db.select({ sysname: games.sysname }).from(games).where(sql`${games.engine} is not null and ${games.isActive}`);
    return rows.map((row) => row.sysname);
  }

  /**
   * Every scoring player of a tournament in rank order, from its score rows: the sum of their
   * points (or the best, for biggest_multiplier), then whoever got there first (the event time of
   * the score that brought them there), then the player id. Computed, not stored: scoring only
   * appends rows, so the job runner's batches never wait on one another for a player's total.
   */
  async function standings(db_: Db | Tx, row: Pick<TournamentRowDb, 'id' | 'scoring'>, limit?: number): Promise<Standing[]> {
    const best = row.scoring === 'biggest_multiplier';
    const rows = await queryRows<{ user_id: number; points: string }>(
      db_,
      sql`
      select totals.user_id, totals.total::text as points from (
        select user_id,
          ${best ? sql`max(points)` : sql`sum(points)`} as total,
          ${best ? sql`(array_agg(created_at order by points desc, created_at))[1]` : sql`max(created_at)`} as reached_at
        from ${tournamentScores} where tournament_id = ${row.id} group by user_id
      ) totals
      -- By the number, not its text ('500' sorts after '1000').
      order by totals.total desc, totals.reached_at, totals.user_id
      ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
    );
    return rows.map((entry, index) => ({ userId: Number(entry.user_id), points: BigInt(entry.points), rank: index + 1 }));
  }

  /** The first `size` ranks with who holds them, their points as shown and the prize of the rank (the one paid, once finished). */
  async function boardOf(row: TournamentRowDb, size: number): Promise<Array<Omit<TournamentRow, 'name'> & { userId: number }>> {
    const board = await standings(db, row, size);
    const frozen =
      row.finishedAt && board.length
        ? await db.select({ userId: tournamentPlayers.userId, prize: tournamentPlayers.prize }).from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, row.id), inArray(tournamentPlayers.userId, board.map((entry) => entry.userId))))
        : [];
    const paid = new Map(frozen.map((entry) => [entry.userId, entry.prize]));
    const prizes = prizesOf(row);
    const currency = row.currency as CurrencyCode;
    return board.map((entry) => {
      const prize = row.finishedAt ? (paid.get(entry.userId) ?? null) : prizeFor(prizes, entry.rank);
      return {
        userId: entry.userId,
        rank: entry.rank,
        points: pointsLabel(row.scoring, entry.points, currency),
        prize: prize ? formatMinor(prize, currency) : null,
        prize_kind: prizeKindFor(prizes, entry.rank, prize),
      };
    });
  }

  async function leaderboardOf(row: TournamentRowDb, size: number): Promise<TournamentRow[]> {
    const board = await boardOf(row, size);
    const names = await deps.publicNames(board.map((entry) => entry.userId));
    return board.map(({ userId, ...entry }) => ({ ...entry, name: names.get(userId) ?? '***' }));
  }

  /** The back office's leaderboard: the first `size` ranks with the players' ids (the site shows masked names). Unknown: empty. */
  async function operatorBoard(id: number, size: number) {
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    return row ? boardOf(row, size) : [];
  }

  /** A player's place: the rank frozen when the tournament finished, else where the standings put them. */
  async function userInfo(row: TournamentRowDb, userId: number): Promise<TournamentView['user_info']> {
    const [me] = await db.select().from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, row.id), eq(tournamentPlayers.userId, userId)));
    if (!me) return null;
    const currency = row.currency as CurrencyCode;
    const mine = (await standings(db, row)).find((entry) => entry.userId === userId);
    const rank = me.rank ?? mine?.rank ?? null;
    const prizes = prizesOf(row);
    const prize = row.finishedAt ? me.prize : rank !== null ? prizeFor(prizes, rank) : null;
    return {
      joined: true,
      rank,
      points: pointsLabel(row.scoring, mine?.points ?? 0n, currency),
      prize: prize ? formatMinor(prize, currency) : null,
      prize_kind: prizeKindFor(prizes, rank, prize),
    };
  }

  async function view(row: TournamentRowDb, viewer: number | null, locale: LocaleCode, engine: () => Promise<string[]>): Promise<TournamentView> {
    const currency = row.currency as CurrencyCode;
    const prizes = prizesOf(row);
    const [participants] = await db.select({ n: count() }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, row.id));
    const eligible = row.games ?? (await engine());
    return {
      id: row.id,
      sysname: row.sysname,
      name: localized(row.names, locale) || row.sysname,
      description: localized(row.descriptions, locale),
      image_url: row.imageUrl,
      status: statusOf(row, now()),
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      currency,
      scoring: row.scoring,
      min_bet: formatMinor(row.minBet, currency),
      buy_in: formatMinor(row.buyIn, currency),
      prizes: prizes.map(
        (prize): TournamentPrize => ({ from: prize.from, to: prize.to, amount: formatMinor(prize.amount, currency), kind: prize.kind, ...(prize.kind === 'bonus' ? { wagering: prize.wagering } : {}) }),
      ),
      total_prize: formatMinor(
        prizes.reduce((sum, prize) => sum + prize.amount * BigInt(prize.to - prize.from + 1), 0n),
        currency,
      ),
      games: eligible,
      all_games: row.games === null,
      games_count: eligible.length,
      total_participants: Number(participants.n),
      leaderboard: await leaderboardOf(row, LEADERBOARD_SIZE),
      user_info: viewer === null ? null : await userInfo(row, viewer),
    };
  }

  /** Tournaments, soonest ending first among the running ones, then upcoming, then the latest finished. */
  async function list(query: TournamentQuery, viewer: number | null, locale: LocaleCode): Promise<{ items: TournamentView[]; total: number }> {
    const at = now();
    const conditions = [
      query.ids?.length ? inArray(tournaments.id, query.ids) : undefined,
      query.sysname ? eq(tournaments.sysname, query.sysname) : undefined,
      query.status === 'active' ? and(isNull(tournaments.finishedAt), sql`${tournaments.startsAt} <= ${at} and ${tournaments.endsAt} > ${at}`) : undefined,
      query.status === 'upcoming' ? and(isNull(tournaments.finishedAt), sql`${tournaments.startsAt} > ${at}`) : undefined,
      query.status === 'finished' ? sql`(${tournaments.finishedAt} is not null or ${tournaments.endsAt} <= ${at})` : undefined,
    ].filter((condition) => condition !== undefined);
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(tournaments)
        .where(where)
        .orderBy(sql`case when ${tournaments.finishedAt} is null and ${tournaments.endsAt} > ${at} then 0 else 1 end`, sql`case when ${tournaments.finishedAt} is null and ${tournaments.endsAt} > ${at} then ${tournaments.endsAt} end asc`, desc(tournaments.endsAt), asc(tournaments.id))
        .limit(query.count)
        .offset(query.offset),
      db.select({ n: count() }).from(tournaments).where(where),
    ]);
    let engine: Promise<string[]> | null = null;
    const engineOnce = () => (engine ??= engineGames());
    const items = [];
    for (const row of rows) items.push(await view(row, viewer, locale, engineOnce));
    return { items, total: Number(total.n) };
  }

  /** The tournaments a player joined, newest first, with their place (the back office's player page). */
  async function playerTournaments(userId: number, page: { offset: number; count: number }, locale: LocaleCode): Promise<{ items: PlayerTournamentView[]; total: number }> {
    const joined = eq(tournamentPlayers.userId, userId);
    const [rows, [total]] = await Promise.all([
      db
        .select({ tournament: tournaments, joinedAt: tournamentPlayers.joinedAt })
        .from(tournamentPlayers)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
        .where(joined)
        .orderBy(desc(tournamentPlayers.joinedAt), desc(tournaments.id))
        .limit(page.count)
        .offset(page.offset),
      db.select({ n: count() }).from(tournamentPlayers).where(joined),
    ]);
    const items: PlayerTournamentView[] = [];
    for (const { tournament, joinedAt } of rows) {
      const place = await userInfo(tournament, userId);
      items.push({
        id: tournament.id,
        sysname: tournament.sysname,
        name: localized(tournament.names, locale) || tournament.sysname,
        status: statusOf(tournament, now()),
        currency: tournament.currency as CurrencyCode,
        starts_at: tournament.startsAt.toISOString(),
        ends_at: tournament.endsAt.toISOString(),
        joined_at: joinedAt.toISOString(),
        rank: place?.rank ?? null,
        points: place?.points ?? pointsLabel(tournament.scoring, 0n, tournament.currency as CurrencyCode),
        prize: place?.prize ?? null,
        prize_kind: place?.prize_kind ?? null,
      });
    }
    return { items, total: Number(total.n) };
  }

  async function find(query: { id?: number; sysname?: string }, locale: LocaleCode): Promise<TournamentRowDb> {
    // An id no row can have (games/get passes any digits as an id) is unknown, not a query the
    // database refuses for overflowing its integer column.
    const possible = query.id === undefined || (Number.isSafeInteger(query.id) && query.id >= 1 && query.id <= MAX_ID);
    const [row] = possible
      ? await db
          .select()
          .from(tournaments)
          .where(query.id !== undefined ? eq(tournaments.id, query.id) : eq(tournaments.sysname, query.sysname ?? ''))
      : [];
    if (!row) throw new AppError('InvalidParameterException', 'No such tournament', { fields: { tournament_id: tournamentText(locale, 'unknown') }, status: 404 });
    return row;
  }

  /**
   * A tournament's eligible games, for games/get `{id, type: 'tournament'}`: its sysnames, or
   * null when every in-house game (one the platform's engines play) counts. Unknown: 404.
   */
  async function eligibleGames(query: { id?: number; sysname?: string }, locale: LocaleCode): Promise<string[] | null> {
    return (await find(query, locale)).games;
  }

  // --- joining -----------------------------------------------------------------------------------

  /**
   * Joins a running or upcoming tournament, once: a second call changes nothing and charges
   * nothing. A buy-in moves from the player's main balance to the house through the ledger, under
   * a key per tournament and player, in the same transaction as the entry.
   */
  async function participate(userId: number, query: { id?: number; sysname?: string }, locale: LocaleCode): Promise<TournamentView> {
    const found = await find(query, locale);
    let wroteOutbox = false;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, found.id)).for('share');
      if (statusOf(row, now()) === 'finished') {
        throw new AppError('InvalidParameterException', 'The tournament is over', { fields: { tournament_id: tournamentText(locale, 'finished') } });
      }
      const [player] = await tx.select({ currency: users.currency, status: users.status }).from(users).where(eq(users.id, userId));
      if (!player || player.status !== 'active') throw new AppError('AccessDeniedException', 'The player may not join tournaments', { status: 403 });
      if (player.currency !== row.currency) {
        throw new AppError('InvalidParameterException', `The tournament plays in ${row.currency}`, { fields: { tournament_id: tournamentText(locale, 'currency') } });
      }
      const [joined] = await tx
        .insert(tournamentPlayers)
        .values({ tournamentId: row.id, userId, joinedAt: now() })
        .onConflictDoNothing()
        .returning({ userId: tournamentPlayers.userId });
      if (!joined || row.buyIn === 0n || !isCurrency(row.currency)) return;
      const moved = await ledger.transfer(
        {
          key: `tournament-buy-in:${row.id}:${userId}`,
          kind: 'tournament_buy_in',
          currency: row.currency,
          legs: [
            { account: { player: userId, kind: 'main' }, amount: -row.buyIn },
            { account: { house: 'game_house' }, amount: row.buyIn },
          ],
          metadata: { tournament: row.id },
          insufficientFunds: () => new AppError('InvalidParameterException', 'Not enough money for the buy-in', { fields: { tournament_id: tournamentText(locale, 'buyIn') } }),
        },
        tx,
      );
      await writeOutboxEvent(tx, {
        type: 'tournament.buy_in',
        userId,
        payload: { transactionId: moved.transactionId, currency: row.currency, amount: row.buyIn.toString(), account: 'main', balanceAfter: String(moved.balanceAfter(userId, 'main') ?? 0n), tournamentId: row.id },
      });
      wroteOutbox = true;
    });
    if (wroteOutbox) deps.outboxCommitted?.();
    return view(found, userId, locale, engineGames);
  }

  // --- scoring -----------------------------------------------------------------------------------

  /**
   * What one real-money round event scores in every tournament the player joined before the
   * round, whose window holds the round, for an eligible game and a bet at least the minimum:
   * a bet scores its amount in `wagered`; a win its amount in `total_win` and its multiplier
   * (hundredths) in `biggest_multiplier`. A win belongs to its bet's round: the bet's time and
   * amount decide. Written once per event and tournament (tournament_scores), so a redelivered
   * event changes nothing.
   */
  async function score(event: OutboxEvent, tx: Tx): Promise<Array<{ id: number; sysname: string }>> {
    const payload = event.payload as { mode?: string; amount?: string; currency?: string; game?: string; provider?: string; bet?: string };
    if (event.userId === null || payload.mode !== 'real' || !payload.amount || !payload.game || !payload.currency) return [];
    const isWin = event.type === 'game.win';
    if (!isWin && event.type !== 'game.bet') return [];
    const amount = BigInt(payload.amount);
    if (amount <= 0n || (isWin && (!payload.bet || !payload.provider))) return [];
    const scorings = isWin ? 'total_win,biggest_multiplier' : 'wagered';
    // One statement (the handler runs for every bet and win): the round (a win's bet decides its
    // time and stake), the tournaments it scores in, and its score rows, written once per event
    // with the event's time (ties go to whoever got there first).
    const rows = await queryRows<{ id: number; sysname: string }>(
      tx,
      sql`
      with round as (
        select ${amount.toString()}::bigint as amount,
               coalesce(b.amount, ${amount.toString()}::bigint) as stake,
               coalesce(b.created_at, ${event.createdAt.toISOString()}::timestamptz) as at
        from (select 1) as one
        left join ${walletTransactions} b on ${isWin} and b.provider = ${payload.provider ?? ''} and b.transaction_uuid = ${payload.bet ?? ''} and b.kind = 'bet'
        where not ${isWin} or b.amount > 0
      ), scored as (
        select t.id, case t.scoring when 'biggest_multiplier' then r.amount * 100 / r.stake else r.amount end as points
        from round r
        join ${tournamentPlayers} p on p.user_id = ${event.userId}
        join ${tournaments} t on t.id = p.tournament_id
        where t.finished_at is null and t.currency = ${payload.currency}
          and t.scoring = any (string_to_array(${scorings}, ','))
          and t.starts_at <= r.at and t.ends_at > r.at and p.joined_at <= r.at and t.min_bet <= r.stake
          and (${payload.game} = any (t.games) or (t.games is null and exists (select 1 from ${games} g where g.sysname = ${payload.game} and g.engine is not null)))
      )
      insert into ${tournamentScores} (tournament_id, event_id, user_id, points, created_at)
      select scored.id, ${event.id}, ${event.userId}, scored.points, ${event.createdAt.toISOString()}::timestamptz
      from scored where scored.points > 0
      on conflict do nothing
      returning tournament_id as id, (select sysname from ${tournaments} t where t.id = tournament_id) as sysname`,
    );
    return rows.map((row) => ({ id: Number(row.id), sysname: row.sysname }));
  }

  /**
   * `score` for a whole group of events in one statement (the runner's grouped job, decision
   * 016): the same rules, every event's rows written once (keyed by tournament and event). The
   * events that cannot score (guest, demo, no amount, a win without its bet) are left out first.
   */
  async function scoreGroup(events: OutboxEvent[], tx: Tx): Promise<Array<{ id: number; sysname: string }>> {
    const rows = events.flatMap((event) => {
      const payload = event.payload as { mode?: string; amount?: string; currency?: string; game?: string; provider?: string; bet?: string };
      const isWin = event.type === 'game.win';
      if (event.userId === null || payload.mode !== 'real' || !payload.amount || !payload.game || !payload.currency) return [];
      if ((!isWin && event.type !== 'game.bet') || BigInt(payload.amount) <= 0n || (isWin && (!payload.bet || !payload.provider))) return [];
      return [{ id: event.id, win: isWin, user_id: event.userId, amount: payload.amount, currency: payload.currency, game: payload.game, provider: payload.provider ?? '', bet: payload.bet ?? '', at: event.createdAt.toISOString() }];
    });
    if (!rows.length) return [];
    const scored = await queryRows<{ id: number }>(
      tx,
      sql`
      with ev as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as e(id bigint, win boolean, user_id integer, amount bigint, currency text, game text, provider text, bet text, at timestamptz)
      ), round as (
        select ev.id, ev.win, ev.user_id, ev.currency, ev.game, ev.amount, ev.at as created_at,
               coalesce(b.amount, ev.amount) as stake, coalesce(b.created_at, ev.at) as at
        from ev
        left join ${walletTransactions} b on ev.win and b.provider = ev.provider and b.transaction_uuid = ev.bet and b.kind = 'bet'
        where not ev.win or b.amount > 0
      ), scored as (
        select t.id as tournament_id, r.id as event_id, r.user_id, r.created_at,
               case t.scoring when 'biggest_multiplier' then r.amount * 100 / r.stake else r.amount end as points
        from round r
        join ${tournamentPlayers} p on p.user_id = r.user_id
        join ${tournaments} t on t.id = p.tournament_id
        where t.finished_at is null and t.currency = r.currency
          and (case when r.win then t.scoring in ('total_win', 'biggest_multiplier') else t.scoring = 'wagered' end)
          and t.starts_at <= r.at and t.ends_at > r.at and p.joined_at <= r.at and t.min_bet <= r.stake
          and (r.game = any (t.games) or (t.games is null and exists (select 1 from ${games} g where g.sysname = r.game and g.engine is not null)))
      )
      insert into ${tournamentScores} (tournament_id, event_id, user_id, points, created_at)
      select tournament_id, event_id, user_id, points, created_at from scored where points > 0
      on conflict do nothing
      returning tournament_id as id`,
    );
    const moved = [...new Set(scored.map((row) => Number(row.id)))];
    if (!moved.length) return [];
    return (await tx.select({ id: tournaments.id, sysname: tournaments.sysname }).from(tournaments).where(inArray(tournaments.id, moved))).map((row) => ({ id: row.id, sysname: row.sysname }));
  }

  /**
   * Tells open pages that a leaderboard moved, at most once a second per tournament and process
   * (the last change of a burst is always told, a moment later): under load every round would
   * otherwise be a message on the bus, and the page only needs to know it should read again.
   */
  const ANNOUNCE_EVERY_MS = 1000;
  const announced = new Map<number, { at: number; pending: boolean }>();
  function announceMoved(tournament: { id: number; sysname: string }) {
    const announce = deps.announce;
    if (!announce) return;
    const last = announced.get(tournament.id);
    const now_ = Date.now();
    if (!last || now_ - last.at >= ANNOUNCE_EVERY_MS) {
      announced.set(tournament.id, { at: now_, pending: false });
      void announce({ type: 'tournament', data: tournament }).catch((error: unknown) => deps.logger.warn({ err: error, tournament: tournament.id }, 'leaderboard change not announced'));
      return;
    }
    if (last.pending) return;
    last.pending = true;
    setTimeout(() => {
      announced.delete(tournament.id);
      announceMoved(tournament);
    }, ANNOUNCE_EVERY_MS - (now_ - last.at)).unref();
  }

  const scoreHandler: EventHandler = {
    name: 'tournaments.score',
    events: ['game.bet', 'game.win'],
    // One job per dispatched batch, not per round event (decision 016): every round of a player in
    // a tournament scores, and the runner's own work per job costs more than the score. Scores are
    // keyed by tournament and event, so a retried group scores each event once.
    grouped: true,
    // Only players in a tournament not yet finished have anything to score: the others' rounds
    // queue no job (a round before joining never counts, so joining later loses nothing).
    dispatchWhen: sql`exists (select 1 from ${tournamentPlayers} p join ${tournaments} t on t.id = p.tournament_id where p.user_id = s.user_id and t.finished_at is null)`,
    async handle(event, tx, job) {
      const moved = await score(event, tx);
      if (moved.length) job.afterCommit(() => moved.forEach(announceMoved));
    },
    async handleGroup(events, tx, job) {
      const moved = await scoreGroup(events, tx);
      if (moved.length) job.afterCommit(() => moved.forEach(announceMoved));
    },
  };

  // --- finishing ---------------------------------------------------------------------------------

  /**
   * Ranks and pays every tournament whose window has closed, each once: the row is locked (SKIP
   * LOCKED: a second process passes it by), ranks are frozen (points, then who got there first),
   * each prize moves from the house's bonus_funding account to the player's main balance under a
   * key per tournament and rank, and `finished_at` is set in the same transaction. Run twice, the
   * second run finds nothing to do; were it to, the ledger's keys would answer as replays.
   */
  async function finishDue(tx: Tx): Promise<number> {
    const due = await tx
      .select()
      .from(tournaments)
      // Database time: an end written by SQL (tournament:end) carries microseconds a JS Date lacks.
      .where(and(isNull(tournaments.finishedAt), sql`${tournaments.endsAt} <= now()`))
      .orderBy(asc(tournaments.id))
      .limit(20)
      .for('update', { skipLocked: true });
    for (const row of due) {
      const players = await standings(tx, row);
      const prizes = prizesOf(row);
      for (const player of players) {
        const rank = player.rank;
        const range = prizeRange(prizes, rank);
        const prize = range?.amount ?? 0n;
        if (range?.kind === 'bonus' && prize > 0n && isCurrency(row.currency)) {
          // Bonus money: granted once under the same key a money prize would use (the grant's
          // source), waiting in the player's bonuses until they activate it.
          if (!deps.grantBonus) throw new Error(`tournament ${row.id} has a bonus prize and no bonus grant is wired`);
          await deps.grantBonus(tx, {
            userId: player.userId,
            currency: row.currency,
            source: `tournament-prize:${row.id}:${rank}`,
            reward: { type: 'fixed_bonus', amount: prize.toString(), multiplier: range.wagering, max_bet: null, days: range.days },
            titles: prizeTitles(row, rank),
            activateNow: false,
            now: now(),
          });
        } else if (prize > 0n && isCurrency(row.currency)) {
          const paid = await ledger.transfer(
            {
              key: `tournament-prize:${row.id}:${rank}`,
              kind: 'tournament_prize',
              currency: row.currency,
              legs: [
                { account: { house: 'bonus_funding' }, amount: -prize },
                { account: { player: player.userId, kind: 'main' }, amount: prize },
              ],
              metadata: { tournament: row.id, rank },
            },
            tx,
          );
          await writeOutboxEvent(tx, {
            type: 'tournament.prize',
            userId: player.userId,
            payload: { transactionId: paid.transactionId, currency: row.currency, amount: prize.toString(), account: 'main', balanceAfter: String(paid.balanceAfter(player.userId, 'main') ?? 0n), tournamentId: row.id, rank },
          });
        }
        await tx
          .update(tournamentPlayers)
          .set({ rank, points: player.points, prize: prize > 0n ? prize : null })
          .where(and(eq(tournamentPlayers.tournamentId, row.id), eq(tournamentPlayers.userId, player.userId)));
      }
      await tx.update(tournaments).set({ finishedAt: now() }).where(eq(tournaments.id, row.id));
      deps.logger.info({ tournament: row.id, players: players.length }, 'tournament finished');
    }
    return due.length;
  }

  const finishJob: ScheduledJob = {
    name: 'tournaments.finish',
    cron: '* * * * *',
    run: async (tx) => void (await finishDue(tx)),
  };

  return { list, playerTournaments, eligibleGames, participate, score, scoreHandler, finishDue, finishJob, operatorBoard };
}

export type Tournaments = ReturnType<typeof createTournaments>;
