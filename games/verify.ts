/**
 * The verifier: recomputes a past round from its revealed server seed, client seed, nonce, bet
 * and (blackjack) the player's actions, with the same engines the server plays with. The page
 * "verify a round" shows replay()'s outcome next to the recorded one; sameOutcome() compares.
 */
import { createRoundRng, hashServerSeed } from './fairness/rng.ts';
import * as baccarat from './engines/baccarat/index.ts';
import * as blackjack from './engines/blackjack/index.ts';
import * as cascade from './engines/cascade/index.ts';
import * as coins from './engines/coins/index.ts';
import * as dice from './engines/dice/index.ts';
import * as plinko from './engines/plinko/index.ts';
import * as keno from './engines/keno/index.ts';
import * as hilo from './engines/hilo/index.ts';
import * as limbo from './engines/limbo/index.ts';
import * as mines from './engines/mines/index.ts';
import * as roulette from './engines/roulette/index.ts';
import * as slot from './engines/slot/index.ts';
import * as videoPoker from './engines/video-poker/index.ts';
import type { GameSysname } from './index.ts';

export type BetOf = {
  'golden-croupier': slot.SlotBet;
  'croupier-roulette': roulette.RouletteInput;
  'croupier-blackjack': blackjack.BlackjackBet;
  'croupier-dice': dice.DiceBet;
  'croupier-plinko': plinko.PlinkoBet;
  'croupier-keno': keno.KenoBet;
  'croupier-baccarat': baccarat.BaccaratBet;
  'croupier-limbo': limbo.LimboBet;
  'croupier-mines': mines.MinesBet;
  'croupier-hilo': hilo.HiloBet;
  'croupier-video-poker': videoPoker.VideoPokerBet;
  'rivet-royale': coins.CoinsBet;
  'pearl-cascade': cascade.CascadeBet;
};

export type OutcomeOf = {
  'golden-croupier': slot.SlotOutcome;
  'croupier-roulette': roulette.RouletteOutcome;
  /** The state after the recorded actions (settled when the round was finished). */
  'croupier-blackjack': blackjack.BlackjackState;
  'croupier-dice': dice.DiceOutcome;
  'croupier-plinko': plinko.PlinkoOutcome;
  'croupier-keno': keno.KenoOutcome;
  'croupier-baccarat': baccarat.BaccaratOutcome;
  'croupier-limbo': limbo.LimboOutcome;
  /** The board after the recorded actions (reveals and the cash-out). */
  'croupier-mines': mines.MinesState;
  /** The state after the recorded actions: the cards, the guesses, and what was paid. */
  'croupier-hilo': hilo.HiloState;
  /** The hand after the recorded draw: the deal, the holds, the final five and what they paid. */
  'croupier-video-poker': videoPoker.VideoPokerState;
  'rivet-royale': coins.CoinsOutcome;
  /** Every grid of the base spin's and each free spin's tumbles, and what they paid. */
  'pearl-cascade': cascade.CascadeOutcome;
};

export type ReplayInput<G extends GameSysname> = {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  bet: BetOf[G];
  /** Blackjack, Mines, Hi-Lo and video poker: the player's actions in order. */
  actions?: Array<blackjack.BlackjackAction | mines.MinesAction | hilo.HiloAction | videoPoker.VideoPokerAction>;
};

export type ReplayResult<G extends GameSysname> = {
  game: G;
  /** SHA-256 of the revealed server seed: must equal the hash shown before play. */
  serverSeedHash: string;
  outcome: OutcomeOf[G];
};

export function replay<G extends GameSysname>(game: G, input: ReplayInput<G>): ReplayResult<G> {
  const rng = createRoundRng({ serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce });
  let outcome: OutcomeOf[GameSysname];
  switch (game) {
    case 'golden-croupier':
      outcome = slot.play(input.bet as slot.SlotBet, rng);
      break;
    case 'rivet-royale':
      outcome = coins.play(input.bet as coins.CoinsBet, rng);
      break;
    case 'pearl-cascade':
      outcome = cascade.play(input.bet as cascade.CascadeBet, rng);
      break;
    case 'croupier-roulette':
      outcome = roulette.play(input.bet as roulette.RouletteInput, rng);
      break;
    case 'croupier-dice':
      outcome = dice.play(input.bet as dice.DiceBet, rng);
      break;
    case 'croupier-plinko':
      outcome = plinko.play(input.bet as plinko.PlinkoBet, rng);
      break;
    case 'croupier-baccarat':
      outcome = baccarat.play(input.bet as baccarat.BaccaratBet, rng);
      break;
    case 'croupier-keno':
      outcome = keno.play(input.bet as keno.KenoBet, rng);
      break;
    case 'croupier-limbo':
      outcome = limbo.play(input.bet as limbo.LimboBet, rng);
      break;
    case 'croupier-mines':
      outcome = mines.replay(input.bet as mines.MinesBet, input.actions ?? [], rng);
      break;
    case 'croupier-blackjack': {
      let state = blackjack.deal(input.bet as blackjack.BlackjackBet, rng);
      for (const action of input.actions ?? []) state = blackjack.act(state, action as blackjack.BlackjackAction, rng);
      outcome = state;
      break;
    }
    case 'croupier-hilo': {
      let state = hilo.start(input.bet as hilo.HiloBet, rng);
      for (const action of input.actions ?? []) state = hilo.act(state, action as hilo.HiloAction, rng);
      outcome = state;
      break;
    }
    case 'croupier-video-poker':
      // The draw replays the deck on a fresh stream of the same seeds, as the server plays it.
      outcome = videoPoker.replay(input.bet as videoPoker.VideoPokerBet, input.actions ?? [], () =>
        createRoundRng({ serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce }),
      );
      break;
    default:
      throw new RangeError(`unknown game ${String(game)}`);
  }
  return { game, serverSeedHash: hashServerSeed(input.serverSeed), outcome: outcome as OutcomeOf[G] };
}

/** JSON with bigints as decimal strings and object keys sorted: a stable form to store and compare outcomes. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

/** True when two outcomes (or an outcome and its stored canonical JSON) are the same. */
export function sameOutcome(a: unknown, b: unknown): boolean {
  const ja = canonicalJson(typeof a === 'string' ? JSON.parse(a) : a);
  const jb = canonicalJson(typeof b === 'string' ? JSON.parse(b) : b);
  return ja === jb;
}
