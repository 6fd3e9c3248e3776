import { asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../../contract/locales.ts';
import { CURRENCIES, formatMinor, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { TOURNAMENT_SCORINGS } from '../../../contract/tournaments.ts';
import type { Db } from '../../platform/db/database.ts';
import { tournamentPlayers, tournaments } from '../../db/schema.ts';
import type { Tournaments } from './service.ts';

const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and dashes').max(64);
const major = z.string().regex(/^(0|[1-9][0-9]{0,11})\.[0-9]{2}$/, 'an amount like 10.00');

/** A tournament as an operator writes it (`npm run ops -- tournament:create <file>`): amounts in major units, times in ISO 8601. */
export const tournamentSpecSchema = z
  .object({
    sysname,
    names: z.partialRecord(z.enum(LOCALES), z.string().min(1).max(80)).refine((names) => !!names.en, 'an English name is needed'),
    descriptions: z.partialRecord(z.enum(LOCALES), z.string().min(1).max(500)).default({}),
    image_url: z.string().url().nullable().default(null),
    currency: z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]]),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    games: z.array(sysname).min(1).nullable().default(null),
    scoring: z.enum(TOURNAMENT_SCORINGS),
    min_bet: major.default('0.10'),
    buy_in: major.default('0.00'),
    prizes: z.array(z.object({ from: z.number().int().min(1), to: z.number().int().min(1), amount: major })).min(1),
  })
  .superRefine((spec, ctx) => {
    if (new Date(spec.ends_at) <= new Date(spec.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    const sorted = [...spec.prizes].sort((a, b) => a.from - b.from);
    sorted.forEach((prize, index) => {
      if (prize.to < prize.from) ctx.addIssue({ code: 'custom', path: ['prizes', index, 'to'], message: 'must not be below from' });
      if (index > 0 && prize.from <= sorted[index - 1].to) ctx.addIssue({ code: 'custom', path: ['prizes', index, 'from'], message: 'rank ranges must not overlap' });
    });
  });
export type TournamentSpec = z.infer<typeof tournamentSpecSchema>;

/** What operators do with tournaments (scripts/ops.ts): create, list, end now. */
export function createTournamentAdmin(db: Db, service: Pick<Tournaments, 'finishDue'>) {
  /** Creates it, or throws an Error naming each field that is wrong (`prizes.1.from: ...`). */
  async function create(input: unknown): Promise<{ id: number; sysname: string }> {
    const parsed = tournamentSpecSchema.safeParse(input);
    if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n'));
    const spec = parsed.data;
    const minor = (amount: string) => parseMajor(amount, spec.currency)!;
    const [row] = await db
      .insert(tournaments)
      .values({
        sysname: spec.sysname,
        names: spec.names,
        descriptions: spec.descriptions,
        imageUrl: spec.image_url,
        currency: spec.currency,
        startsAt: new Date(spec.starts_at),
        endsAt: new Date(spec.ends_at),
        games: spec.games,
        scoring: spec.scoring,
        minBet: minor(spec.min_bet),
        buyIn: minor(spec.buy_in),
        prizes: spec.prizes.map((prize) => ({ from: prize.from, to: prize.to, amount: minor(prize.amount).toString() })),
      })
      .onConflictDoNothing()
      .returning({ id: tournaments.id, sysname: tournaments.sysname });
    if (!row) throw new Error(`a tournament ${spec.sysname} exists already`);
    return row;
  }

  async function list() {
    const rows = await db
      .select({ id: tournaments.id, sysname: tournaments.sysname, currency: tournaments.currency, startsAt: tournaments.startsAt, endsAt: tournaments.endsAt, finishedAt: tournaments.finishedAt, scoring: tournaments.scoring, buyIn: tournaments.buyIn, players: count(tournamentPlayers.userId) })
      .from(tournaments)
      .leftJoin(tournamentPlayers, eq(tournamentPlayers.tournamentId, tournaments.id))
      .groupBy(tournaments.id)
      .orderBy(asc(tournaments.startsAt));
    return rows.map((row) => ({ ...row, buyIn: formatMinor(row.buyIn, row.currency as CurrencyCode), players: Number(row.players) }));
  }

  /** Closes a running tournament now and finishes it at once: ranks frozen, prizes paid (once). */
  async function endNow(name: string): Promise<boolean> {
    const [row] = await db
      .update(tournaments)
      .set({ endsAt: sql`least(${tournaments.endsAt}, now())` })
      .where(sql`${tournaments.sysname} = ${name} and ${tournaments.finishedAt} is null and ${tournaments.startsAt} < now()`)
      .returning({ id: tournaments.id });
    if (!row) return false;
    await db.transaction((tx) => service.finishDue(tx));
    return true;
  }

  return { create, list, endNow };
}
