/**
 * Tournaments as the back office manages them (docs/backoffice.md, "Marketing: loyalty and
 * tournaments"): the list, one tournament as its form, creating (from a copy of another's settings
 * or afresh), changing one that has not started, and ending one now. The back office's router
 * writes the audit row of each change; `npm run ops -- tournament:*` (admin.ts) writes its own.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TournamentAdminRow, TournamentForm, TournamentGameOption } from '../../../contract/backoffice-loyalty-tournaments.ts';
import { CURRENCIES, formatMinor, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { TOURNAMENT_PRIZE_KINDS, TOURNAMENT_SCORINGS, type TournamentPrizeKind, type TournamentStatus } from '../../../contract/tournaments.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { games, tournamentPlayers, tournaments } from '../../db/schema.ts';
import { BONUS_PRIZE_DAYS, type Tournaments } from './service.ts';

const sysname = z.string().trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
const major = z.string().trim().regex(/^(0|[1-9][0-9]{0,11})\.[0-9]{2}$/);
const name = z.string().trim().min(1).max(80);
const description = z.string().trim().max(500);

/**
 * The form's shape: every field named when it is missing or malformed (422). The rules that need
 * more than one field, or the database (ranks rising, the end after the start, known games, a free
 * address), are `formProblems` and the manager's, each naming its field too.
 */
export const tournamentFormSchema = z.object({
  sysname,
  names: z.object({ en: name, fr: name }),
  descriptions: z.object({ en: description, fr: description }),
  image_url: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/|https:\/\/)/)
    .nullable()
    .default(null),
  currency: z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]]),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  games: z.array(sysname).min(1).max(500).nullable(),
  scoring: z.enum(TOURNAMENT_SCORINGS),
  min_bet: major,
  buy_in: major,
  prizes: z
    .array(
      z.object({
        from: z.number().int().min(1).max(100_000),
        to: z.number().int().min(1).max(100_000),
        amount: major,
        kind: z.enum(TOURNAMENT_PRIZE_KINDS).default('money'),
        wagering: z.number().min(0).max(100).optional(),
        days: z.number().int().min(1).max(365).optional(),
      }),
    )
    .min(1)
    .max(50),
});
export type ParsedTournamentForm = z.infer<typeof tournamentFormSchema>;

/** One problem of a form, named by its field's path (`prizes.1.from`). */
const field = (path: string, message: string) => ({ path, message });

/** The rules across fields: answers each problem with its path, none when the form holds. */
export function formProblems(form: ParsedTournamentForm, now: Date): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  const starts = new Date(form.starts_at);
  const ends = new Date(form.ends_at);
  if (ends <= starts) problems.push(field('ends_at', 'Must be after the start'));
  else if (ends <= now) problems.push(field('ends_at', 'Must be in the future'));
  if ((parseMajor(form.min_bet, form.currency) ?? 0n) < 1n) problems.push(field('min_bet', 'At least the smallest amount of the currency'));
  let previous = 0;
  form.prizes.forEach((prize, index) => {
    // Ranks ascending: each range starts after the one above it ends, so a rank has one prize.
    if (prize.from <= previous) problems.push(field(`prizes.${index}.from`, `Ranks go up: start after rank ${previous}`));
    if (prize.to < prize.from) problems.push(field(`prizes.${index}.to`, 'Must not be below the first rank of the range'));
    previous = Math.max(previous, prize.to);
    const amount = parseMajor(prize.amount, form.currency);
    if (amount === null || amount <= 0n) problems.push(field(`prizes.${index}.amount`, `A prize above zero, in ${form.currency}`));
    if (prize.kind === 'bonus' && prize.wagering === undefined) problems.push(field(`prizes.${index}.wagering`, 'A bonus prize needs its wagering (0 to 100)'));
    if (prize.kind === 'money' && (prize.wagering !== undefined || prize.days !== undefined)) problems.push(field(`prizes.${index}.kind`, 'Only a bonus prize has wagering and days'));
  });
  return problems;
}

const refuse = (problems: Array<{ path: string; message: string }>) =>
  new AppError('InvalidParameterException', `Invalid parameter: ${problems.map((problem) => problem.path).join(', ')}`, {
    fields: Object.fromEntries(problems.map((problem) => [problem.path, problem.message])),
  });

type TournamentRowDb = typeof tournaments.$inferSelect;

const statusOf = (row: Pick<TournamentRowDb, 'startsAt' | 'endsAt' | 'finishedAt'>, now: Date): TournamentStatus =>
  row.finishedAt || row.endsAt <= now ? 'finished' : row.startsAt > now ? 'upcoming' : 'active';

/** The columns a form writes (amounts to minor units). */
function columnsOf(form: ParsedTournamentForm) {
  const minor = (amount: string) => parseMajor(amount, form.currency)!;
  return {
    sysname: form.sysname,
    names: form.names,
    descriptions: form.descriptions,
    imageUrl: form.image_url,
    currency: form.currency,
    startsAt: new Date(form.starts_at),
    endsAt: new Date(form.ends_at),
    games: form.games,
    scoring: form.scoring,
    minBet: minor(form.min_bet),
    buyIn: minor(form.buy_in),
    prizes: form.prizes.map((prize) =>
      prize.kind === 'bonus'
        ? { from: prize.from, to: prize.to, amount: minor(prize.amount).toString(), kind: 'bonus', wagering: prize.wagering ?? 0, days: prize.days ?? BONUS_PRIZE_DAYS }
        : { from: prize.from, to: prize.to, amount: minor(prize.amount).toString() },
    ),
  };
}

type StoredPrize = { from: number; to: number; amount: string; kind?: TournamentPrizeKind; wagering?: number; days?: number };

/** A stored tournament as its form (major units): to edit it, or to copy its settings into a new one. */
export function formOf(row: TournamentRowDb): TournamentForm {
  const currency = row.currency as CurrencyCode;
  const texts = (value: unknown) => {
    const all = (value ?? {}) as Record<string, string | undefined>;
    return { en: all.en ?? '', fr: all.fr ?? all.en ?? '' };
  };
  return {
    sysname: row.sysname,
    names: texts(row.names),
    descriptions: texts(row.descriptions),
    image_url: row.imageUrl,
    currency,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    games: row.games,
    scoring: row.scoring,
    min_bet: formatMinor(row.minBet, currency),
    buy_in: formatMinor(row.buyIn, currency),
    prizes: ((row.prizes ?? []) as StoredPrize[]).map((prize) => ({
      from: prize.from,
      to: prize.to,
      amount: formatMinor(BigInt(prize.amount), currency),
      kind: prize.kind ?? 'money',
      ...(prize.kind === 'bonus' ? { wagering: prize.wagering ?? 0, days: prize.days ?? BONUS_PRIZE_DAYS } : {}),
    })),
  };
}

/**
 * Closes a running tournament now and finishes it in the same transaction (ranks frozen, prizes
 * paid through the ledger under their keys): the row is updated only while unfinished and
 * started, so of two callers the second waits on the row, then finds it finished and ends nothing.
 * Answers the end written, or null when there was nothing to end.
 */
export async function closeAndFinish(tx: Tx, service: Pick<Tournaments, 'finishDue'>, which: { id: number } | { sysname: string }): Promise<{ id: number; sysname: string; endsAt: Date } | null> {
  const match = 'id' in which ? eq(tournaments.id, which.id) : eq(tournaments.sysname, which.sysname);
  const [row] = await tx
    .update(tournaments)
    .set({ endsAt: sql`least(${tournaments.endsAt}, now())` })
    .where(and(match, isNull(tournaments.finishedAt), sql`${tournaments.startsAt} < now()`))
    .returning({ id: tournaments.id, sysname: tournaments.sysname, endsAt: tournaments.endsAt });
  if (!row) return null;
  // The same transaction: its now() is the end just written, so the tournament is due.
  await service.finishDue(tx);
  return row;
}

export function createTournamentManager(db: Db, service: Pick<Tournaments, 'finishDue'>, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  async function find(id: number): Promise<TournamentRowDb> {
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    if (!row) throw new AppError('InvalidParameterException', 'No such tournament', { fields: { id: 'No such tournament' }, status: 404 });
    return row;
  }

  /** Every tournament: running first (soonest ending), then upcoming (soonest starting), then finished (latest first). */
  async function list(status: TournamentStatus | 'all'): Promise<TournamentAdminRow[]> {
    const rows = await db
      .select({ tournament: tournaments, players: count(tournamentPlayers.userId) })
      .from(tournaments)
      .leftJoin(tournamentPlayers, eq(tournamentPlayers.tournamentId, tournaments.id))
      .groupBy(tournaments.id)
      .orderBy(asc(tournaments.id));
    const at = now();
    const order: Record<TournamentStatus, number> = { active: 0, upcoming: 1, finished: 2 };
    return rows
      .map(({ tournament, players }) => rowOf(tournament, Number(players), at))
      .filter((row) => status === 'all' || row.status === status)
      .sort((a, b) =>
        a.status !== b.status
          ? order[a.status] - order[b.status]
          : a.status === 'active'
            ? a.ends_at.localeCompare(b.ends_at)
            : a.status === 'upcoming'
              ? a.starts_at.localeCompare(b.starts_at)
              : b.ends_at.localeCompare(a.ends_at),
      );
  }

  function rowOf(row: TournamentRowDb, players: number, at: Date): TournamentAdminRow {
    const currency = row.currency as CurrencyCode;
    const prizes = (row.prizes ?? []) as StoredPrize[];
    return {
      id: row.id,
      sysname: row.sysname,
      name: ((row.names ?? {}) as Record<string, string>).en ?? row.sysname,
      status: statusOf(row, at),
      currency,
      scoring: row.scoring,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
      players,
      total_prize: formatMinor(
        prizes.reduce((sum, prize) => sum + BigInt(prize.amount) * BigInt(prize.to - prize.from + 1), 0n),
        currency,
      ),
      games: row.games,
    };
  }

  async function get(id: number): Promise<{ row: TournamentAdminRow; form: TournamentForm }> {
    const row = await find(id);
    const [players] = await db.select({ n: count() }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, id));
    return { row: rowOf(row, Number(players.n), now()), form: formOf(row) };
  }

  /** The games that can be made eligible: the catalogue's active games, in-house ones first. */
  async function gameOptions(): Promise<TournamentGameOption[]> {
    const rows = await db
      .select({ sysname: games.sysname, name: games.name, type: games.type, provider: games.provider, engine: games.engine })
      .from(games)
      .where(eq(games.isActive, true))
      .orderBy(sql`${games.engine} is null`, asc(games.name));
    return rows.map((row) => ({ sysname: row.sysname, name: row.name, type: row.type, provider: row.provider, in_house: row.engine !== null }));
  }

  /** The problems of a form that need the database: games the catalogue does not have. */
  async function unknownGames(form: ParsedTournamentForm) {
    if (!form.games) return [];
    const known = new Set((await db.select({ sysname: games.sysname }).from(games).where(and(inArray(games.sysname, form.games), eq(games.isActive, true)))).map((row) => row.sysname));
    return form.games.flatMap((game, index) => (known.has(game) ? [] : [field(`games.${index}`, `No active game ${game}`)]));
  }

  async function check(form: ParsedTournamentForm) {
    const problems = [...formProblems(form, now()), ...(await unknownGames(form))];
    if (problems.length) throw refuse(problems);
  }

  /** Creates a tournament from a form, or names every problem and writes nothing. */
  async function create(form: ParsedTournamentForm): Promise<TournamentForm & { id: number }> {
    await check(form);
    const [row] = await db.insert(tournaments).values(columnsOf(form)).onConflictDoNothing().returning();
    if (!row) throw new AppError('InvalidParameterException', `A tournament ${form.sysname} exists already`, { fields: { sysname: `A tournament ${form.sysname} exists already` } });
    return { id: row.id, ...formOf(row) };
  }

  /**
   * Changes a tournament that has not started (nobody has scored, nobody has paid a buy-in that
   * the new terms would change): its row is locked, so a start racing the change is seen.
   * Answers the form before and after.
   */
  async function update(id: number, form: ParsedTournamentForm): Promise<{ before: TournamentForm; after: TournamentForm }> {
    await check(form);
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
      if (!row) throw new AppError('InvalidParameterException', 'No such tournament', { fields: { id: 'No such tournament' }, status: 404 });
      if (statusOf(row, now()) !== 'upcoming') throw new AppError('InvalidParameterException', 'Only a tournament that has not started can be changed', { fields: { id: 'Only a tournament that has not started can be changed' }, status: 409 });
      if (form.sysname !== row.sysname) {
        const [taken] = await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.sysname, form.sysname));
        if (taken) throw new AppError('InvalidParameterException', `A tournament ${form.sysname} exists already`, { fields: { sysname: `A tournament ${form.sysname} exists already` } });
      }
      const [after] = await tx.update(tournaments).set(columnsOf(form)).where(eq(tournaments.id, id)).returning();
      return { before: formOf(row), after: formOf(after) };
    });
  }

  /**
   * Ends a running tournament now: ranks frozen and prizes paid once, in one transaction. A second
   * call (a double click, another member) finds it finished and is refused with 409; an upcoming
   * one is refused (nothing to rank).
   */
  async function endNow(id: number): Promise<{ id: number; sysname: string; ends_at: string; paid: number }> {
    const row = await find(id);
    const ended = await db.transaction((tx) => closeAndFinish(tx, service, { id }));
    if (!ended) {
      const again = await find(id);
      if (again.finishedAt) throw new AppError('InvalidParameterException', 'The tournament has finished already', { fields: { id: 'The tournament has finished already' }, status: 409 });
      throw new AppError('InvalidParameterException', 'The tournament has not started', { fields: { id: 'The tournament has not started' } });
    }
    const [paid] = await db.select({ n: count() }).from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, row.id), sql`${tournamentPlayers.prize} is not null`));
    return { id: ended.id, sysname: ended.sysname, ends_at: ended.endsAt.toISOString(), paid: Number(paid.n) };
  }

  return { list, get, gameOptions, create, update, endNow };
}

export type TournamentManager = ReturnType<typeof createTournamentManager>;
