/**
 * The in-house games: sysnames, names and engines. Server code plays a round through the
 * engine of its sysname with createRoundRng() of games/fairness/rng.ts.
 */
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

export { baccarat, blackjack, cascade, coins, dice, hilo, keno, limbo, mines, plinko, roulette, slot, videoPoker };
export { GameInputError, type GameInputErrorCode } from './engines/common.ts';

export const GAME_SYSNAMES = [slot.SLOT_SYSNAME, roulette.ROULETTE_SYSNAME, blackjack.BLACKJACK_SYSNAME, dice.DICE_SYSNAME, plinko.PLINKO_SYSNAME, limbo.LIMBO_SYSNAME, keno.KENO_SYSNAME, mines.MINES_SYSNAME, baccarat.BACCARAT_SYSNAME, hilo.HILO_SYSNAME, videoPoker.VIDEO_POKER_SYSNAME, coins.COINS_SYSNAME, cascade.CASCADE_SYSNAME] as const;
export type GameSysname = (typeof GAME_SYSNAMES)[number];
export type GameKind = 'slot' | 'roulette' | 'blackjack' | 'dice' | 'plinko' | 'limbo' | 'keno' | 'mines' | 'baccarat' | 'hilo' | 'video-poker' | 'coins' | 'cascade';

export type GameInfo = {
  sysname: GameSysname;
  name: string;
  kind: GameKind;
  /** Theoretical RTP, derived from the game's tables and rules (blackjack: about 2 s on first call). */
  theoreticalRtp: () => number;
};

export const GAMES: Readonly<Record<GameSysname, GameInfo>> = {
  'golden-croupier': { sysname: 'golden-croupier', name: 'Golden Croupier', kind: 'slot', theoreticalRtp: slot.theoreticalRtp },
  'croupier-roulette': { sysname: 'croupier-roulette', name: 'Croupier Roulette', kind: 'roulette', theoreticalRtp: roulette.theoreticalRtp },
  'croupier-blackjack': { sysname: 'croupier-blackjack', name: 'Croupier Blackjack', kind: 'blackjack', theoreticalRtp: () => blackjack.theoreticalRtp() },
  'croupier-dice': { sysname: 'croupier-dice', name: 'Croupier Dice', kind: 'dice', theoreticalRtp: dice.theoreticalRtp },
  'croupier-plinko': { sysname: 'croupier-plinko', name: 'Croupier Plinko', kind: 'plinko', theoreticalRtp: plinko.theoreticalRtp },
  'croupier-limbo': { sysname: 'croupier-limbo', name: 'Croupier Limbo', kind: 'limbo', theoreticalRtp: limbo.theoreticalRtp },
  'croupier-keno': { sysname: 'croupier-keno', name: 'Croupier Keno', kind: 'keno', theoreticalRtp: keno.theoreticalRtp },
  'croupier-mines': { sysname: 'croupier-mines', name: 'Croupier Mines', kind: 'mines', theoreticalRtp: mines.theoreticalRtp },
  'croupier-baccarat': { sysname: 'croupier-baccarat', name: 'Croupier Baccarat', kind: 'baccarat', theoreticalRtp: baccarat.theoreticalRtp },
  'croupier-hilo': { sysname: 'croupier-hilo', name: 'Croupier Hi-Lo', kind: 'hilo', theoreticalRtp: hilo.theoreticalRtp },
  'croupier-video-poker': { sysname: 'croupier-video-poker', name: 'Croupier Video Poker', kind: 'video-poker', theoreticalRtp: videoPoker.theoreticalRtp },
  'rivet-royale': { sysname: 'rivet-royale', name: 'Rivet Royale', kind: 'coins', theoreticalRtp: coins.theoreticalRtp },
  'pearl-cascade': { sysname: 'pearl-cascade', name: 'Pearl Cascade', kind: 'cascade', theoreticalRtp: cascade.theoreticalRtp },
};

/** Other names accepted for a sysname (the issue calls the slot croupier-slot). */
export const SYSNAME_ALIASES: Readonly<Record<string, GameSysname>> = { 'croupier-slot': 'golden-croupier' };

export function resolveSysname(name: string): GameSysname | undefined {
  if ((GAME_SYSNAMES as readonly string[]).includes(name)) return name as GameSysname;
  return SYSNAME_ALIASES[name];
}
