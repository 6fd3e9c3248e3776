import { api } from '../../lib/api-client.ts';
import type { ActionName, FairnessInfo, GameMode, LaunchResult, PlayBet, RotateResult, RoundView, VerifyResult } from '../../../contract/studio.ts';

/**
 * The browser's calls to the studio (contract/studio.ts, docs/studio.md). Bets go as JSON text:
 * a roulette layout can hold more bets than the query parser's array limit.
 */
export const studioApi = {
  launch: (sysname: string, mode: GameMode) => api<LaunchResult>('games/launch', { body: { sysname, mode } }),
  play: (token: string, bet: PlayBet) => api<RoundView>('games/play', { body: { token, bet: JSON.stringify(bet) } }),
  /** One spin of a free-spin pack; `spin` (the pack's next_spin) makes a resent request answer the same spin. */
  playFreeSpin: (token: string, packId: number, spin: number) =>
    api<RoundView>('games/playFreeSpin', { body: { token, pack_id: String(packId), spin: String(spin) } }),
  /** A move on an open round: blackjack's actions, Mines' `reveal` (with `tile`) and `cashout`, video poker's `draw` (with `held`, as JSON). */
  act: (token: string, roundId: string, action: ActionName, tile?: number, held?: number[]) =>
    api<RoundView>('games/act', {
      body: { token, round_id: roundId, action, ...(tile === undefined ? {} : { tile: String(tile) }), ...(held === undefined ? {} : { held: JSON.stringify(held) }) },
    }),
  fairness: () => api<FairnessInfo>('games/getFairness'),
  rotateSeed: (clientSeed?: string) => api<RotateResult>('games/rotateSeed', { body: clientSeed ? { client_seed: clientSeed } : {} }),
  verifyRound: (roundId: string) => api<VerifyResult>('games/verifyRound', { query: { round_id: roundId } }),
};
