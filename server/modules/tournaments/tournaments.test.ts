import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentView } from '../../../contract/tournaments.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { operatorAudit, outboxEvents, tournamentPlayers, tournamentScores, tournaments } from '../../db/schema.ts';
import type { OutboxEvent } from '../../platform/events/outbox.ts';
import { createTournamentAdmin, tournamentSpecSchema } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
let made = 0;

/** A tournament running now (one hour either side) unless told otherwise. */
async function tournament(options: Partial<typeof tournaments.$inferInsert> = {}) {
  made += 1;
  const [row] = await t.database.db
    .insert(tournaments)
    .values({
      sysname: `test-tournament-${made}-${Date.now()}`,
      names: { en: `Test ${made}`, fr: `Essai ${made}` },
      currency: 'EUR',
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
      games: ['golden-croupier'],
      scoring: 'total_win',
      minBet: 100n,
      prizes: [
        { from: 1, to: 1, amount: '10000' },
        { from: 2, to: 2, amount: '5000' },
      ],
      ...options,
    })
    .returning();
  return row;
}

const call = (who: TestPlayer | null, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: who ? { cookie: who.cookie, 'x-croupier-client-ip': who.ip } : {} });

async function join(who: TestPlayer, id: number) {
  const answer = await call(who, 'tournaments/participate', { body: { tournament_id: String(id) } });
  return { status: answer.status, view: answer.json.data as TournamentView, error: answer.json.error };
}

async function funded(amount = 100_000n) {
  const who = await registerPlayer(t, { tag: 'tournament' });
  await fundPlayer(t, who.uid, amount);
  return who;
}

/** Rounds of one game session, as a provider plays them. */
async function table(who: TestPlayer, game = 'golden-croupier', mode: 'real' | 'demo' = 'real') {
  const session = await t.services.wallet.openSession({ game, mode, userId: who.uid }, 'en');
  const provider = game === 'lantern-tide' ? 'lanternfish' : 'croupier';
  const base = () => ({ provider, request_uuid: randomUUID(), user: session.token, game, currency: session.currency });
  const bet = async (amount: number) => {
    const transaction = randomUUID();
    expect(await t.services.wallet.handle('bet', { ...base(), transaction_uuid: transaction, round_id: `r-${transaction}`, amount })).toMatchObject({ status: 'RS_OK' });
    return transaction;
  };
  const win = async (betId: string, amount: number) =>
    expect(await t.services.wallet.handle('win', { ...base(), transaction_uuid: randomUUID(), reference_transaction_uuid: betId, round_id: `r-${betId}`, amount })).toMatchObject({ status: 'RS_OK' });
  return { bet, win, round: async (stake: number, paid: number) => win(await bet(stake), paid) };
}

/** A player's standing points: the sum of their scores, or the best in a multiplier hunt. */
const points = async (id: number, uid: number) => {
  const [tournament] = await t.database.db.select().from(tournaments).where(eq(tournaments.id, id));
  const rows = await t.database.db.select().from(tournamentScores).where(and(eq(tournamentScores.tournamentId, id), eq(tournamentScores.userId, uid)));
  return tournament.scoring === 'biggest_multiplier' ? rows.reduce((best, row) => (row.points > best ? row.points : best), 0n) : rows.reduce((sum, row) => sum + row.points, 0n);
};
const joined = async (id: number, uid: number) =>
  (await t.database.db.select().from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, uid)))).length > 0;
const view = async (id: number, who: TestPlayer | null = null) => {
  const answer = await call(who, 'tournaments/get', { query: { ids: String(id) } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as { items: TournamentView[] }).items[0];
};

describe('scoring', () => {
  it('counts only real rounds played after joining, inside the window, on eligible games at the minimum bet', async () => {
    const race = await tournament();
    const who = await funded();
    const slot = await table(who);
    await slot.round(1_000, 3_000); // before joining
    const early = await slot.bet(1_000); // a round begun before joining, won after
    expect((await join(who, race.id)).status).toBe(200);
    await slot.win(early, 4_000);
    await slot.round(1_000, 2_500); // counts
    await slot.round(1_000, 0); // a losing round scores nothing in total_win
    await slot.round(50, 500); // under the minimum bet
    await (await table(who, 'lantern-tide')).round(1_000, 9_000); // not an eligible game
    await (await table(who, 'golden-croupier', 'demo')).round(1_000, 9_000); // fun money
    await t.services.jobs.drain();
    expect(await points(race.id, who.uid)).toBe(2_500n);
    const shown = await view(race.id, who);
    expect(shown.user_info).toEqual({ joined: true, rank: 1, points: '25.00', prize: '100.00', prize_kind: 'money' });
    expect(shown.leaderboard[0]).toMatchObject({ rank: 1, points: '25.00', prize: '100.00' });
  });

  it('applies an event once, however often it is delivered', async () => {
    const race = await tournament();
    const who = await funded();
    await join(who, race.id);
    await (await table(who)).round(1_000, 1_500);
    await t.services.jobs.drain();
    expect(await points(race.id, who.uid)).toBe(1_500n);
    const [row] = await t.database.db.select().from(outboxEvents).where(and(eq(outboxEvents.userId, who.uid), eq(outboxEvents.type, 'game.win')));
    const event: OutboxEvent = { id: Number(row.id), type: row.type, userId: row.userId, payload: row.payload as Record<string, unknown>, createdAt: row.createdAt };
    for (let again = 0; again < 2; again++) await t.database.db.transaction((tx) => t.services.tournaments.score(event, tx));
    expect(await points(race.id, who.uid)).toBe(1_500n);
  });

  it('sums wagers in a wagered tournament and keeps the best round in a multiplier hunt', async () => {
    const sprint = await tournament({ scoring: 'wagered', games: null });
    const hunt = await tournament({ scoring: 'biggest_multiplier', games: null });
    const who = await funded();
    await join(who, sprint.id);
    await join(who, hunt.id);
    const slot = await table(who);
    await slot.round(1_000, 12_500); // x12.50
    await slot.round(2_000, 3_000); // x1.50
    await (await table(who, 'croupier-roulette')).round(500, 0);
    await t.services.jobs.drain();
    expect(await points(sprint.id, who.uid)).toBe(3_500n);
    expect(await points(hunt.id, who.uid)).toBe(1_250n);
    expect((await view(hunt.id, who)).user_info?.points).toBe('x12.50');
  });
});

describe('standings', () => {
  it('rank by the number of points, not their text (5.00 is behind 10.00)', async () => {
    const sprint = await tournament({ scoring: 'wagered', games: null });
    const [small, big] = [await funded(), await funded()];
    for (const who of [small, big]) await join(who, sprint.id);
    await (await table(small)).bet(500);
    await (await table(big)).bet(1_000);
    await t.services.jobs.drain();
    expect((await view(sprint.id)).leaderboard.map((row) => row.points)).toEqual(['10.00', '5.00']);
    expect((await view(sprint.id, small)).user_info?.rank).toBe(2);
  });
});

describe('joining', () => {
  it('takes a buy-in once through the ledger, and refuses one the balance cannot pay without joining', async () => {
    const paid = await tournament({ buyIn: 500n });
    const who = await funded(600n);
    expect((await join(who, paid.id)).status).toBe(200);
    expect((await join(who, paid.id)).status).toBe(200);
    expect((await t.services.ledger.balances(who.uid, 'EUR')).main).toBe(100n);
    const poor = await funded(499n);
    const refused = await join(poor, paid.id);
    expect(refused.status).toBe(422);
    expect(refused.error).toMatchObject({ type: 'InvalidParameterException', fields: { tournament_id: 'Not enough money for the buy-in' } });
    expect(await joined(paid.id, poor.uid)).toBe(false);
    expect((await t.services.ledger.balances(poor.uid, 'EUR')).main).toBe(499n);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('refuses a finished tournament, another currency, an unknown one and a guest, in the player’s language', async () => {
    const over = await tournament({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - HOUR) });
    const who = await funded();
    expect((await join(who, over.id)).error).toMatchObject({ fields: { tournament_id: 'This tournament is over' } });
    const french = await t.call('tournaments/participate', { query: { locale: 'fr' }, body: { tournament_id: String(over.id) }, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
    expect(french.json.error).toMatchObject({ fields: { tournament_id: 'Ce tournoi est terminé' } });
    const pounds = await registerPlayer(t, { tag: 'tournament', currency: 'GBP' });
    expect((await join(pounds, (await tournament()).id)).error).toMatchObject({ fields: { tournament_id: 'This tournament plays in another currency than your account' } });
    expect((await join(who, 99_999_999)).status).toBe(404);
    expect((await call(null, 'tournaments/participate', { body: { tournament_id: String(over.id) } })).status).toBe(401);
  });
});

describe('finishing', () => {
  it('ranks by points, ties to whoever got there first, and pays each prize once however many runners finish it', async () => {
    const sprint = await tournament({ scoring: 'wagered', games: null });
    const [first, second, third] = [await funded(), await funded(), await funded()];
    for (const who of [first, second, third]) await join(who, sprint.id);
    await (await table(first)).bet(2_000);
    await t.services.jobs.drain();
    await (await table(second)).bet(2_000); // as much, later
    await (await table(third)).bet(1_000);
    await t.services.jobs.drain();
    const before = await Promise.all([first, second, third].map(async (who) => (await t.services.ledger.balances(who.uid, 'EUR')).main));

    await t.database.db.update(tournaments).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(tournaments.id, sprint.id));
    const finished = await Promise.all([0, 1].map(() => t.database.db.transaction((tx) => t.services.tournaments.finishDue(tx))));
    expect(finished.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    await t.database.db.transaction((tx) => t.services.tournaments.finishDue(tx));

    const after = await Promise.all([first, second, third].map(async (who) => (await t.services.ledger.balances(who.uid, 'EUR')).main));
    expect(after.map((balance, index) => balance - before[index])).toEqual([10_000n, 5_000n, 0n]);
    const shown = await view(sprint.id, second);
    expect(shown.status).toBe('finished');
    expect(shown.leaderboard.map((row) => [row.rank, row.points, row.prize])).toEqual([
      [1, '20.00', '100.00'],
      [2, '20.00', '50.00'],
      [3, '10.00', null],
    ]);
    expect(shown.user_info).toEqual({ joined: true, rank: 2, points: '20.00', prize: '50.00', prize_kind: 'money' });
    const prizes = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'tournament.prize'));
    expect(prizes.filter((row) => (row.payload as { tournamentId?: number }).tournamentId === sprint.id)).toHaveLength(2);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });
});

describe('bonus prizes', () => {
  it('grants a bonus prize once through the promotions module, in the finishing transaction, however many runners finish it', async () => {
    const sprint = await tournament({
      scoring: 'wagered',
      games: null,
      prizes: [
        { from: 1, to: 1, amount: '10000' },
        { from: 2, to: 3, amount: '2500', kind: 'bonus', wagering: 10, days: 7 },
      ],
    });
    const [first, second, third] = [await funded(), await funded(), await funded()];
    for (const who of [first, second, third]) await join(who, sprint.id);
    await (await table(first)).bet(3_000);
    await (await table(second)).bet(2_000);
    await (await table(third)).bet(1_000);
    await t.services.jobs.drain();
    const running = await view(sprint.id, second);
    expect(running.prizes).toEqual([
      { from: 1, to: 1, amount: '100.00', kind: 'money' },
      { from: 2, to: 3, amount: '25.00', kind: 'bonus', wagering: 10 },
    ]);
    expect(running.user_info).toMatchObject({ rank: 2, prize: '25.00', prize_kind: 'bonus' });
    const before = await Promise.all([first, second].map(async (who) => (await t.services.ledger.balances(who.uid, 'EUR')).main));

    await t.database.db.update(tournaments).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(tournaments.id, sprint.id));
    await Promise.all([0, 1].map(() => t.database.db.transaction((tx) => t.services.tournaments.finishDue(tx))));
    await t.database.db.transaction((tx) => t.services.tournaments.finishDue(tx));

    const after = await Promise.all([first, second].map(async (who) => (await t.services.ledger.balances(who.uid, 'EUR')).main));
    expect(after[0] - before[0]).toBe(10_000n);
    expect(after[1]).toBe(before[1]); // a bonus waits to be activated: no money moved yet
    for (const [who, rank] of [[second, 2], [third, 3]] as const) {
      const bonuses = (await call(who, 'bonuses/get')).json.data as { items: Array<Record<string, unknown>>; total: number };
      const prizes = bonuses.items.filter((item) => String(item.title).endsWith(`prize for rank ${rank}`));
      expect(prizes).toHaveLength(1);
      expect(prizes[0]).toMatchObject({ kind: 'bonus', status: 'available', amount: '25.00', currency: 'EUR', title: `${(sprint.names as { en: string }).en}: prize for rank ${rank}` });
      expect(prizes[0].wagering).toMatchObject({ required: '250.00' });
    }
    const shown = await view(sprint.id, third);
    expect(shown.leaderboard.map((row) => [row.rank, row.prize, row.prize_kind])).toEqual([
      [1, '100.00', 'money'],
      [2, '25.00', 'bonus'],
      [3, '25.00', 'bonus'],
    ]);
    expect(shown.user_info).toMatchObject({ rank: 3, prize: '25.00', prize_kind: 'bonus' });
    // Only the money prize moves a balance live.
    const events = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'tournament.prize'));
    expect(events.filter((row) => (row.payload as { tournamentId?: number }).tournamentId === sprint.id)).toHaveLength(1);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });
});

describe('tournament games (games/get)', () => {
  type GamesPage = { items: Array<{ sysname: string; name: string }>; total: number };
  const games = async (query: Record<string, string>) => t.call('games/get', { query });

  it('lists a tournament’s eligible games by id or SEO name, every in-house game when it names none, and 404 for an unknown one', async () => {
    const race = await games({ options: JSON.stringify({ id: 'weekly-slot-race', type: 'tournament', count: 12 }) });
    expect(race.status).toBe(200);
    const raceGames = race.json.data as GamesPage;
    expect(raceGames.items.map((game) => game.sysname).sort()).toEqual(['golden-croupier', 'lantern-tide']);
    expect(raceGames.items.find((game) => game.sysname === 'golden-croupier')?.name).toBe('Golden Croupier');
    const sprint = await tournament({ games: null });
    const all = (await games({ tournament_id: String(sprint.id), count: '300' })).json.data as GamesPage;
    const inHouse = (await t.services.tournaments.list({ ids: [sprint.id], status: 'all', offset: 0, count: 1 }, null, 'en')).items[0].games;
    expect(all.items.map((game) => game.sysname).sort()).toEqual([...inHouse].sort());
    const narrowed = (await games({ id: String(sprint.id), type: 'tournament', 'sysnames[]': 'golden-croupier' })).json.data as GamesPage;
    expect(narrowed.items.map((game) => game.sysname)).toEqual(['golden-croupier']);
    expect((await games({ id: 'no-such-tournament', type: 'tournament' })).status).toBe(404);
  });

  it('answers an id past the integer column as an unknown tournament, not a database error (found by the API fuzz)', async () => {
    const queries: Record<string, string>[] = [{ tournament_id: '2147483648' }, { id: '99999999999999999999', type: 'tournament' }, { options: '{"tournament_id":99999999999}' }];
    for (const query of queries) {
      const answer = await games(query);
      expect(answer.status, JSON.stringify(query)).toBe(404);
      expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { tournament_id: expect.any(String) } });
    }
  });
});

describe('tournaments/get', () => {
  it('lists the demo tournaments by status, running first, with their prizes, in the caller’s language', async () => {
    const all = await call(null, 'tournaments/get', { query: { count: '50' } });
    const items = (all.json.data as { items: TournamentView[] }).items;
    const race = items.find((item) => item.sysname === 'weekly-slot-race')!;
    expect(race).toMatchObject({ status: 'active', scoring: 'total_win', currency: 'EUR', total_prize: '990.00', buy_in: '0.00', games: ['golden-croupier', 'lantern-tide'], all_games: false, user_info: null });
    expect(items.find((item) => item.sysname === 'golden-week-marathon')?.status).toBe('upcoming');
    const firstFinished = items.findIndex((item) => item.status === 'finished');
    const lastActive = items.map((item) => item.status).lastIndexOf('active');
    if (firstFinished >= 0) expect(lastActive).toBeLessThan(firstFinished);
    const upcoming = await call(null, 'tournaments/get', { query: { status: 'upcoming' } });
    expect((upcoming.json.data as { items: TournamentView[] }).items.every((item) => item.status === 'upcoming')).toBe(true);
    const french = await t.call('tournaments/get', { query: { sysname: 'weekly-slot-race', locale: 'fr' } });
    expect((french.json.data as { items: TournamentView[] }).items[0].name).toBe('Course hebdo des machines à sous');
    expect((await call(null, 'tournaments/get', { query: { status: 'soon' } })).status).toBe(422);
  });

  it('refuses ids past the integer column however they are written, naming ids (found by the API fuzz)', async () => {
    const queries: Record<string, string>[] = [{ ids: '2147483648' }, { ids: '1,99999999999' }, { 'ids[]': '2147483648' }];
    for (const query of queries) {
      const answer = await call(null, 'tournaments/get', { query });
      expect(answer.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(answer.json.error?.fields ?? {})[0]).toMatch(/^ids/);
    }
  });
});

describe('operator commands', () => {
  const spec = (overrides: Record<string, unknown> = {}) => ({
    sysname: `ops-${Date.now()}-${made++}`,
    names: { en: 'Ops Cup', fr: 'Coupe Ops' },
    currency: 'EUR',
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + HOUR).toISOString(),
    scoring: 'wagered',
    prizes: [{ from: 1, to: 1, amount: '30.00' }],
    ...overrides,
  });

  it('creates a tournament from its JSON, refusing a bad window or overlapping prizes by field', async () => {
    const admin = createTournamentAdmin(t.database.db, t.services.tournaments, { actor: 'ops-test' });
    const created = await admin.create(spec());
    expect((await view(created.id)).total_prize).toBe('30.00');
    const problems = (input: unknown) => {
      try {
        tournamentSpecSchema.parse(input);
        return [];
      } catch (error) {
        return (error as { issues: Array<{ path: PropertyKey[] }> }).issues.map((issue) => issue.path.join('.'));
      }
    };
    expect(problems(spec({ ends_at: new Date(Date.now() - 2 * HOUR).toISOString() }))).toEqual(['ends_at']);
    expect(problems(spec({ prizes: [{ from: 1, to: 3, amount: '10.00' }, { from: 3, to: 5, amount: '5.00' }] }))).toEqual(['prizes.1.from']);
    expect(problems(spec({ sysname: 'Bad Name', scoring: 'luck' }))).toEqual(['sysname', 'scoring']);
    expect(problems(spec({ prizes: [{ from: 1, to: 1, amount: '10.00', kind: 'bonus' }] }))).toEqual(['prizes.0.wagering']);
    expect(problems(spec({ prizes: [{ from: 1, to: 1, amount: '10.00', kind: 'free' }] }))).toEqual(['prizes.0.kind']);
    expect(problems(spec({ prizes: [{ from: 1, to: 1, amount: '10.00', kind: 'bonus', wagering: 30 }] }))).toEqual([]);
    await expect(admin.create({ ...spec(), sysname: created.sysname })).rejects.toThrow(/exists already/);
  });

  it('ends a running tournament now and pays its prize once', async () => {
    const admin = createTournamentAdmin(t.database.db, t.services.tournaments, { actor: 'ops-test' });
    const created = await admin.create(spec());
    const who = await funded();
    await join(who, created.id);
    await (await table(who)).bet(1_000);
    await t.services.jobs.drain();
    const before = (await t.services.ledger.balances(who.uid, 'EUR')).main;
    expect(await admin.endNow(created.sysname)).toBe(true);
    expect(await admin.endNow(created.sysname)).toBe(false);
    expect((await t.services.ledger.balances(who.uid, 'EUR')).main - before).toBe(3_000n);
    expect((await admin.list()).find((row) => row.sysname === created.sysname)).toMatchObject({ players: 1, finishedAt: expect.any(Date) });
    const audit = await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.subject, `tournament:${created.sysname}`));
    expect(audit.map((row) => [row.actor, row.action])).toEqual([
      ['ops-test', 'tournament.create'],
      ['ops-test', 'tournament.end'],
    ]);
  });

  it('creates a tournament with a bonus prize from its JSON and grants it when ended', async () => {
    const admin = createTournamentAdmin(t.database.db, t.services.tournaments, { actor: 'ops-test' });
    const created = await admin.create(spec({ prizes: [{ from: 1, to: 1, amount: '15.00', kind: 'bonus', wagering: 5 }] }));
    expect((await view(created.id)).prizes).toEqual([{ from: 1, to: 1, amount: '15.00', kind: 'bonus', wagering: 5 }]);
    const who = await funded();
    await join(who, created.id);
    await (await table(who)).bet(1_000);
    await t.services.jobs.drain();
    expect(await admin.endNow(created.sysname)).toBe(true);
    const bonuses = (await call(who, 'bonuses/get', { query: { status: 'available' } })).json.data as { items: Array<Record<string, unknown>> };
    expect(bonuses.items.filter((item) => item.title === 'Ops Cup: prize for rank 1')).toMatchObject([{ amount: '15.00', status: 'available' }]);
  });
});
