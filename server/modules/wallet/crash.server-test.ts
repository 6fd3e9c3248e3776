/**
 * Crash test of the seamless wallet (docs/wallet-api.md) on the real server process: signed bets,
 * wins and rollbacks as a game provider sends them, a share of them sent twice (some copies at the
 * same moment, some resent after the first answer), the server killed with SIGKILL in the middle
 * of the load and started again on the same database while the provider retries every request
 * that got no answer. Then:
 *
 * - the ledger holds (`npm run ops -- ledger:verify`'s function);
 * - every transaction id was applied exactly once: one journal row with the answered status, and
 *   exactly the ledger movement its answer promised (none for one that moved nothing), so every
 *   player's balance is what the provider's answers add up to;
 * - every answer to a request, its copies and a replay of it after the restart included, is byte
 *   for byte the first answer received;
 * - no round is left open: every accepted bet has its win or its rollback.
 *
 * Runs on the embedded database (PGlite under a temporary DATA_DIR) and, with TEST_DATABASE_URL
 * set, on PostgreSQL (a fresh database on that server, dropped afterwards). The server serves the
 * production build, so this runs after `npm run build`: scripts/test.ts runs it after its build
 * step (`npx vitest run -c vitest.server-process.config.ts`). CRASH_SEED replays a run's choices;
 * CRASH_ROUNDS changes the load.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { hasBuild, freePort, startServerProcess, type ServerProcess } from '../../platform/testing/server-process.ts';
import { jackpotWinsByPlayer, pgliteStore, postgresStore, prepareWalletPlayers, type Store } from '../../platform/testing/wallet-players.ts';
import { createLedger } from '../ledger/index.ts';
import { SIGNATURE_HEADER, signBody, verifySignature } from '../payments/index.ts';
import type { WalletStatus } from './statuses.ts';

const APP_SECRET = 'crash-test-app-secret-crash-test-app-secret';
/** A demo-catalogue studio, here with its own secret as an external provider has (WALLET_SECRET_<PROVIDER>). */
const PROVIDER = 'brass-comet';
const GAME = 'copper-comet';
const SECRET = 'crash-test-brass-comet-secret-0123456789abcdef';
const PLAYERS = 24;
/** Each player's deposit, minor units: 100,000.00 EUR, far above what the rounds bet. */
const FUNDS = 10_000_000n;
/** More than a player ever has: such a bet is refused (RS_ERROR_NOT_ENOUGH_MONEY). */
const TOO_MUCH = 100_000_000_000n;
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 360);
/** Rounds played at once. */
const CONCURRENCY = 16;
/** Requests sent twice: half of them with both copies at once, half resent after the first answer. */
const DUPLICATE_SHARE = 0.18;
/** Kills, as shares of the requests answered so far. */
const KILLS = [0.3, 0.65];
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** A small seeded generator (mulberry32), so CRASH_SEED replays a run's rounds, amounts and duplicates. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

type Endpoint = 'bet' | 'win' | 'rollback';
type Duplicate = 'none' | 'concurrent' | 'resend';

/** One logical request: its exact body (sent, resent and replayed as is) and every answer it got. */
type Request = {
  endpoint: Endpoint;
  transaction: string;
  body: string;
  /** The statuses the rules allow for it. */
  expect: WalletStatus[];
  duplicate: Duplicate;
  /** Answer bodies as received, first first (copies and the replay included). */
  answers: string[];
  /** Minor units it asks to move: a bet's stake, a win's payout (a rollback returns its bet's). */
  amount: bigint;
  /** Set when it had no answer yet when the server was killed: which kill, and when. */
  unansweredAtKill?: { kill: number; at: Date };
};

type RoundKind = 'win' | 'wins' | 'rollback' | 'rollbacks' | 'rollback-first' | 'refused' | 'free';
type Round = { id: string; player: number; kind: RoundKind; bet: bigint; wins: bigint[]; phases: Request[][] };

/** The rounds of a run, each a list of phases whose requests go together; a phase starts when the one before it is answered. */
function planRounds(prefix: string, tokens: string[], random: ReturnType<typeof generator>): Round[] {
  const kinds: Array<[RoundKind, number]> = [
    ['win', 55],
    ['wins', 8],
    ['rollback', 12],
    ['rollbacks', 6],
    ['rollback-first', 6],
    ['refused', 5],
    ['free', 8],
  ];
  const total = kinds.reduce((sum, [, weight]) => sum + weight, 0);
  const duplicate = (): Duplicate => {
    const x = random.next();
    return x < DUPLICATE_SHARE / 2 ? 'concurrent' : x < DUPLICATE_SHARE ? 'resend' : 'none';
  };
  const rounds: Round[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    let pick = random.next() * total;
    const kind = kinds.find(([, weight]) => (pick -= weight) < 0)?.[0] ?? 'win';
    const player = random.int(0, tokens.length - 1);
    const id = `${prefix}-r${n}`;
    const common = { provider: PROVIDER, user: tokens[player], game: GAME, round_id: id };
    let uuid = 0;
    const request = (endpoint: Endpoint, transaction: string, fields: Record<string, unknown>, expect: WalletStatus[]): Request => ({
      endpoint,
      transaction,
      amount: endpoint === 'rollback' ? 0n : BigInt(fields.amount as number),
      body: JSON.stringify({ ...common, request_uuid: `${id}-q${uuid++}`, transaction_uuid: transaction, ...fields }),
      expect,
      duplicate: duplicate(),
      answers: [],
    });
    const betTx = `${id}-bet`;
    const bet = kind === 'free' ? 0n : kind === 'refused' ? TOO_MUCH : BigInt(random.int(1, 500));
    const betRequest = (expect: WalletStatus[]) =>
      request('bet', betTx, { amount: Number(bet), currency: 'EUR', ...(kind === 'free' ? { is_free: true } : {}) }, expect);
    const win = (n: number, amount: bigint, closed: boolean) =>
      request('win', `${id}-win${n}`, { reference_transaction_uuid: betTx, amount: Number(amount), currency: 'EUR', round_closed: closed }, ['RS_OK']);
    const rollback = (n: number) => request('rollback', `${id}-rb${n}`, { reference_transaction_uuid: betTx }, ['RS_OK']);
    // A third of the wins are a lost round's zero.
    const winAmount = () => (random.next() < 0.33 ? 0n : BigInt(random.int(1, 1_000)));
    const wins: bigint[] = [];
    let phases: Request[][];
    switch (kind) {
      case 'win':
      case 'free':
        wins.push(winAmount());
        phases = [[betRequest(['RS_OK'])], [win(1, wins[0], true)]];
        break;
      case 'wins':
        wins.push(winAmount(), winAmount());
        phases = [[betRequest(['RS_OK'])], [win(1, wins[0], false)], [win(2, wins[1], true)]];
        break;
      case 'rollback':
        phases = [[betRequest(['RS_OK'])], [rollback(1)]];
        break;
      case 'rollbacks':
        // Two rollback ids for one bet at once: the bet comes back once.
        phases = [[betRequest(['RS_OK'])], [rollback(1), rollback(2)]];
        break;
      case 'rollback-first':
        // The bet was overtaken by its rollback: it arrives void.
        phases = [[rollback(1)], [betRequest(['RS_ERROR_TRANSACTION_ROLLED_BACK'])]];
        break;
      case 'refused':
        phases = [[betRequest(['RS_ERROR_NOT_ENOUGH_MONEY'])], [rollback(1)]];
        break;
    }
    rounds.push({ id, player, kind, bet, wins, phases });
  }
  return rounds;
}

/** Migrated, seeded, PLAYERS funded players each with a real-money session of GAME. */
const prepare = (store: Store) => prepareWalletPlayers(store, { players: PLAYERS, funds: FUNDS, game: GAME, appSecret: APP_SECRET });

type Figures = {
  database: string;
  seed: number;
  rounds: number;
  requests: number;
  duplicated: { concurrent: number; resent: number };
  sends: number;
  noAnswer: number;
  unknown: number;
  /**
   * Per kill: requests answered before it (the replay after the restart proves each of them was
   * kept), requests in flight, those of them never answered yet, those of these the database had
   * written before the kill (their retry must get the stored answer), and the time to serve again.
   */
  kills: Array<{ answered: number; inFlight: number; unanswered: number; committedUnanswered: number; downMs: number }>;
  replayed: number;
  ms: { prepare: number; start: number; load: number; replay: number; verify: number; total: number };
  failedJobs: number;
  serverErrors: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The server's last log lines, each cut short (an error's stack is long), for a failure's message. */
const lastLines = (server: ServerProcess) =>
  server
    .log()
    .slice(-8)
    .map((line) => (line.length > 600 ? `${line.slice(0, 600)}...` : line))
    .join('\n');

async function crashRun(store: Store): Promise<{ figures: Figures; problems: string[] }> {
  const started = performance.now();
  /** What went wrong, by check: how often, and the first few cases. */
  const found = new Map<string, { count: number; examples: string[] }>();
  const problem = (check: string, text: string) => {
    const entry = found.get(check) ?? { count: 0, examples: [] };
    found.set(check, entry);
    if (++entry.count <= 3) entry.examples.push(text);
  };
  const random = generator(SEED);
  const prefix = `c${SEED.toString(36)}`;

  const { ids, tokens } = await prepare(store);
  const prepared = performance.now();
  const port = await freePort();
  const serverEnv = { ...store.serverEnv, APP_SECRET, WALLET_SECRET_BRASS_COMET: SECRET };
  let server: ServerProcess = await startServerProcess({ port, env: serverEnv });
  const baseUrl = server.baseUrl;
  const serverLogs: string[] = [];
  const serverUp = performance.now();
  /** Set when the run cannot go on (the server died by itself, or did not come back): every sender stops. */
  let fatal: Error | null = null;
  let exitExpected = false;
  const watch = (running: ServerProcess) =>
    void running.exited.then((exit) => {
      if (!exitExpected) fatal ??= new Error(`the server exited by itself (${JSON.stringify(exit)}):\n${lastLines(running)}`);
    });
  watch(server);

  const rounds = planRounds(prefix, tokens, random);
  const requests = rounds.flatMap((round) => round.phases.flat());
  const figures: Figures = {
    database: store.kind,
    seed: SEED,
    rounds: rounds.length,
    requests: requests.length,
    duplicated: { concurrent: requests.filter((r) => r.duplicate === 'concurrent').length, resent: requests.filter((r) => r.duplicate === 'resend').length },
    sends: 0,
    noAnswer: 0,
    unknown: 0,
    kills: [],
    replayed: 0,
    ms: { prepare: prepared - started, start: serverUp - prepared, load: 0, replay: 0, verify: 0, total: 0 },
    failedJobs: 0,
    serverErrors: 0,
  };
  const deadline = Date.now() + 100_000;

  // --- the provider's side: send until answered -------------------------------------------------
  const inFlight = new Set<Request>();
  let answered = 0;
  let crash: Promise<void> | null = null;
  const killAt = KILLS.map((share) => Math.floor(share * requests.length));
  const killDelay = generator(SEED + 1);

  /** One copy of a request, signed afresh on every attempt, sent again after no answer, a 5xx or RS_ERROR_UNKNOWN; answers the body. */
  async function deliver(request: Request): Promise<string> {
    let failures = 0;
    for (let attempt = 0; ; attempt++) {
      if (fatal) throw fatal;
      if (Date.now() > deadline) throw new Error(`no answer to ${request.endpoint} ${request.transaction} in time; the server's last lines:\n${lastLines(server)}`);
      figures.sends++;
      inFlight.add(request);
      let answer: { status: number; text: string; signature: string | null } | null = null;
      try {
        const response = await fetch(`${baseUrl}/platform/wallet/${request.endpoint}`, {
          method: 'POST',
          body: request.body,
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, request.body) },
          signal: AbortSignal.timeout(20_000),
        });
        answer = { status: response.status, text: await response.text(), signature: response.headers.get(SIGNATURE_HEADER) };
      } catch {
        // No answer: the server died under it, or is not back yet.
        figures.noAnswer++;
      } finally {
        inFlight.delete(request);
      }
      if (answer && answer.status < 500) {
        const check = verifySignature(SECRET, answer.text, answer.signature ?? undefined);
        if (!check.ok) problem('answer signature', `${request.endpoint} ${request.transaction}: answer signature ${check.reason}`);
        return answer.text;
      }
      if (answer) {
        // RS_ERROR_UNKNOWN: nothing was recorded, retry. Again and again is a failure of its own.
        figures.unknown++;
        if (++failures >= 10) throw new Error(`${request.endpoint} ${request.transaction} failed ${failures} times: ${answer.text}; the server's last lines:\n${lastLines(server)}`);
      }
      await sleep(Math.min(250, 25 * 2 ** attempt));
    }
  }

  function record(request: Request, text: string) {
    if (request.answers.length === 0) {
      answered++;
      if (killAt.length && answered >= killAt[0] && !crash) {
        killAt.shift();
        // A moment later, not on an answer's heels: anywhere in a request's life, between the
        // database's commit and the answer reaching us included.
        crash = sleep(killDelay.int(0, 40))
          .then(kill)
          .catch((error: Error) => void (fatal ??= error))
          .finally(() => (crash = null));
      }
    }
    request.answers.push(text);
  }

  /** SIGKILL now, whatever is in flight, then the same server on the same database and port. */
  async function kill() {
    const at = new Date();
    const index = figures.kills.length;
    const inFlightNow = inFlight.size;
    const answeredNow = answered;
    let unanswered = 0;
    for (const request of inFlight) {
      if (request.answers.length === 0 && !request.unansweredAtKill) {
        request.unansweredAtKill = { kill: index, at };
        unanswered++;
      }
    }
    const down = performance.now();
    serverLogs.push(...server.log());
    exitExpected = true;
    await server.kill();
    exitExpected = false;
    figures.kills.push({ answered: answeredNow, inFlight: inFlightNow, unanswered, committedUnanswered: 0, downMs: 0 });
    server = await startServerProcess({ port, env: serverEnv });
    watch(server);
    figures.kills[index].downMs = Math.round(performance.now() - down);
  }

  async function send(request: Request) {
    const copy = async () => record(request, await deliver(request));
    if (request.duplicate === 'concurrent') await Promise.all([copy(), copy()]);
    else {
      await copy();
      if (request.duplicate === 'resend') await copy();
    }
  }

  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < rounds.length) {
          const round = rounds[next++];
          for (const phase of round.phases) await Promise.all(phase.map(send));
        }
      }),
    );
    while (crash) await crash;
    if (fatal) throw fatal;
    const loaded = performance.now();
    figures.ms.load = loaded - serverUp;
    if (figures.kills.length !== KILLS.length) problem('kills', `${figures.kills.length} kills instead of ${KILLS.length}`);

    // --- after the restart: every request again, each answer the first one byte for byte ---------
    let replayNext = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (replayNext < requests.length) {
          const request = requests[replayNext++];
          request.answers.push(await deliver(request));
          figures.replayed++;
        }
      }),
    );
    figures.ms.replay = performance.now() - loaded;
    for (const request of requests) {
      const first = request.answers[0];
      const status = (JSON.parse(first) as { status: WalletStatus }).status;
      if (!request.expect.includes(status)) problem('status', `${request.endpoint} ${request.transaction}: ${first}, expected ${request.expect.join(' or ')}`);
      request.answers.forEach((answer, n) => {
        if (answer !== first) problem('answer differs from the first', `${request.endpoint} ${request.transaction}: answer ${n + 1} of ${request.answers.length} differs from the first:\n  ${first}\n  ${answer}`);
      });
    }

    serverLogs.push(...server.log());
    exitExpected = true;
    const stopped = await server.stop();
    if (stopped.forced || stopped.code !== 0) problem('stop', `the server did not stop cleanly: ${JSON.stringify(stopped)}`);
  } finally {
    // A failed run leaves no server behind.
    exitExpected = true;
    await server.kill();
  }
  figures.serverErrors = serverLogs.filter((line) => /"level":(50|60)|error/i.test(line)).length;

  // --- the books ----------------------------------------------------------------------------------
  const verifyStarted = performance.now();
  const database = await store.open();
  try {
    const ledger = createLedger(database.db);
    const report = await ledger.verify();
    for (const text of report.problems) problem('ledger:verify', text);

    const status = (request: Request) => (JSON.parse(request.answers[0]) as { status: WalletStatus }).status;
    const like = `${prefix}-%`;
    const journal = await queryRows<{ transaction_uuid: string; kind: string; status: string; moved: boolean; amount: string; created_ms: number; copies: number }>(
      database.db,
      sql`select transaction_uuid, kind, status, moved, amount::text as amount, (extract(epoch from created_at) * 1000)::float8 as created_ms, count(*) over (partition by transaction_uuid)::int as copies
          from wallet_transactions where provider = ${PROVIDER} and transaction_uuid like ${like}`,
    );
    const journalOf = new Map(journal.map((row) => [row.transaction_uuid, row]));
    // Every ledger movement about a transaction id, under its key or any other (a second
    // movement under another key would be money applied twice just the same).
    const moves = await queryRows<{ transaction: string; kind: string; movements: number; player: string }>(
      database.db,
      sql`select t.metadata->>'transaction' as transaction, min(t.kind) as kind, count(distinct t.id)::int as movements,
                 coalesce(sum(p.amount) filter (where a.owner_type = 'player'), 0)::text as player
          from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
          where t.kind in ('game_bet', 'game_win', 'game_rollback') and t.metadata->>'provider' = ${PROVIDER}
            and (t.idempotency_key like ${`wallet:${PROVIDER}:${like}`} or t.metadata->>'transaction' like ${like})
          group by 1`,
    );
    const movesOf = new Map(moves.map((row) => [row.transaction, row]));

    const expectedBalance = new Map<number, bigint>(ids.map((id) => [id, FUNDS]));
    const credit = (id: number, amount: bigint) => expectedBalance.set(id, (expectedBalance.get(id) ?? 0n) + amount);
    const sent = new Set<string>();
    for (const round of rounds) {
      const betRequest = round.phases.flat().find((request) => request.endpoint === 'bet')!;
      const betAccepted = status(betRequest) === 'RS_OK' && round.bet > 0n;
      let reversed = 0;
      for (const request of round.phases.flat()) {
        sent.add(request.transaction);
        const row = journalOf.get(request.transaction);
        // What this transaction must have moved for the player, by the answers the provider got.
        let owed = 0n;
        if (request.endpoint === 'bet' && betAccepted) owed = -round.bet;
        if (request.endpoint === 'win' && status(request) === 'RS_OK') owed = request.amount;
        if (request.endpoint === 'rollback' && betAccepted && journalOf.get(request.transaction)?.moved) {
          owed = round.bet;
          reversed++;
        }
        credit(ids[round.player], owed);
        if (!row) {
          problem('journal', `${request.endpoint} ${request.transaction}: no journal row (answered ${request.answers[0]})`);
          continue;
        }
        if (row.copies !== 1) problem('journal', `${request.transaction}: ${row.copies} journal rows`);
        if (row.status !== status(request) || row.kind !== request.endpoint) problem('journal', `${request.transaction}: journal says ${row.kind} ${row.status}, the provider was answered ${status(request)}`);
        if (row.moved !== (owed !== 0n)) problem('journal', `${request.transaction}: journal moved=${row.moved}, expected ${owed !== 0n}`);
        const move = movesOf.get(request.transaction);
        if (owed === 0n && move) problem('ledger movements', `${request.transaction}: ${move.movements} ledger movement(s) of ${move.player} where none was due`);
        if (owed !== 0n && (!move || move.movements !== 1 || BigInt(move.player) !== owed)) {
          problem('ledger movements', `${request.transaction}: ledger has ${move ? `${move.movements} movement(s) of ${move.player}` : 'no movement'}, expected one of ${owed}`);
        }
        // Written before the kill though its answer never left: the retry must get it, not apply it again.
        if (request.unansweredAtKill && Number(row.created_ms) < request.unansweredAtKill.at.getTime()) figures.kills[request.unansweredAtKill.kill].committedUnanswered++;
      }
      // The bet's stake comes back once, whatever number of rollbacks.
      if (betAccepted && (round.kind === 'rollback' || round.kind === 'rollbacks') && reversed !== 1) problem('rollback once', `round ${round.id}: the bet was reversed ${reversed} times`);
    }
    for (const row of journal) if (!sent.has(row.transaction_uuid)) problem('journal', `journal row for ${row.transaction_uuid}, which was never sent`);
    for (const row of moves) if (!sent.has(row.transaction)) problem('ledger movements', `ledger movement for ${row.transaction}, which was never sent`);

    // Jackpot wins are paid by the house on top of the round: they are the player's too.
    for (const [owner, amount] of await jackpotWinsByPlayer(database)) credit(owner, amount);
    for (const id of ids) {
      const balances = await ledger.balances(id, 'EUR');
      if (balances.main !== expectedBalance.get(id)) problem('balance', `player ${id}: main balance ${balances.main}, the answers add up to ${expectedBalance.get(id)}`);
    }

    // No round left open: an accepted bet has its win or the rollback that returned it.
    const open = await queryRows<{ round_id: string }>(
      database.db,
      sql`select b.round_id from wallet_transactions b
          where b.provider = ${PROVIDER} and b.kind = 'bet' and b.moved and not exists (
            select 1 from wallet_transactions c where c.provider = b.provider and c.reference_transaction_uuid = b.transaction_uuid
              and (c.kind = 'win' or (c.kind = 'rollback' and c.moved)))`,
    );
    for (const row of open) problem('open round', `round ${row.round_id} left open: its bet has neither a win nor a rollback`);

    const [jobs] = await queryRows<{ failed: number }>(database.db, sql`select count(*)::int as failed from jobs where failed_at is not null`);
    figures.failedJobs = jobs.failed;
  } finally {
    await database.close();
  }
  figures.ms.verify = performance.now() - verifyStarted;
  figures.ms.total = performance.now() - started;
  for (const key of Object.keys(figures.ms) as Array<keyof Figures['ms']>) figures.ms[key] = Math.round(figures.ms[key]);
  const problems = [...found].map(([check, { count, examples }]) => `${check}: ${count}, e.g. ${examples.join(' | ')}`);
  return { figures, problems };
}

async function runOn(store: Store) {
  try {
    const { figures, problems } = await crashRun(store);
    console.log(`wallet crash test (${store.kind}): ${JSON.stringify(figures)}`);
    expect(problems, `CRASH_SEED=${SEED} reproduces the run's choices`).toEqual([]);
    // The kills did land in the middle of the load.
    for (const kill of figures.kills) expect(kill.inFlight).toBeGreaterThan(0);
  } finally {
    await store.remove();
  }
}

describe('the wallet survives a SIGKILL of the server under load', () => {
  it.runIf(hasBuild())('on the embedded database (PGlite)', { timeout: 150_000 }, () => runOn(pgliteStore()));

  const postgres = process.env.TEST_DATABASE_URL;
  it.runIf(hasBuild() && !!postgres)('on PostgreSQL', { timeout: 150_000 }, async () => runOn(await postgresStore(postgres!)));

  it('has the production build to serve (npm run build)', () => {
    expect(hasBuild(), 'the crash test serves build/: run `npm run build` first (scripts/test.ts does)').toBe(true);
  });
});
