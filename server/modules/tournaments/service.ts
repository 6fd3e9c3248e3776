import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { TournamentPrize, TournamentRow, TournamentScoring, TournamentStatus, TournamentView } from '../../../contract/tournaments.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { writeOutboxEvent, type OutboxEvent } from '../../platform/events/outbox.ts';
import type { EventHandler, ScheduledJob } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { games, tournamentPlayers, tournaments, tournamentScores, users, walletTransactions } from '../../db/schema.ts';
import type { Ledger } from '../ledger/index.ts';
import type { PublicNames } from '../accounts/index.ts';
import { tournamentText } from './texts.ts';

/** How many ranks a tournament's leaderboard shows. */
export const LEADERBOARD_SIZE = 10;

type TournamentRowDb = typeof tournaments.$inferSelect;
type Prize = { from: number; to: number; amount: bigint };

export type TournamentsDeps = {
  db: Db;
  ledger: Ledger;
  logger: Logger;
  publicNames: PublicNames;
  /** Tells open pages that a leaderboard moved (the live channel's public topic); optional in tests. */
  announce?: (message: { type: 'tournament'; data: { id: number; sysname: string } }) => Promise<unknown>;
  /** Called after a commit that wrote outbox rows (the runner delivers them at once). */
  outboxCommitted?: () => void;
  now?: () => Date;
};

export type TournamentQuery = { ids?: number[]; sysname?: string; status: TournamentStatus | 'all'; offset: number; count: number };

const statusOf = (row: Pick<TournamentRowDb, 'startsAt' | 'endsAt' | 'finishedAt'>, now: Date): TournamentStatus =>
  row.finishedAt || row.endsAt <= now ? 'finished' : row.startsAt > now ? 'upcoming' : 'active';

function prizesOf(row: Pick<TournamentRowDb, 'prizes'>): Prize[] {
  const raw = Array.isArray(row.prizes) ? (row.prizes as Array<{ from: number; to: number; amount: string }>) : [];
  return raw.map((prize) => ({ from: prize.from, to: prize.to, amount: BigInt(prize.amount) }));
}
const prizeFor = (prizes: Prize[], rank: number) => prizes.find((prize) => rank >= prize.from && rank <= prize.to)?.amount ?? 0n;

/** A round's points: minor units for total_win and wagered, hundredths of a multiplier for biggest_multiplier. */
function pointsLabel(scoring: TournamentScoring, points: bigint, currency: CurrencyCode): string {
  if (scoring === 'biggest_multiplier') return `x${(Number(points) / 100).toFixed(2)}`;
  return formatMinor(points, currency);
}

export function createTournaments(deps: TournamentsDeps) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const localized = (value: unknown, locale: LocaleCode) => {
    const texts = (value ?? {}) as Record<string, string | undefined>;
    return texts[locale] ?? texts.en ?? '';
  };

  // --- reading ------------------------------------------------------------------------------------

  async function engineGames(): Promise<string[]> {
    const rows = await db.select({ sysname: games.sysname }).from(games).where(sql`${games.engine} is not null and ${games.isActive}`);
    return rows.map((row) => row.sysname);
  }

  async function leaderboardOf(row: TournamentRowDb, size: number): Promise<TournamentRow[]> {
    const players = await db
      .select({ userId: tournamentPlayers.userId, points: tournamentPlayers.points, rank: tournamentPlayers.rank, prize: tournamentPlayers.prize })
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, row.id), sql`${tournamentPlayers.points} > 0`))
      .orderBy(desc(tournamentPlayers.points), asc(tournamentPlayers.pointsAt), asc(tournamentPlayers.userId))
      .limit(size);
    const names = await deps.publicNames(players.map((player) => player.userId));
    const prizes = prizesOf(row);
    const currency = row.currency as CurrencyCode;
    return players.map((player, index) => {
      const rank = player.rank ?? index + 1;
      const prize = player.prize ?? (row.finishedAt ? null : prizeFor(prizes, rank));
      return { rank, name: names.get(player.userId) ?? '***', points: pointsLabel(row.scoring, player.points, currency), prize: prize ? formatMinor(prize, currency) : null };
    });
  }

  /** A player's place: 1 + those ahead (more points, or as many reached earlier). */
  async function userInfo(row: TournamentRowDb, userId: number): Promise<TournamentView['user_info']> {
    const [me] = await db.select().from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, row.id), eq(tournamentPlayers.userId, userId)));
    if (!me) return null;
    const currency = row.currency as CurrencyCode;
    let rank: number | null = me.rank;
    if (rank === null && me.points > 0n) {
      const [ahead] = await db
        .select({ n: count() })
        .from(tournamentPlayers)
        .where(
          and(
            eq(tournamentPlayers.tournamentId, row.id),
            sql`(${tournamentPlayers.points} > ${me.points.toString()}::bigint
              or (${tournamentPlayers.points} = ${me.points.toString()}::bigint and (${tournamentPlayers.pointsAt}, ${tournamentPlayers.userId}) < (${me.pointsAt}, ${userId})))`,
          ),
        );
      rank = Number(ahead.n) + 1;
    }
    const prize = me.prize ?? (rank !== null && !row.finishedAt ? prizeFor(prizesOf(row), rank) : null);
    return { joined: true, rank, points: pointsLabel(row.scoring, me.points, currency), prize: prize ? formatMinor(prize, currency) : null };
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
      prizes: prizes.map((prize): TournamentPrize => ({ from: prize.from, to: prize.to, amount: formatMinor(prize.amount, currency) })),
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

  async function find(query: { id?: number; sysname?: string }, locale: LocaleCode): Promise<TournamentRowDb> {
    const [row] = await db
      .select()
      .from(tournaments)
      .where(query.id !== undefined ? eq(tournaments.id, query.id) : eq(tournaments.sysname, query.sysname ?? ''));
    if (!row) throw new AppError('InvalidParameterException', 'No such tournament', { fields: { tournament_id: tournamentText(locale, 'unknown') }, status: 404 });
    return row;
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
    const amount = BigInt(payload.amount);
    let roundAt = event.createdAt;
    let betAmount = amount;
    const scorings: TournamentScoring[] = [];
    if (event.type === 'game.bet') {
      scorings.push('wagered');
    } else if (event.type === 'game.win') {
      if (amount === 0n || !payload.bet || !payload.provider) return [];
      const [bet] = await tx
        .select({ amount: walletTransactions.amount, createdAt: walletTransactions.createdAt })
        .from(walletTransactions)
        .where(and(eq(walletTransactions.provider, payload.provider), eq(walletTransactions.transactionUuid, payload.bet), eq(walletTransactions.kind, 'bet')));
      if (!bet || bet.amount <= 0n) return [];
      roundAt = bet.createdAt;
      betAmount = bet.amount;
      scorings.push('total_win', 'biggest_multiplier');
    } else {
      return [];
    }
    const candidates = await tx
      .select({ id: tournaments.id, sysname: tournaments.sysname, scoring: tournaments.scoring })
      .from(tournamentPlayers)
      .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
      .where(
        and(
          eq(tournamentPlayers.userId, event.userId),
          isNull(tournaments.finishedAt),
          eq(tournaments.currency, payload.currency),
          inArray(tournaments.scoring, scorings),
          sql`${tournaments.startsAt} <= ${roundAt} and ${tournaments.endsAt} > ${roundAt} and ${tournamentPlayers.joinedAt} <= ${roundAt}`,
          sql`${tournaments.minBet} <= ${betAmount.toString()}::bigint`,
          sql`(${payload.game} = any(${tournaments.games}) or (${tournaments.games} is null and exists (select 1 from ${games} g where g.sysname = ${payload.game} and g.engine is not null)))`,
        ),
      );
    const moved: Array<{ id: number; sysname: string }> = [];
    for (const tournament of candidates) {
      const points = tournament.scoring === 'biggest_multiplier' ? (amount * 100n) / betAmount : amount;
      if (points <= 0n) continue;
      const [written] = await tx
        .insert(tournamentScores)
        .values({ tournamentId: tournament.id, eventId: event.id, userId: event.userId, points })
        .onConflictDoNothing()
        .returning({ points: tournamentScores.points });
      if (!written) continue;
      // Sum, or keep the best; the time moves only when the points rise (ties go to the earlier).
      const next = tournament.scoring === 'biggest_multiplier' ? sql`greatest(${tournamentPlayers.points}, ${points.toString()}::bigint)` : sql`${tournamentPlayers.points} + ${points.toString()}::bigint`;
      const updated = await tx
        .update(tournamentPlayers)
        .set({ points: next, pointsAt: sql`case when ${next} > ${tournamentPlayers.points} then ${event.createdAt} else ${tournamentPlayers.pointsAt} end` })
        .where(and(eq(tournamentPlayers.tournamentId, tournament.id), eq(tournamentPlayers.userId, event.userId)))
        .returning({ points: tournamentPlayers.points });
      if (updated.length) moved.push({ id: tournament.id, sysname: tournament.sysname });
    }
    return moved;
  }

  const scoreHandler: EventHandler = {
    name: 'tournaments.score',
    events: ['game.bet', 'game.win'],
    async handle(event, tx, job) {
      const moved = await score(event, tx);
      if (moved.length && deps.announce) {
        const announce = deps.announce;
        job.afterCommit(async () => {
          for (const tournament of moved) await announce({ type: 'tournament', data: tournament });
        });
      }
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
      .where(and(isNull(tournaments.finishedAt), sql`${tournaments.endsAt} <= ${now()}`))
      .orderBy(asc(tournaments.id))
      .limit(20)
      .for('update', { skipLocked: true });
    for (const row of due) {
      const players = await tx
        .select({ userId: tournamentPlayers.userId })
        .from(tournamentPlayers)
        .where(and(eq(tournamentPlayers.tournamentId, row.id), sql`${tournamentPlayers.points} > 0`))
        .orderBy(desc(tournamentPlayers.points), asc(tournamentPlayers.pointsAt), asc(tournamentPlayers.userId));
      const prizes = prizesOf(row);
      for (const [index, player] of players.entries()) {
        const rank = index + 1;
        const prize = prizeFor(prizes, rank);
        if (prize > 0n && isCurrency(row.currency)) {
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
          .set({ rank, prize: prize > 0n ? prize : null })
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

  return { list, participate, score, scoreHandler, finishDue, finishJob };
}

export type Tournaments = ReturnType<typeof createTournaments>;
