import type { Engine } from '../../../contract/studio.ts';

/**
 * A round's outcome as a few readable facts, per engine (games/engines/*: SlotOutcome,
 * RouletteOutcome, DiceOutcome, BlackjackState; amounts are major-unit strings in answers). The
 * verifier shows these for the recorded and the replayed outcome side by side; the full JSON is
 * one click away. Unknown shapes give what they can.
 */
export type OutcomeFact = {
  key: 'stops' | 'freeSpins' | 'coinsLanded' | 'respins' | 'tumbles' | 'number' | 'roll' | 'target' | 'dealer' | 'hands' | 'board' | 'path' | 'slot' | 'multiplier' | 'picks' | 'drawn' | 'hits' | 'minesCount' | 'minesAt' | 'tiles' | 'player' | 'banker' | 'coup' | 'cards' | 'guesses' | 'dealt' | 'hand' | 'pokerHand' | 'win' | 'result';
  value: string;
};

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** Card code 0..51 (suit x 13 + rank, rank 0 = ace): `A♠`; the dealer's hidden card is `?`. */
export function cardLabel(code: unknown): string {
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 0) return '?';
  return `${RANKS[code % 13]}${SUITS[Math.floor(code / 13) % 4]}`;
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function outcomeFacts(engine: Engine, outcome: Record<string, unknown> | null): OutcomeFact[] {
  if (!outcome) return [];
  const facts: OutcomeFact[] = [];
  if (engine === 'slot') {
    facts.push({ key: 'stops', value: list(record(outcome.base).stops).map(text).join(' · ') });
    const free = list(outcome.freeSpins).length;
    if (free) facts.push({ key: 'freeSpins', value: String(free) });
  } else if (engine === 'coins') {
    // Rivet Royale: the stops, the coins with their values in stakes (cells 0-14, reel by reel), and the feature's respins.
    facts.push({ key: 'stops', value: list(outcome.stops).map(text).join(' · ') });
    const coins = list(outcome.coins).map((coin) => `${text(record(coin).cell)}:${text(record(coin).multiplier)}×`);
    if (coins.length) facts.push({ key: 'coinsLanded', value: coins.join(' ') });
    const feature = record(outcome.feature);
    if (Array.isArray(feature.respins)) facts.push({ key: 'respins', value: `${feature.respins.length} → ${list(feature.coins).length}/15${feature.grand ? ' + Grand' : ''}` });
  } else if (engine === 'cascade') {
    const base = record(outcome.base);
    const steps = list(base.steps);
    facts.push({ key: 'tumbles', value: String(Math.max(steps.length - 1, 0)) });
    const free = list(outcome.freeSpins).length;
    if (free) facts.push({ key: 'freeSpins', value: String(free) });
  } else if (engine === 'roulette') {
    facts.push({ key: 'number', value: `${text(outcome.number)}${outcome.color ? ` (${text(outcome.color)})` : ''}` });
  } else if (engine === 'dice') {
    const roll = Number(outcome.roll);
    const target = Number(outcome.target);
    if (Number.isFinite(roll)) facts.push({ key: 'roll', value: (roll / 100).toFixed(2) });
    if (Number.isFinite(target)) facts.push({ key: 'target', value: `${text(outcome.direction)} ${(target / 100).toFixed(2)}` });
    if (typeof outcome.won === 'boolean') facts.push({ key: 'result', value: outcome.won ? 'won' : 'lost' });
  } else if (engine === 'plinko') {
    facts.push({ key: 'board', value: `${text(outcome.rows)} · ${text(outcome.risk)}` });
    facts.push({ key: 'path', value: list(outcome.path).map((step) => (step === 1 ? 'R' : 'L')).join('') });
    if (typeof outcome.multiplier === 'number') facts.push({ key: 'slot', value: `${text(outcome.slot)} (${outcome.multiplier / 100}×)` });
  } else if (engine === 'limbo') {
    const times = (value: unknown) => `${(Number(value) / 100).toFixed(2)}×`;
    facts.push({ key: 'multiplier', value: times(outcome.result) });
    facts.push({ key: 'target', value: times(outcome.target) });
    if (typeof outcome.won === 'boolean') facts.push({ key: 'result', value: outcome.won ? 'won' : 'lost' });
  } else if (engine === 'keno') {
    facts.push({ key: 'picks', value: list(outcome.picks).map(text).join(' · ') });
    facts.push({ key: 'drawn', value: list(outcome.drawn).map(text).join(' · ') });
    facts.push({ key: 'hits', value: `${list(outcome.hits).length} / ${list(outcome.picks).length}` });
  } else if (engine === 'mines') {
    facts.push({ key: 'minesCount', value: text(outcome.mines) });
    // Hidden (null) while the round is open: the verifier shows them once it is over.
    if (Array.isArray(outcome.minesAt)) facts.push({ key: 'minesAt', value: list(outcome.minesAt).map(text).join(' · ') });
    facts.push({ key: 'tiles', value: list(outcome.picks).map(text).join(' · ') });
    facts.push({ key: 'result', value: typeof outcome.result === 'string' ? outcome.result : 'open' });
  } else if (engine === 'baccarat') {
    facts.push({ key: 'player', value: `${list(outcome.player).map(cardLabel).join(' ')} (${text(outcome.playerTotal)})` });
    facts.push({ key: 'banker', value: `${list(outcome.banker).map(cardLabel).join(' ')} (${text(outcome.bankerTotal)})` });
    facts.push({ key: 'coup', value: text(outcome.result) });
  } else if (engine === 'hilo') {
    facts.push({ key: 'cards', value: list(outcome.cards).map(cardLabel).join(' ') });
    const signs: Record<string, string> = { higher: '>', lower: '<', same: '=', higher_or_same: '≥', lower_or_same: '≤', skip: '⤼' };
    facts.push({
      key: 'guesses',
      value: list(outcome.steps)
        .map((step) => `${signs[text(record(step).action)] ?? '?'}${record(step).won === true ? ' ✓' : record(step).won === false ? ' ✗' : ''}`)
        .join(' · '),
    });
    if (typeof outcome.multiplier === 'number') facts.push({ key: 'multiplier', value: `${outcome.multiplier}×` });
    if (outcome.phase === 'lost' || outcome.phase === 'cashed') facts.push({ key: 'result', value: outcome.phase === 'cashed' ? 'won' : 'lost' });
  } else if (engine === 'video-poker') {
    // The deal with the cards held in brackets, the five after the draw, and the poker hand they make.
    const held = list(outcome.held);
    facts.push({ key: 'dealt', value: list(outcome.dealt).map((card, i) => (held[i] === true ? `[${cardLabel(card)}]` : cardLabel(card))).join(' ') });
    facts.push({ key: 'hand', value: list(outcome.hand).map(cardLabel).join(' ') });
    facts.push({ key: 'pokerHand', value: outcome.phase === 'settled' ? text(outcome.result) || 'nothing' : 'open' });
  } else if (engine === 'blackjack') {
    facts.push({ key: 'dealer', value: list(outcome.dealer).map(cardLabel).join(' ') });
    facts.push({ key: 'hands', value: list(outcome.hands).map((hand) => list(record(hand).cards).map(cardLabel).join(' ')).join(' | ') });
  }
  if (outcome.win !== undefined) facts.push({ key: 'win', value: text(outcome.win) });
  return facts.filter((fact) => fact.value !== '');
}

/** JSON for people: two-space indent, keys in their order. */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);
