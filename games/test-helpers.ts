/** Test helpers: streams with chosen numbers, to put engines in exact situations. */
import { createRngFromDigests, type RoundRng } from './fairness/stream.ts';
import { parseCard } from './engines/blackjack/cards.ts';

/**
 * A stream whose 32-bit words are `words` (then zeros), through the real mapping: int(n) of a
 * word x < 2^32 - (2^32 mod n) is x mod n, so a word s < n makes int(n) answer s.
 */
export function riggedRng(words: readonly number[]): RoundRng {
  return createRngFromDigests((round) => {
    const bytes = new Uint8Array(32);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < 8; i++) view.setUint32(i * 4, words[round * 8 + i] ?? 0);
    return bytes;
  });
}

/**
 * For blackjack with `decks: 'infinite'` (every card is rng.int(52)): a stream dealing these
 * cards in order ('AS', '10H', ...). Deal order: player, dealer up, player, dealer hole.
 */
export function stackedCards(cards: readonly string[]): RoundRng {
  return riggedRng(cards.map(parseCard));
}
