import type { GameMode, RoundView, StudioFrameMessage } from '../../../contract/studio.ts';

/** True inside a frame (a cross-origin parent makes window.top unreadable: framed too). */
export function isFramed(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** Posts to the game page that frames this one, on our own origin only. */
export function postToParent(message: StudioFrameMessage, target: Pick<Window, 'postMessage'> | null = typeof window === 'undefined' ? null : window.parent) {
  if (!target || !isFramed()) return;
  target.postMessage(message, window.location.origin);
}

/** The two messages of a finished round: the new balance, then the round itself. */
export function roundMessages(round: RoundView, mode: GameMode): StudioFrameMessage[] {
  const messages: StudioFrameMessage[] = [{ type: 'croupier:balance', balance: round.balance, currency: round.currency, mode }];
  if (round.status === 'settled') messages.push({ type: 'croupier:round', round_id: round.round_id, win: round.win, staked: round.staked });
  return messages;
}
