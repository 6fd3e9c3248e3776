/**
 * A deploy's SIGTERM under a game provider's load, on the real server process (docs/operations.md,
 * "Draining"): signed bets and wins in flight, the server sent SIGTERM in the middle, a new
 * process started on the same database and port once the old one has gone, the provider retrying
 * every call that got no answer. Then:
 *
 * - the old process drained and exited 0, well within SHUTDOWN_GRACE_MS, and told its live
 *   stream to reconnect;
 * - every call either completed on the old process (its answer received) or was refused before
 *   it took effect: no call the old process left unanswered had been written by it;
 * - no call got a 5xx: the drain never closed the database under a money call;
 * - every answer, the retries on the new process and a replay of every call included, is byte for
 *   byte the first answer (the same transaction id gets the same answer);
 * - the ledger holds, and each player's balance is the deposit less the acknowledged bets plus the
 *   acknowledged wins and any jackpot won: nothing lost, nothing doubled.
 *
 * Runs on the embedded database (PGlite) and, with TEST_DATABASE_URL, on PostgreSQL; after
 * `npm run build` (vitest.server-process.config.ts). DRAIN_ROUNDS changes the load.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { freePort, hasBuild, startServerProcess, type Exit, type ServerProcess } from '../../platform/testing/server-process.ts';
import { jackpotWinsByPlayer, pgliteStore, postgresStore, prepareWalletPlayers, type Store } from '../../platform/testing/wallet-players.ts';
import { createLedger } from '../ledger/index.ts';
import { SIGNATURE_HEADER, signBody } from '../payments/index.ts';

const APP_SECRET = 'drain-test-app-secret-drain-test-app-secret';
const PROVIDER = 'brass-comet';
const GAME = 'copper-comet';
const SECRET = 'drain-test-brass-comet-secret-0123456789abcdef';
const PLAYERS = 12;
const FUNDS = 10_000_000n;
const ROUNDS = Number(process.env.DRAIN_ROUNDS ?? 160);
const CONCURRENCY = 16;
/** The SIGTERM lands once this share of the calls has been answered. */
const SIGTERM_AT = 0.4;
const GRACE_MS = 15_000;

type Call = {
  endpoint: 'bet' | 'win';
  transaction: string;
  body: string;
  player: number;
  amount: bigint;
  /** Answer bodies as received, first first. */
  answers: string[];
  /** Who gave the first answer: the process that got the SIGTERM, or the one after it. */
  answeredBy?: 'old' | 'new';
  /** Attempts the old process left without an answer (refused connection, reset). */
  unansweredByOld: number;
  inFlightAtSigterm: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drainRun(store: Store) {
  const problems: string[] = [];
  const { ids, tokens } = await prepareWalletPlayers(store, { players: PLAYERS, funds: FUNDS, game: GAME, appSecret: APP_SECRET });
  const port = await freePort();
  const serverEnv = { ...store.serverEnv, APP_SECRET, WALLET_SECRET_BRASS_COMET: SECRET, SHUTDOWN_GRACE_MS: String(GRACE_MS), LOG_LEVEL: 'info' };
  const old = await startServerProcess({ port, env: serverEnv });
  let current: ServerProcess = old;
  /** Set once the old process has exited (assigned in terminate(), read by every sender). */
  const exits: { old: (Exit & { at: number; drainMs: number }) | null } = { old: null };
  const deadline = Date.now() + 90_000;

  // The rounds: a bet, then its win, for a player drawn in turn.
  let seed = 7;
  const random = (max: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % max;
  const rounds = Array.from({ length: ROUNDS }, (_, n) => {
    const player = n % PLAYERS;
    const round = `d-r${n}`;
    const common = { provider: PROVIDER, user: tokens[player], game: GAME, round_id: round, currency: 'EUR' };
    const call = (endpoint: Call['endpoint'], fields: Record<string, unknown>): Call => ({
      endpoint,
      transaction: String(fields.transaction_uuid),
      body: JSON.stringify({ ...common, request_uuid: `${fields.transaction_uuid}-q`, ...fields }),
      player,
      amount: BigInt(fields.amount as number),
      answers: [],
      unansweredByOld: 0,
      inFlightAtSigterm: false,
    });
    const bet = call('bet', { transaction_uuid: `${round}-bet`, amount: 1 + random(500) });
    const win = call('win', { transaction_uuid: `${round}-win`, reference_transaction_uuid: `${round}-bet`, amount: random(3) === 0 ? 0 : 1 + random(1000), round_closed: true });
    return [bet, win];
  });
  const calls = rounds.flat();

  const inFlight = new Set<Call>();
  let answered = 0;
  let sigterm: Promise<void> | null = null;
  let fiveHundreds = 0;
  const stream = { reconnect: false, ended: false };

  /** Sends the call until it has an answer below 500, signed afresh each time; answers the body. */
  async function deliver(call: Call): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      if (Date.now() > deadline) throw new Error(`no answer to ${call.endpoint} ${call.transaction} in time:\n${current.log().slice(-10).join('\n')}`);
      const toOld = exits.old === null;
      inFlight.add(call);
      try {
        const response = await fetch(`${current.baseUrl}/platform/wallet/${call.endpoint}`, {
          method: 'POST',
          body: call.body,
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, call.body) },
          signal: AbortSignal.timeout(20_000),
        });
        const text = await response.text();
        if (response.status < 500) {
          if (call.answers.length === 0) call.answeredBy = toOld ? 'old' : 'new';
          return text;
        }
        fiveHundreds++;
        problems.push(`${call.endpoint} ${call.transaction}: HTTP ${response.status} ${text}`);
      } catch {
        // Refused or reset: the old process no longer takes connections, the new one is not up yet.
        if (toOld) call.unansweredByOld++;
      } finally {
        inFlight.delete(call);
      }
      await sleep(Math.min(250, 25 * 2 ** attempt));
    }
  }

  /** SIGTERM to the old process now, with the provider's calls in flight; the new process once it has gone. */
  async function terminate() {
    for (const call of inFlight) call.inFlightAtSigterm = true;
    const sent = performance.now();
    process.kill(old.pid, 'SIGTERM');
    const exit = await Promise.race([old.exited, sleep(GRACE_MS + 5_000).then(() => null)]);
    if (!exit) {
      problems.push(`the old process was still running ${GRACE_MS + 5_000} ms after SIGTERM`);
      await old.kill();
    }
    exits.old = { ...(exit ?? { code: null, signal: 'SIGKILL' }), at: Date.now(), drainMs: Math.round(performance.now() - sent) };
    current = await startServerProcess({ port, env: serverEnv });
  }

  // A page's live stream on the old process: it must be told to reconnect, then ended.
  const live = fetch(`${old.baseUrl}/live`, { headers: { accept: 'text/event-stream' } }).then(async (response) => {
    const text = await response.text().catch(() => '');
    stream.reconnect = /event: reconnect/.test(text);
    stream.ended = true;
  });

  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < rounds.length) {
          for (const call of rounds[next++]) {
            call.answers.push(await deliver(call));
            if (++answered >= SIGTERM_AT * calls.length && !sigterm) sigterm = terminate();
          }
        }
      }),
    );
    await sigterm;
    await live;
    // Every call again, on the new process: the stored answer, byte for byte.
    let replayNext = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (replayNext < calls.length) {
          const call = calls[replayNext++];
          call.answers.push(await deliver(call));
        }
      }),
    );
    const stopped = await current.stop();
    if (stopped.forced || stopped.code !== 0) problems.push(`the new process did not drain cleanly: ${JSON.stringify(stopped)}`);
  } finally {
    await current.kill();
    await old.kill();
  }
  const oldLog = old.log();

  const database = await store.open();
  try {
    for (const text of (await createLedger(database.db).verify()).problems) problems.push(`ledger:verify: ${text}`);
    const journal = await queryRows<{ transaction_uuid: string; status: string; created_ms: number; copies: number }>(
      database.db,
      sql`select transaction_uuid, status, (extract(epoch from created_at) * 1000)::float8 as created_ms, count(*) over (partition by transaction_uuid)::int as copies
          from wallet_transactions where provider = ${PROVIDER} and transaction_uuid like 'd-r%'`,
    );
    const journalOf = new Map(journal.map((row) => [row.transaction_uuid, row]));
    const movements = await queryRows<{ transaction: string; movements: number }>(
      database.db,
      sql`select metadata->>'transaction' as transaction, count(*)::int as movements from ledger_transactions
          where kind in ('game_bet', 'game_win') and metadata->>'provider' = ${PROVIDER} and metadata->>'transaction' like 'd-r%' group by 1`,
    );
    const movementsOf = new Map(movements.map((row) => [row.transaction, row.movements]));
    const expected = ids.map(() => FUNDS);
    for (const call of calls) {
      const first = call.answers[0];
      const status = (JSON.parse(first) as { status: string }).status;
      if (status !== 'RS_OK') problems.push(`${call.endpoint} ${call.transaction}: ${first}`);
      call.answers.forEach((answer, n) => {
        if (answer !== first) problems.push(`${call.endpoint} ${call.transaction}: answer ${n + 1} differs from the first:\n  ${first}\n  ${answer}`);
      });
      if (status === 'RS_OK') expected[call.player] += call.endpoint === 'bet' ? -call.amount : call.amount;
      const row = journalOf.get(call.transaction);
      if (!row || row.copies !== 1) problems.push(`${call.transaction}: ${row?.copies ?? 0} journal rows`);
      const due = call.amount > 0n ? 1 : 0;
      if ((movementsOf.get(call.transaction) ?? 0) !== due) problems.push(`${call.transaction}: ${movementsOf.get(call.transaction) ?? 0} ledger movements, expected ${due}`);
      // Refused before it took effect: what the old process left unanswered, it had not written.
      if (call.unansweredByOld > 0 && call.answeredBy === 'new' && row && exits.old && row.created_ms < exits.old.at) {
        problems.push(`${call.transaction}: written by the old process (${new Date(row.created_ms).toISOString()}), which never answered it`);
      }
    }
    // Jackpot wins are paid by the house on top of the round: they are the player's too.
    const jackpotWins = await jackpotWinsByPlayer(database);
    for (const [index, id] of ids.entries()) {
      expected[index] += jackpotWins.get(id) ?? 0n;
      const balance = (await createLedger(database.db).balances(id, 'EUR')).main;
      if (balance !== expected[index]) problems.push(`player ${id}: balance ${balance}, the acknowledged bets and wins add up to ${expected[index]}`);
    }
  } finally {
    await database.close();
  }

  const atSigterm = calls.filter((call) => call.inFlightAtSigterm);
  return {
    problems,
    oldExit: exits.old,
    oldLog,
    stream,
    fiveHundreds,
    figures: {
      database: store.kind,
      calls: calls.length,
      inFlightAtSigterm: atSigterm.length,
      completedByOld: atSigterm.filter((call) => call.answeredBy === 'old').length,
      refusedByOld: calls.filter((call) => call.unansweredByOld > 0).length,
    },
  };
}

async function runOn(store: Store) {
  try {
    const run = await drainRun(store);
    console.log(`wallet drain test: ${JSON.stringify({ ...run.figures, drainMs: run.oldExit?.drainMs, exit: run.oldExit?.code })}`);
    expect(run.problems).toEqual([]);
    expect(run.fiveHundreds).toBe(0);
    // The old process drained and exited 0 well within its grace, saying so.
    expect(run.oldExit).toMatchObject({ code: 0, signal: null });
    expect(run.oldExit!.drainMs).toBeLessThan(GRACE_MS);
    expect(run.oldLog.some((line) => line.includes('"msg":"draining"'))).toBe(true);
    expect(run.oldLog.some((line) => line.includes('"msg":"drained"'))).toBe(true);
    // The SIGTERM landed with money calls in flight, and the old process finished them itself.
    expect(run.figures.inFlightAtSigterm).toBeGreaterThan(0);
    expect(run.figures.completedByOld).toBeGreaterThan(0);
    expect(run.stream).toEqual({ reconnect: true, ended: true });
  } finally {
    await store.remove();
  }
}

describe('the wallet loses nothing when the server drains on SIGTERM under load', () => {
  it.runIf(hasBuild())('on the embedded database (PGlite)', { timeout: 150_000 }, () => runOn(pgliteStore()));

  const postgres = process.env.TEST_DATABASE_URL;
  it.runIf(hasBuild() && !!postgres)('on PostgreSQL', { timeout: 150_000 }, async () => runOn(await postgresStore(postgres!)));
});
