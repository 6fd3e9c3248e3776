/**
 * RTP simulation with the real provably fair RNG: round i is the bet with nonce i under one
 * server seed / client seed pair (defaults fixed, so runs are reproducible). Each round's return
 * x = 1 + (paid - staked) / initial stake; the measured RTP is the mean of x, its standard error
 * the sample standard deviation over sqrt(N), and the test passes when the theoretical RTP lies
 * in measured +- z SE (z = 3.2905 for 99.9%).
 */
import { createRoundRng, hashServerSeed } from './fairness/rng.ts';
import * as baccarat from './engines/baccarat/index.ts';
import * as blackjack from './engines/blackjack/index.ts';
import * as cascade from './engines/cascade/index.ts';
import * as coins from './engines/coins/index.ts';
import * as dice from './engines/dice/index.ts';
import * as plinko from './engines/plinko/index.ts';
import * as limbo from './engines/limbo/index.ts';
import * as keno from './engines/keno/index.ts';
import * as mines from './engines/mines/index.ts';
import * as hilo from './engines/hilo/index.ts';
import * as roulette from './engines/roulette/index.ts';
import * as slot from './engines/slot/index.ts';
import * as videoPoker from './engines/video-poker/index.ts';
import { GAMES, type GameSysname } from './index.ts';
import { newRunning, push, stdDev, zFor } from './stats.ts';

export const DEFAULT_SIM_SERVER_SEED = 'croupier-rtp-simulation-server-seed';
export const DEFAULT_SIM_CLIENT_SEED = 'croupier-rtp-simulation';

export type SimulationOptions = {
  rounds: number;
  serverSeed?: string;
  clientSeed?: string;
  /** Nonce of the first round (default 0). */
  firstNonce?: number;
  /** Two-sided confidence of the interval (default 0.999). */
  confidence?: number;
  /** Blackjack only: 6 (the game, default) or 'infinite' (the infinite-deck model). */
  decks?: blackjack.ShoeKind;
};

export type SimulationReport = {
  sysname: GameSysname;
  /** What was simulated, e.g. the blackjack shoe or the bet mix. */
  variant: string;
  rounds: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  firstNonce: number;
  theoretical: number;
  measured: number;
  stdDev: number;
  stdError: number;
  confidence: number;
  z: number;
  /** measured +- z SE. */
  interval: [number, number];
  /** (measured - theoretical) / SE. */
  zScore: number;
  /** Share of rounds that paid anything back (win > 0). */
  hitFrequency: number;
  /** The largest return of a round, in stakes (the biggest win seen). */
  maxReturn: number;
  /** Game-specific frequencies. */
  extra: Record<string, number>;
  pass: boolean;
  elapsedMs: number;
};

type RoundResult = { x: number; hit: boolean; theoretical: number };
type Simulator = { variant: string; round: (nonce: number, index: number) => RoundResult; extra: () => Record<string, number> };

function slotSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const counters = { freeSpins: 0, triggers: 0 };
  const theoretical = slot.theoreticalRtp();
  let rounds = 0;
  const out: RoundResult = { x: 0, hit: false, theoretical };
  return {
    variant: `one paid spin per round, ${slot.LINES} lines`,
    round(nonce) {
      rounds += 1;
      const pay = slot.playLineBets(createRoundRng({ ...seeds, nonce }), counters);
      out.x = pay / slot.LINES;
      out.hit = pay > 0;
      return out;
    },
    extra: () => ({ freeSpinsTriggerFrequency: counters.triggers / rounds, freeSpinsPerRound: counters.freeSpins / rounds }),
  };
}

/** Rivet Royale: one paid spin per round and the Hold and Win it starts (games/engines/coins). */
function coinsSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const counters = { triggers: 0, grands: 0, respins: 0 };
  let rounds = 0;
  const out: RoundResult = { x: 0, hit: false, theoretical: coins.theoreticalRtp() };
  return {
    variant: `one paid spin per round, ${coins.LINES} lines, Hold and Win`,
    round(nonce) {
      rounds += 1;
      const pay = coins.playLineBets(createRoundRng({ ...seeds, nonce }), counters);
      out.x = pay / coins.LINES;
      out.hit = pay > 0;
      return out;
    },
    extra: () => ({ holdAndWinTriggerFrequency: counters.triggers / rounds, grandFrequency: counters.grands / rounds, respinsPerRound: counters.respins / rounds }),
  };
}

/** Pearl Cascade: one paid spin per round through playUnits (the same draws as play()); its theoretical figure is the declared RTP. */
function cascadeSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const counters: cascade.CascadeCounters = { freeSpins: 0, triggers: 0, capped: 0 };
  let rounds = 0;
  const out: RoundResult = { x: 0, hit: false, theoretical: cascade.theoreticalRtp() };
  return {
    variant: 'one paid spin per round, 6x5 pays anywhere with tumbles',
    round(nonce) {
      rounds += 1;
      const pay = cascade.playUnits(createRoundRng({ ...seeds, nonce }), counters);
      out.x = pay / cascade.UNITS_PER_STAKE;
      out.hit = pay > 0;
      return out;
    },
    extra: () => ({ freeSpinsTriggerFrequency: counters.triggers / rounds, freeSpinsPerRound: counters.freeSpins / rounds, cappedFrequency: counters.capped / rounds }),
  };
}

/** Every legal bet on the layout, once each: 145 inside, 6 column/dozen, 6 even-money. */
export function allRouletteBets(amount: bigint): roulette.RouletteBet[] {
  const bets: roulette.RouletteBet[] = [];
  for (const type of ['straight', 'split', 'street', 'corner', 'sixline'] as const) {
    for (const numbers of roulette.INSIDE_BETS[type].values()) bets.push({ type, numbers: [...numbers], amount });
  }
  for (const type of ['column', 'dozen'] as const) for (const index of [1, 2, 3] as const) bets.push({ type, index, amount });
  for (const type of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) bets.push({ type, amount });
  return bets;
}

function rouletteSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 100n;
  const inputs = allRouletteBets(amount).map((bet) => ({ bets: [bet] }));
  const out: RoundResult = { x: 0, hit: false, theoretical: roulette.theoreticalRtp() };
  return {
    variant: `one bet per round, cycling through all ${inputs.length} bets of the layout`,
    round(nonce, index) {
      const outcome = roulette.play(inputs[index % inputs.length], createRoundRng({ ...seeds, nonce }));
      out.x = Number(outcome.win) / Number(amount);
      out.hit = outcome.win > 0n;
      return out;
    },
    extra: () => ({}),
  };
}

/** The dice bet of simulated round `index`: win chances 1%..98% spread by a stride, over and under alternating. */
export function simulatedDiceBet(index: number, amount: bigint): dice.DiceBet {
  const k = dice.MIN_WINNING_ROLLS + ((index * 7919) % (dice.MAX_WINNING_ROLLS - dice.MIN_WINNING_ROLLS + 1));
  const direction = index % 2 === 0 ? 'under' : 'over';
  return { amount, direction, target: direction === 'under' ? k : dice.ROLLS - 1 - k };
}

function diceSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 10_000n;
  const out: RoundResult = { x: 0, hit: false, theoretical: 0 };
  return {
    variant: 'win chances 1%-98% in turn, over and under alternating, stake 10000 minor units',
    round(nonce, index) {
      const bet = simulatedDiceBet(index, amount);
      const outcome = dice.play(bet, createRoundRng({ ...seeds, nonce }));
      out.x = Number(outcome.win) / Number(amount);
      out.hit = outcome.win > 0n;
      out.theoretical = dice.rtpFor(bet);
      return out;
    },
    extra: () => ({}),
  };
}

/** The plinko bet of simulated round `index`: the 27 tables (rows 8-16 x low, medium, high) in turn. */
export function simulatedPlinkoBet(index: number, amount: bigint): plinko.PlinkoBet {
  const tables = (plinko.MAX_ROWS - plinko.MIN_ROWS + 1) * plinko.RISKS.length;
  const table = index % tables;
  return { amount, rows: plinko.MIN_ROWS + (table % (plinko.MAX_ROWS - plinko.MIN_ROWS + 1)), risk: plinko.RISKS[Math.floor(table / (plinko.MAX_ROWS - plinko.MIN_ROWS + 1))] };
}

function plinkoSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 10_000n;
  const out: RoundResult = { x: 0, hit: false, theoretical: 0 };
  const rtps = new Map<string, number>();
  let edges = 0;
  let atLeastStake = 0;
  let rounds = 0;
  return {
    variant: 'the 27 tables (rows 8-16, low/medium/high risk) in turn, stake 10000 minor units',
    round(nonce, index) {
      const bet = simulatedPlinkoBet(index, amount);
      const outcome = plinko.play(bet, createRoundRng({ ...seeds, nonce }));
      const key = `${bet.rows}:${bet.risk}`;
      if (!rtps.has(key)) rtps.set(key, plinko.rtpFor(bet));
      rounds += 1;
      if (outcome.slot === 0 || outcome.slot === bet.rows) edges += 1;
      if (outcome.win >= amount) atLeastStake += 1;
      out.x = Number(outcome.win) / Number(amount);
      out.hit = outcome.win > 0n;
      out.theoretical = rtps.get(key)!;
      return out;
    },
    extra: () => ({ stakeBackFrequency: atLeastStake / rounds, edgeSlotFrequency: edges / rounds }),
  };
}

/** Limbo's simulated targets: 1.01x to 100x (higher targets are the same formula with more variance). */
export const SIMULATED_LIMBO_TARGETS = [101, 125, 150, 200, 300, 500, 1000, 2000, 5000, 10000] as const;

function limboSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 10_000n;
  const out: RoundResult = { x: 0, hit: false, theoretical: 0 };
  const rtps = SIMULATED_LIMBO_TARGETS.map((target) => limbo.rtpFor({ amount, target }));
  return {
    variant: `targets ${SIMULATED_LIMBO_TARGETS.map((t) => `${t / 100}x`).join(', ')} in turn, stake 10000 minor units`,
    round(nonce, index) {
      const target = SIMULATED_LIMBO_TARGETS[index % SIMULATED_LIMBO_TARGETS.length];
      const outcome = limbo.play({ amount, target }, createRoundRng({ ...seeds, nonce }));
      out.x = Number(outcome.win) / Number(amount);
      out.hit = outcome.won;
      out.theoretical = rtps[index % SIMULATED_LIMBO_TARGETS.length];
      return out;
    },
    extra: () => ({}),
  };
}

/**
 * The keno bet of simulated round `index`: 1 to 10 picks in turn, the numbers spread over the
 * board by a stride (a different set each round).
 */
export function simulatedKenoBet(index: number, amount: bigint): keno.KenoBet {
  const count = 1 + (index % keno.MAX_PICKS);
  const picks = new Set<number>();
  for (let i = 0; picks.size < count; i++) picks.add(1 + ((index * 7 + i * 13) % keno.NUMBERS));
  return { amount, picks: [...picks] };
}

function kenoSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 10_000n;
  const out: RoundResult = { x: 0, hit: false, theoretical: 0 };
  const rtps = Array.from({ length: keno.MAX_PICKS }, (_, i) => keno.rtpFor({ amount, picks: Array.from({ length: i + 1 }, (_, n) => n + 1) }));
  return {
    variant: '1 to 10 picks in turn, numbers spread by a stride, stake 10000 minor units',
    round(nonce, index) {
      const bet = simulatedKenoBet(index, amount);
      const outcome = keno.play(bet, createRoundRng({ ...seeds, nonce }));
      out.x = Number(outcome.win) / Number(amount);
      out.hit = outcome.win > 0n;
      out.theoretical = rtps[bet.picks.length - 1];
      return out;
    },
    extra: () => ({}),
  };
}

/** The most safe tiles a simulated round of `count` mines reveals: up to a 50x multiplier (at least one). */
const MINES_SIM_CAP = 5000;
export function simulatedMinesReach(count: number): number {
  let k = 1;
  while (k < mines.safeTiles(count) && mines.multiplierFor(count, k + 1) <= MINES_SIM_CAP) k += 1;
  return k;
}

/**
 * The mines plan of simulated round `index`: 1 to 24 mines in turn, and a number of safe tiles
 * to reveal before cashing out spread by a stride over 1 .. the reach of that count (the tiles
 * up to a 50x multiplier: beyond, a few rare pay-outs of thousands of stakes would widen the
 * interval to nothing); the tiles are revealed in an order of their own (a stride over the
 * board), as a player clicking would.
 */
export function simulatedMinesPlan(index: number): { mines: number; reveals: number; tiles: number[] } {
  const count = mines.MIN_MINES + (index % mines.MAX_MINES);
  const reveals = 1 + ((index * 7919) % simulatedMinesReach(count));
  const start = (index * 11) % mines.TILES;
  return { mines: count, reveals, tiles: Array.from({ length: mines.TILES }, (_, i) => (start + i * 7) % mines.TILES) };
}

function minesSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 10_000n;
  const out: RoundResult = { x: 0, hit: false, theoretical: 0 };
  const counts = { rounds: 0, mines: 0, cleared: 0 };
  return {
    variant: '1 to 24 mines in turn, cash-out after 1 .. n safe tiles (n: up to a 50x multiplier; spread by a stride), stake 10000 minor units',
    round(nonce, index) {
      const plan = simulatedMinesPlan(index);
      let state = mines.deal({ amount, mines: plan.mines }, createRoundRng({ ...seeds, nonce }));
      for (const tile of plan.tiles) {
        if (state.phase !== 'open' || state.picks.length === plan.reveals) break;
        state = mines.act(state, `reveal:${tile}`);
      }
      if (state.phase === 'open') state = mines.act(state, 'cashout');
      counts.rounds += 1;
      if (state.result === 'mine') counts.mines += 1;
      if (state.result === 'cleared') counts.cleared += 1;
      out.x = Number(state.win) / Number(amount);
      out.hit = state.win > 0n;
      out.theoretical = mines.rtpFor(amount, plan.mines, plan.reveals);
      return out;
    },
    extra: () => ({ mineFrequency: counts.mines / counts.rounds, clearedFrequency: counts.cleared / counts.rounds }),
  };
}

/**
 * Baccarat: one area per round in turn (player, banker, tie), a stake of 100.00; the theoretical
 * figure is the mean of the enumerated RTPs of the bets played. The results' shares are reported.
 */
function baccaratSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 10_000n;
  const out: RoundResult = { x: 0, hit: false, theoretical: 0 };
  const { rtp } = baccarat.baccaratMath();
  const results = { player: 0, banker: 0, tie: 0, naturals: 0, rounds: 0 };
  return {
    variant: 'player, banker, tie in turn (one bet per round), stake 10000 minor units, 8-deck shoe per round',
    round(nonce, index) {
      const on = baccarat.SPOTS[index % baccarat.SPOTS.length];
      const outcome = baccarat.play({ bets: [{ on, amount }] }, createRoundRng({ ...seeds, nonce }));
      results[outcome.result] += 1;
      if (outcome.natural) results.naturals += 1;
      results.rounds += 1;
      out.x = Number(outcome.win) / Number(amount);
      out.hit = outcome.win > 0n;
      out.theoretical = rtp[on];
      return out;
    },
    extra: () => ({
      playerWinFrequency: results.player / results.rounds,
      bankerWinFrequency: results.banker / results.rounds,
      tieFrequency: results.tie / results.rounds,
      naturalFrequency: results.naturals / results.rounds,
    }),
  };
}

/** Hi-Lo's simulated rounds cash out after 1, 2, 3 right guesses in turn (hilo.strategyAction): 99% each. */
export const SIMULATED_HILO_TARGETS = [1, 2, 3] as const;

function hiloSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 1_000_000n;
  const out: RoundResult = { x: 0, hit: false, theoretical: 0 };
  const rtps = SIMULATED_HILO_TARGETS.map((target) => hilo.strategyRtp(amount, target));
  const counts = { rounds: 0, skipped: 0 };
  return {
    variant: 'likelier side each card, a 7 skipped while skips last, cash-out after 1, 2, 3 right guesses in turn, stake 1,000,000 minor units',
    round(nonce, index) {
      const target = SIMULATED_HILO_TARGETS[index % SIMULATED_HILO_TARGETS.length];
      const rng = createRoundRng({ ...seeds, nonce });
      let state = hilo.start({ amount }, rng);
      while (state.phase === 'playing') state = hilo.act(state, hilo.strategyAction(state, target), rng);
      counts.rounds += 1;
      if (state.skipsLeft < hilo.MAX_SKIPS) counts.skipped += 1;
      out.x = Number(state.win) / Number(amount);
      out.hit = state.win > 0n;
      out.theoretical = rtps[index % SIMULATED_HILO_TARGETS.length];
      return out;
    },
    extra: () => ({ skipFrequency: counts.skipped / counts.rounds }),
  };
}

/**
 * Video poker held by the simple strategy (videoPoker.simpleHolds), one hand per round on one
 * stream (playWith: the same cards as the server's deal and draw). Its theoretical figure is the
 * declared RTP, the strategy's own measured return, not the optimal 99.54%.
 */
function videoPokerSimulator(seeds: { serverSeed: string; clientSeed: string }): Simulator {
  const amount = 100n;
  const out: RoundResult = { x: 0, hit: false, theoretical: videoPoker.theoreticalRtp() };
  const counts = new Map<string, number>();
  let rounds = 0;
  return {
    variant: 'simple hold strategy (simpleHolds: made hands, four to a royal, high pairs, four to a flush, low pairs, open straights, high cards), one coin',
    round(nonce) {
      const state = videoPoker.playWith({ amount }, createRoundRng({ ...seeds, nonce }), videoPoker.simpleHolds);
      rounds += 1;
      const key = state.result ?? 'nothing';
      counts.set(key, (counts.get(key) ?? 0) + 1);
      out.x = Number(state.win) / Number(amount);
      out.hit = state.win > 0n;
      return out;
    },
    extra: () => Object.fromEntries([...counts].map(([hand, n]) => [`${hand}Frequency`, n / rounds])),
  };
}

function blackjackSimulator(seeds: { serverSeed: string; clientSeed: string }, decks: blackjack.ShoeKind): Simulator {
  const amount = 100n;
  const theoretical = blackjack.theoreticalRtp({ decks });
  const counts = { rounds: 0, wins: 0, pushes: 0, splits: 0, doubles: 0, blackjacks: 0 };
  const out: RoundResult = { x: 0, hit: false, theoretical };
  return {
    variant: `${decks === 'infinite' ? 'infinite-deck model' : `${decks}-deck shoe per round`}, basic strategy (recommend())`,
    round(nonce) {
      const rng = createRoundRng({ ...seeds, nonce });
      let state = blackjack.deal({ amount }, rng, { decks });
      while (state.phase === 'player') state = blackjack.act(state, blackjack.recommend(state), rng);
      const net = state.win - state.staked;
      counts.rounds += 1;
      if (net > 0n) counts.wins += 1;
      else if (net === 0n) counts.pushes += 1;
      if (state.hands.length > 1) counts.splits += 1;
      if (state.hands.some((h) => h.doubled)) counts.doubles += 1;
      if (state.settlement?.hands[0].result === 'blackjack') counts.blackjacks += 1;
      out.x = 1 + Number(net) / Number(amount);
      out.hit = state.win > 0n;
      return out;
    },
    extra: () => ({
      netWinFrequency: counts.wins / counts.rounds,
      pushFrequency: counts.pushes / counts.rounds,
      splitFrequency: counts.splits / counts.rounds,
      doubleFrequency: counts.doubles / counts.rounds,
      playerBlackjackFrequency: counts.blackjacks / counts.rounds,
    }),
  };
}

export function simulate(sysname: GameSysname, options: SimulationOptions): SimulationReport {
  const { rounds } = options;
  if (!Number.isSafeInteger(rounds) || rounds < 2) throw new RangeError('rounds must be an integer >= 2');
  const serverSeed = options.serverSeed ?? DEFAULT_SIM_SERVER_SEED;
  const clientSeed = options.clientSeed ?? DEFAULT_SIM_CLIENT_SEED;
  const firstNonce = options.firstNonce ?? 0;
  const confidence = options.confidence ?? 0.999;
  const seeds = { serverSeed, clientSeed };
  if (!GAMES[sysname]) throw new RangeError(`unknown game ${sysname}`);
  const sim =
    sysname === 'rivet-royale'
      ? coinsSimulator(seeds)
      : sysname === 'golden-croupier'
      ? slotSimulator(seeds)
      : sysname === 'pearl-cascade'
        ? cascadeSimulator(seeds)
        : sysname === 'croupier-roulette'
        ? rouletteSimulator(seeds)
        : sysname === 'croupier-blackjack'
          ? blackjackSimulator(seeds, options.decks ?? blackjack.DECKS)
          : sysname === 'croupier-plinko'
            ? plinkoSimulator(seeds)
            : sysname === 'croupier-limbo'
              ? limboSimulator(seeds)
              : sysname === 'croupier-keno'
                ? kenoSimulator(seeds)
                : sysname === 'croupier-mines'
                  ? minesSimulator(seeds)
                  : sysname === 'croupier-baccarat'
                    ? baccaratSimulator(seeds)
                    : sysname === 'croupier-hilo'
                      ? hiloSimulator(seeds)
                      : sysname === 'croupier-video-poker'
                        ? videoPokerSimulator(seeds)
                        : diceSimulator(seeds);

  const started = performance.now();
  const stats = newRunning();
  let hits = 0;
  let maxReturn = 0;
  // Sum of the rounds' theoretical RTPs, compensated (Neumaier) so a constant stays exact.
  let theoreticalSum = 0;
  let compensation = 0;
  for (let i = 0; i < rounds; i++) {
    const r = sim.round(firstNonce + i, i);
    push(stats, r.x);
    if (r.hit) hits += 1;
    if (r.x > maxReturn) maxReturn = r.x;
    const t = theoreticalSum + r.theoretical;
    compensation += Math.abs(theoreticalSum) >= Math.abs(r.theoretical) ? theoreticalSum - t + r.theoretical : r.theoretical - t + theoreticalSum;
    theoreticalSum = t;
  }
  const elapsedMs = performance.now() - started;
  const theoretical = (theoreticalSum + compensation) / rounds;
  const sd = stdDev(stats);
  const se = sd / Math.sqrt(rounds);
  const z = zFor(confidence);
  const measured = stats.mean;
  const interval: [number, number] = [measured - z * se, measured + z * se];
  return {
    sysname,
    variant: sim.variant,
    rounds,
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed,
    firstNonce,
    theoretical,
    measured,
    stdDev: sd,
    stdError: se,
    confidence,
    z,
    interval,
    zScore: se > 0 ? (measured - theoretical) / se : 0,
    hitFrequency: hits / rounds,
    maxReturn,
    extra: sim.extra(),
    pass: theoretical >= interval[0] && theoretical <= interval[1],
    elapsedMs,
  };
}

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;

/** The report as the lines `npm run games:rtp` prints. */
export function formatReport(r: SimulationReport): string {
  const rows: [string, string][] = [
    ['game', `${r.sysname} (${GAMES[r.sysname].name})`],
    ['simulated', r.variant],
    ['rounds', `${r.rounds.toLocaleString('en-US')} (nonces ${r.firstNonce}..${r.firstNonce + r.rounds - 1})`],
    ['server seed', `${r.serverSeed} (sha256 ${r.serverSeedHash})`],
    ['client seed', r.clientSeed],
    ['theoretical RTP', pct(r.theoretical, 4)],
    ['measured RTP', pct(r.measured, 4)],
    ['std deviation', `${r.stdDev.toFixed(4)} stakes per round`],
    ['standard error', pct(r.stdError, 4)],
    [`${(r.confidence * 100).toFixed(1)}% interval`, `${pct(r.interval[0], 4)} .. ${pct(r.interval[1], 4)} (z = ${r.z.toFixed(4)})`],
    ['deviation', `${r.zScore >= 0 ? '+' : ''}${r.zScore.toFixed(2)} standard errors`],
    ['hit frequency', `${pct(r.hitFrequency)} of rounds pay something back`],
    ['largest return', `${r.maxReturn.toFixed(2)}x the stake`],
    ...Object.entries(r.extra).map(([k, v]): [string, string] => [k.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`), pct(v)]),
    ['time', `${(r.elapsedMs / 1000).toFixed(1)} s`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  const lines = rows.map(([k, v]) => `${k.padEnd(width)}${v}`);
  lines.push(r.pass ? 'PASS: the theoretical RTP is inside the interval' : 'FAIL: the theoretical RTP is outside the interval');
  return lines.join('\n');
}
