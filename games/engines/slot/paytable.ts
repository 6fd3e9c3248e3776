/**
 * Golden Croupier: 5 reels x 3 rows, 20 fixed paylines, 8 paying symbols, a wild and a scatter.
 * Every number that makes the game's maths is in this file; math.ts derives the RTP from it.
 */

export const SYMBOLS = ['wild', 'scatter', 'crown', 'diamond', 'chip', 'dice', 'ace', 'king', 'queen', 'jack'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

export const WILD = 0;
export const SCATTER = 1;

/** One letter per symbol, used to write the reel strips below. */
export const SYMBOL_LETTERS: Record<string, number> = { W: 0, S: 1, C: 2, D: 3, P: 4, X: 5, A: 6, K: 7, Q: 8, J: 9 };

export const REELS = 5;
export const ROWS = 3;

/**
 * Reel strips, top to bottom, circular. A stop s shows strip[s], strip[s+1], strip[s+2]
 * (mod length) in rows 0 (top), 1, 2. Letters: W wild, S scatter, C crown, D diamond,
 * P chip, X dice, A ace, K king, Q queen, J jack. Scatters stand at least 3 apart, so a reel
 * shows at most one.
 */
export const REEL_STRIPS_TEXT: readonly string[] = [
  'KJSCXQXQAJAWKXQXDKPWDKDJPAKQPJQACJ',
  'WXCKJKQAJAQAQXDKJPAJXSDXWQKWPJDPQCK',
  'KWPASWDQXCQWKJAKXJKQCXPDJXDWQKJPQAJA',
  'XWCDKQPJAPQDAJQPWSXDKAKAKJXCQXJWJKJQ',
  'JSAKJXQXWDKJXQPKQAJAKCDKPQPDJWQAXC',
];

/**
 * Line pays in multiples of the line bet, by symbol and count of 3, 4, 5 from the leftmost
 * reel. The wild pays its own line (5 wilds is the top line win) and substitutes for every
 * symbol but the scatter; a line pays only its highest win.
 */
export const LINE_PAYS: Readonly<Record<Exclude<SlotSymbol, 'scatter'>, readonly [number, number, number]>> = {
  wild: [50, 250, 1000],
  crown: [25, 100, 400],
  diamond: [20, 75, 250],
  chip: [15, 50, 150],
  dice: [10, 30, 100],
  ace: [5, 20, 60],
  king: [5, 15, 50],
  queen: [4, 10, 40],
  jack: [3, 8, 30],
};

/** Scatter pays, anywhere on the screen, in multiples of the TOTAL bet, by count 3, 4, 5. */
export const SCATTER_PAYS: readonly [number, number, number] = [2, 10, 50];

/** 3 or more scatters award this many free spins, in the base game and again inside free spins. */
export const FREE_SPINS_AWARD = 10;
/** Every win in free spins (lines and scatters) is multiplied by this. */
export const FREE_SPINS_MULTIPLIER = 3;

/** The 20 paylines: for each reel, the row (0 top, 1 middle, 2 bottom). */
export const PAYLINES: readonly (readonly [number, number, number, number, number])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [1, 0, 2, 0, 1],
];

export const LINES = PAYLINES.length;

/** Reel strips written in letters as symbol indexes (Rivet Royale writes its strips the same way). */
export const stripsFromText = (texts: readonly string[], letters: Readonly<Record<string, number>>): Uint8Array[] =>
  texts.map((text, reel) =>
    Uint8Array.from(text, (letter, i) => {
      const symbol = letters[letter];
      if (symbol === undefined) throw new Error(`reel ${reel + 1}, position ${i}: unknown symbol letter ${letter}`);
      return symbol;
    }),
  );

/** The strips as symbol indexes. */
export const REEL_STRIPS: readonly Uint8Array[] = stripsFromText(REEL_STRIPS_TEXT, SYMBOL_LETTERS);

/** PAY_TABLE[symbol][count]: line pay in line bets for `count` (0-5) of `symbol`. */
export const PAY_TABLE: readonly Uint16Array[] = SYMBOLS.map((name) => {
  const row = new Uint16Array(6);
  if (name !== 'scatter') {
    const [p3, p4, p5] = LINE_PAYS[name];
    row[3] = p3;
    row[4] = p4;
    row[5] = p5;
  }
  return row;
});
