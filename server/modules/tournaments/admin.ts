import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../../contract/locales.ts';
import { CURRENCIES, formatMinor, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { TOURNAMENT_PRIZE_KINDS, TOURNAMENT_SCORINGS } from '../../../contract/tournaments.ts';
import type { Db } from '../../platform/db/database.ts';
import { tournamentPlayers, tournaments } from '../../db/schema.ts';
import { auditAs } from '../staff/index.ts';
import { BONUS_PRIZE_DAYS, type Tournaments } from './service.ts';
import { closeAndFinish } from './manage.ts';

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
    prizes: z
      .array(
        z
          .object({
            from: z.number().int().min(1),
            to: z.number().int().min(1),
            amount: major,
            // Money (the default) to the main balance, or bonus money wagered `wagering` times
            // (0: money once activated) within `days` of its activation.
            kind: z.enum(TOURNAMENT_PRIZE_KINDS).default('money'),
            wagering: z.number().min(0).max(100).optional(),
            days: z.number().int().min(1).max(365).optional(),
          })
          .strict(),
      )
      .min(1),
  })
  .superRefine((spec, ctx) => {
    if (new Date(spec.ends_at) <= new Date(spec.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    const sorted = [...spec.prizes].sort((a, b) => a.from - b.from);
    spec.prizes.forEach((prize, index) => {
      if (prize.kind === 'bonus' && prize.wagering === undefined) ctx.addIssue({ code: 'custom', path: ['prizes', index, 'wagering'], message: 'a bonus prize needs its wagering (0 to 100)' });
      if (prize.kind === 'money' && (prize.wagering !== undefined || prize.days !== undefined)) {
        ctx.addIssue({ code: 'custom', path: ['prizes', index, 'kind'], message: 'only a bonus prize has wagering and days' });
      }
    });
    sorted.forEach((prize, index) => {
      // Named by its place in the file, not in rank order.
      const at = spec.prizes.indexOf(prize);
      if (prize.to < prize.from) ctx.addIssue({ code: 'custom', path: ['prizes', at, 'to'], message: 'must not be below from' });
      if (index > 0 && prize.from <= sorted[index - 1].to) ctx.addIssue({ code: 'custom', path: ['prizes', at, 'from'], message: 'rank ranges must not overlap' });
    });
  });
export type TournamentSpec = z.infer<typeof tournamentSpecSchema>;

/**
 * What operators do with tournaments (scripts/ops.ts): create, list, end now. Every change is
 * written to operator_audit with who did it (`actor`), in the same transaction as the change.
 */
export function createTournamentAdmin(db: Db, service: Pick<Tournaments, 'finishDue'>, options: { actor: string }) {
  const audit = auditAs(options.actor);

  /** Creates it, or throws an Error naming each field that is wrong (`prizes.1.from: ...`). */
  async function create(input: unknown): Promise<{ id: number; sysname: string }> {
    const parsed = tournamentSpecSchema.safeParse(input);
    if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n'));
    const spec = parsed.data;
    const minor = (amount: string) => parseMajor(amount, spec.currency)!;
    return db.transaction(async (tx) => {
      const [row] = await tx
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
          prizes: spec.prizes.map((prize) =>
            prize.kind === 'bonus'
              ? { from: prize.from, to: prize.to, amount: minor(prize.amount).toString(), kind: 'bonus', wagering: prize.wagering ?? 0, days: prize.days ?? BONUS_PRIZE_DAYS }
              : { from: prize.from, to: prize.to, amount: minor(prize.amount).toString() },
          ),
        })
        .onConflictDoNothing()
        .returning({ id: tournaments.id, sysname: tournaments.sysname });
      if (!row) throw new Error(`a tournament ${spec.sysname} exists already`);
      await audit(tx, 'tournament.create', `tournament:${row.sysname}`, { id: row.id, spec: input as Record<string, unknown> });
      return row;
    });
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
    return db.transaction(async (tx) => {
      const row = await closeAndFinish(tx, service, { sysname: name });
      if (!row) return false;
      await audit(tx, 'tournament.end', `tournament:${name}`, { id: row.id, ends_at: row.endsAt.toISOString() });
      return true;
    });
  }

  return { create, list, endNow };
}
