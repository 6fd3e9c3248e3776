/**
 * Draws the artwork of every game of the demo catalogue (server/db/seed/games.json) into
 * public/games/{sysname}.svg: 288×192, colours from a palette derived from the sysname (the same
 * game always gets the same picture), what the game's engine deals (its slot's own symbols, a
 * wheel, cards, dice, a Plinko board ...), and its name.
 *
 *   npx node scripts/generate-game-art.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readGameSeed, type GameSeed } from '../server/db/seed.ts';
import { boardOf, multipliersFor, pathPoints, showMultiplier, slotColour } from '../app/features/studio/plinko/plinko-logic.ts';
import { BOARD, cellState } from '../app/features/studio/keno/keno-logic.ts';
import { GEM_PATHS, MINE_SPIKES, tileLook } from '../app/features/studio/mines/mines-logic.ts';
import { cardFace } from '../app/features/studio/blackjack/cards.ts';
import { oddsLabel, totalOf } from '../app/features/studio/baccarat/baccarat-logic.ts';
import { cardSvg } from '../app/features/studio/hilo/hilo-logic.ts';
import { paytableRows } from '../app/features/studio/video-poker/video-poker-logic.ts';
import { GRADIENTS, SYMBOL_SHAPES, shapeMarkup } from '../app/features/studio/coins/art.ts';
import { cascadeDefs, cascadeSymbolSvg } from '../app/features/studio/cascade/cascade-art.ts';
import type { CascadeSymbol } from '../games/engines/cascade/paytable.ts';
import { parseCard } from '../games/engines/blackjack/cards.ts';
import { markLabel, METER_MARKS, meterPosition, showMultiplier as showLimbo } from '../app/features/studio/limbo/limbo-logic.ts';

type Game = GameSeed['games'][number];
const W = 288;
const H = 192;

/** FNV-1a: a small, stable hash of the sysname, the seed of everything random here. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0)!;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** A deterministic sequence of numbers in [0, 1) (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

export type Palette = { deep: string; base: string; glow: string; accent: string; accent2: string; light: string };

export function palette(sysname: string): Palette {
  const next = random(hash(sysname));
  const hue = Math.floor(next() * 360);
  const accentHue = (hue + 140 + Math.floor(next() * 80)) % 360;
  return {
    deep: hsl(hue, 55, 12),
    base: hsl(hue, 60, 28),
    glow: hsl((hue + 20) % 360, 70, 45),
    accent: hsl(accentHue, 85, 58),
    accent2: hsl((accentHue + 50) % 360, 80, 62),
    light: hsl(hue, 40, 94),
  };
}

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
const n = (value: number) => Number(value.toFixed(1));

// --- symbols -------------------------------------------------------------------------------------

function gem(x: number, y: number, s: number, color: string) {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})"><polygon points="-14,-6 -7,-14 7,-14 14,-6 0,14" fill="${color}"/><polygon points="-14,-6 14,-6 0,14" fill="#000" opacity=".18"/><polygon points="-7,-14 0,-6 7,-14" fill="#fff" opacity=".45"/><polyline points="-14,-6 -7,-14 7,-14 14,-6 0,14 -14,-6" fill="none" stroke="#fff" stroke-width="1.2" opacity=".7"/></g>`;
}

// Golden Croupier's own symbols (games/engines/slot/paytable.ts), as its reels draw them.
function crown(x: number, y: number, s: number) {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})"><path d="M-14 -6 L-7 2 L0 -12 L7 2 L14 -6 L11 10 L-11 10 Z" fill="#ffd25a" stroke="#7a4a06" stroke-width="1.6" stroke-linejoin="round"/><circle cx="0" cy="4" r="2.6" fill="#e3203f"/><circle cx="-14" cy="-7" r="2.2" fill="#ffd25a"/><circle cx="14" cy="-7" r="2.2" fill="#ffd25a"/><circle cx="0" cy="-13" r="2.4" fill="#ffd25a"/></g>`;
}

function chip(x: number, y: number, s: number) {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})"><circle r="14" fill="#0b5a3a"/><circle r="14" fill="none" stroke="#f1f2f6" stroke-width="3.6" stroke-dasharray="4.8 3.8"/><circle r="9.5" fill="#12a866" stroke="#fff" stroke-width="1"/><text y="4.5" font-family="'Arial Black', Arial, sans-serif" font-size="12" font-weight="900" text-anchor="middle" fill="#ffe08a">$</text></g>`;
}

function letter(x: number, y: number, s: number, text: string, color: string) {
  return `<text x="${n(x)}" y="${n(y + 10 * s)}" font-family="Georgia, 'Times New Roman', serif" font-size="${n(30 * s)}" font-weight="900" text-anchor="middle" fill="${color}" stroke="#1a1030" stroke-width="1.6" paint-order="stroke">${text}</text>`;
}

function wild(x: number, y: number, s: number) {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})"><circle r="14" fill="#6a1fd1" stroke="#ffd25a" stroke-width="2"/><text y="3.5" font-family="'Arial Black', Arial, sans-serif" font-size="8.5" font-weight="900" text-anchor="middle" fill="#ffd25a">WILD</text></g>`;
}

const ROYAL_LETTERS = [
  ['A', '#ff7a45'],
  ['K', '#4d8dff'],
  ['Q', '#d04be8'],
  ['J', '#2fc25b'],
] as const;

/** Golden Croupier's five reels with its own symbols on each line: the games on the slot engine. */
function reels(game: Game, p: Palette) {
  const next = random(hash(`${game.sysname}:reels`));
  let out = `<rect x="16" y="18" width="256" height="118" rx="14" fill="${p.deep}" stroke="${p.accent}" stroke-width="3"/>`;
  for (let reel = 0; reel < 5; reel++) {
    const x = 24 + reel * 49;
    out += `<rect x="${x}" y="26" width="43" height="102" rx="8" fill="${p.light}"/>`;
    for (let row = 0; row < 3; row++) {
      const cx = x + 21.5;
      const cy = 44 + row * 33;
      const pick = next();
      const [text, color] = ROYAL_LETTERS[Math.floor(next() * ROYAL_LETTERS.length)];
      out += pick < 0.25 ? crown(cx, cy, 0.95) : pick < 0.42 ? gem(cx, cy, 0.9, '#4fc3f7') : pick < 0.56 ? chip(cx, cy, 0.95) : pick < 0.61 ? wild(cx, cy, 0.95) : letter(cx, cy, 0.9, text, color);
    }
  }
  // The win line.
  out += `<line x1="20" y1="77" x2="268" y2="77" stroke="${p.accent}" stroke-width="3" opacity=".85"/>`;
  return out;
}

/** A roulette wheel: 37 pockets, the zero green. */
function wheel(cx: number, cy: number, r: number, p: Palette) {
  let out = `<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="#5d3a1a" stroke="${p.accent}" stroke-width="3"/>`;
  const pockets = 37;
  for (let i = 0; i < pockets; i++) {
    const a0 = (i / pockets) * Math.PI * 2 - Math.PI / 2;
    const a1 = ((i + 1) / pockets) * Math.PI * 2 - Math.PI / 2;
    const color = i === 0 ? '#2e7d32' : i % 2 ? '#c62828' : '#1b1b1b';
    out += `<path d="M${cx} ${cy} L${n(cx + r * Math.cos(a0))} ${n(cy + r * Math.sin(a0))} A${r} ${r} 0 0 1 ${n(cx + r * Math.cos(a1))} ${n(cy + r * Math.sin(a1))} Z" fill="${color}"/>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.62)}" fill="#8d5a2b" stroke="#d4a017" stroke-width="2"/>`;
  out += `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.2)}" fill="#d4a017"/>`;
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 2;
    out += `<line x1="${cx}" y1="${cy}" x2="${n(cx + r * 0.5 * Math.cos(a))}" y2="${n(cy + r * 0.5 * Math.sin(a))}" stroke="#d4a017" stroke-width="3" stroke-linecap="round"/>`;
  }
  out += `<circle cx="${n(cx + r * 0.82)}" cy="${n(cy - r * 0.3)}" r="${n(r * 0.07)}" fill="#fff"/>`;
  return out;
}

const SUITS = [
  { symbol: '♠', color: '#1b1b1b' },
  { symbol: '♥', color: '#d32f2f' },
  { symbol: '♦', color: '#d32f2f' },
  { symbol: '♣', color: '#1b1b1b' },
];
const RANKS = ['A', 'K', 'Q', 'J', '10', '9'];

function card(x: number, y: number, angle: number, rank: string, suit: (typeof SUITS)[number], scale = 1) {
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle}) scale(${scale})"><rect x="-26" y="-37" width="52" height="74" rx="6" fill="#fff" stroke="#ccc"/><text x="-19" y="-19" font-family="Arial, sans-serif" font-size="15" font-weight="700" fill="${suit.color}">${rank}</text><text x="0" y="14" font-family="Arial, sans-serif" font-size="30" text-anchor="middle" fill="${suit.color}">${suit.symbol}</text></g>`;
}

/** A fan of cards: blackjack, baccarat, poker. */
function cards(game: Game, cx: number, cy: number, scale = 1) {
  const next = random(hash(`${game.sysname}:cards`));
  const count = 3;
  let out = '';
  for (let i = 0; i < count; i++) {
    const angle = (i - (count - 1) / 2) * 16;
    out += card(cx + (i - 1) * 34 * scale, cy + Math.abs(i - 1) * 6 * scale, angle, RANKS[Math.floor(next() * RANKS.length)], SUITS[Math.floor(next() * SUITS.length)], scale);
  }
  return out;
}

const PIPS: Record<number, Array<[number, number]>> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function die(x: number, y: number, size: number, angle: number, face: number, color: string, pip: string) {
  const step = size * 0.27;
  const pips = PIPS[face].map(([dx, dy]) => `<circle cx="${n(dx * step)}" cy="${n(dy * step)}" r="${n(size * 0.09)}" fill="${pip}"/>`).join('');
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle})"><rect x="${n(-size / 2)}" y="${n(-size / 2)}" width="${size}" height="${size}" rx="${n(size * 0.18)}" fill="${color}" stroke="#000" stroke-opacity=".25"/>${pips}</g>`;
}

function dice(game: Game, cx: number, cy: number, size: number, p: Palette) {
  const count = 2;
  const next = random(hash(`${game.sysname}:dice`));
  let out = '';
  for (let i = 0; i < count; i++) {
    out += die(cx + (i - (count - 1) / 2) * size * 1.25, cy + (i % 2 ? 8 : -6), size, Math.round(next() * 40 - 20), 1 + Math.floor(next() * 6), i % 2 ? p.light : '#fff', i % 2 ? p.base : '#c62828');
  }
  return out;
}

/**
 * Croupier Plinko as it plays: its own 10-row board and high-risk table (slot colours, pegs and
 * multipliers from the game's client), a ball on a path into a slot.
 */
function plinkoBoard(p: Palette) {
  const rows = 8;
  const board = boardOf(rows);
  const table = multipliersFor(rows, 'high');
  let out = `<g transform="translate(24 4) scale(0.6 ${n((136 / board.height) * 1000) / 1000})">`;
  for (const peg of board.pegs) out += `<circle cx="${n(peg.x)}" cy="${n(peg.y)}" r="${board.pegRadius + 0.5}" fill="${p.light}" opacity=".9"/>`;
  const points = pathPoints(board, [1, 0, 0, 1, 0, 1, 0, 0]).slice(0, 7);
  out += `<polyline points="${points.map((point) => `${n(point.x)},${n(point.y)}`).join(' ')}" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2.5" stroke-dasharray="5 5"/>`;
  table.forEach((m, k) => {
    const slot = board.slots[k];
    out += `<rect x="${n(slot.x - board.gap / 2 + 2)}" y="${n(slot.y)}" width="${n(board.gap - 4)}" height="22" rx="5" fill="${slotColour(k, rows)}"/>`;
    out += `<text x="${n(slot.x)}" y="${n(slot.y + 16)}" font-family="Arial, sans-serif" font-size="15" font-weight="800" text-anchor="middle" fill="#1a1030">${showMultiplier(m)}</text>`;
  });
  const ball = points[points.length - 1];
  out += `<circle cx="${n(ball.x)}" cy="${n(ball.y)}" r="${board.ballRadius + 1}" fill="#ff7a3d" stroke="#fff" stroke-width="2"/></g>`;
  return out;
}

/**
 * Croupier Limbo as it plays: a result that cleared its target, in the game's green, over the
 * game's log meter (1x to 1M) with the target's gold flag.
 */
function limboMeter(p: Palette) {
  const target = 1000;
  const result = 2453;
  const left = 34;
  const width = 220;
  const x = (hundredths: number) => n(left + width * meterPosition(hundredths));
  // The game's stage: a dark blue panel, so the result reads as it does in play.
  let out = `<rect x="18" y="22" width="252" height="124" rx="16" fill="#0b1a2c" opacity=".88"/>`;
  out += `<text x="144" y="50" font-family="Arial, sans-serif" font-size="15" font-weight="700" text-anchor="middle" fill="${p.light}" opacity=".8" letter-spacing="2">TARGET ${showLimbo(target)}×</text>`;
  out += `<text x="144" y="100" font-family="Arial, sans-serif" font-size="46" font-weight="900" text-anchor="middle" fill="#3ee6a4">${showLimbo(result)}×</text>`;
  out += `<rect x="${left}" y="114" width="${width}" height="9" rx="4.5" fill="#fff" opacity=".14"/>`;
  out += `<rect x="${left}" y="114" width="${n(x(result) - left)}" height="9" rx="4.5" fill="#16c784"/>`;
  out += `<rect x="${n(x(target) - 2)}" y="108" width="4" height="21" rx="2" fill="#ffd25a"/>`;
  for (const mark of METER_MARKS) out += `<text x="${x(mark)}" y="140" font-family="Arial, sans-serif" font-size="8" font-weight="700" text-anchor="middle" fill="${p.light}" opacity=".7">${markLabel(mark)}×</text>`;
  return out;
}

/**
 * Croupier Keno as it plays: its 8 x 5 board of 40 numbers on the game's violet panel, with
 * picks in gold, picks drawn (hits) in green and other drawn numbers underlined in violet.
 */
function kenoBoard() {
  const picks = [4, 9, 15, 22, 28, 33, 38];
  const drawn = [2, 9, 13, 15, 20, 26, 31, 33, 36, 40];
  let out = `<rect x="40" y="6" width="208" height="138" rx="14" fill="#1a1033" opacity=".92"/>`;
  for (const num of BOARD) {
    const x = 48 + ((num - 1) % 8) * 24.5;
    const y = 14 + Math.floor((num - 1) / 8) * 25.5;
    const state = cellState(num, picks, drawn);
    const fill = { hit: '#3ee6a4', picked: '#ffd25a', drawn: '#3b3160', idle: '#0b0a1f' }[state];
    out += `<rect x="${n(x)}" y="${n(y)}" width="21" height="21" rx="5" fill="${fill}" stroke="${state === 'drawn' ? '#9b7bff' : '#ffffff'}" stroke-opacity="${state === 'drawn' ? 1 : 0.12}"/>`;
    out += `<text x="${n(x + 10.5)}" y="${n(y + 14.5)}" font-family="Arial, sans-serif" font-size="10" font-weight="800" text-anchor="middle" fill="${state === 'hit' || state === 'picked' ? '#1a1030' : '#f1eefe'}">${num}</text>`;
  }
  return out;
}

/**
 * Croupier Mines as it plays: its 5 x 5 board on the game's deep teal panel after a round that
 * hit a mine, the gems found, the mine hit in red and the other mines uncovered, with the same
 * gem and mine the board draws.
 */
function minesBoard() {
  const picks = [6, 12, 2, 17, 8];
  const minesAt = [4, 8, 15, 21];
  const gem = (x: number, y: number, s: number, dim: boolean) =>
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})" opacity="${dim ? 0.35 : 1}"><path d="${GEM_PATHS.body}" fill="#2fd39a" stroke="#c9ffe9" stroke-width="1.5" stroke-linejoin="round"/><path d="${GEM_PATHS.facets}" fill="none" stroke="#e9fff6" stroke-opacity=".55" stroke-width="1.4"/><path d="${GEM_PATHS.shine}" fill="#fff" fill-opacity=".55"/></g>`;
  const mine = (x: number, y: number, s: number, dim: boolean) =>
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})" opacity="${dim ? 0.85 : 1}">${MINE_SPIKES.map((a) => `<rect x="30" y="6" width="4" height="12" rx="2" fill="#2b2d3d" stroke="#8a8fa8" transform="rotate(${a} 32 34)"/>`).join('')}<circle cx="32" cy="34" r="17" fill="#3a3d52" stroke="#b8bdd6" stroke-width="1.2"/><circle cx="26" cy="28" r="4.5" fill="#fff" fill-opacity=".35"/><circle cx="32" cy="34" r="4" fill="#ff5a6e"/></g>`;
  let out = `<rect x="76" y="4" width="136" height="140" rx="14" fill="#0b2533" opacity=".94"/>`;
  for (let tile = 0; tile < 25; tile++) {
    const x = 82 + (tile % 5) * 25.6;
    const y = 10 + Math.floor(tile / 5) * 26.6;
    const look = tileLook(tile, picks, minesAt);
    const fill = { hidden: '#24506a', gem: '#0d2f2a', boom: '#7a1f2e', 'gem-dim': '#0a1a22', 'mine-dim': '#0a1a22' }[look];
    const stroke = look === 'gem' ? '#3ee6a4' : look === 'boom' ? '#ff5a6e' : '#ffffff';
    out += `<rect x="${n(x)}" y="${n(y)}" width="22.5" height="22.5" rx="5" fill="${fill}" stroke="${stroke}" stroke-opacity="${look === 'gem' || look === 'boom' ? 0.9 : 0.12}"/>`;
    if (look === 'gem' || look === 'gem-dim') out += gem(x + 4.2, y + 4.2, 0.22, look === 'gem-dim');
    if (look === 'boom' || look === 'mine-dim') out += mine(x + 3.6, y + 2.8, 0.24, look === 'mine-dim');
  }
  return out;
}

/**
 * Croupier Baccarat as it plays: its felt with a coup face up (Player 4♠ 5♥ for a natural 9
 * against Banker 7♦ K♣), the totals the engine counts, and the three betting areas with their odds.
 */
function baccaratTable() {
  const face = (name: string, x: number, y: number, angle: number) => {
    const f = cardFace(parseCard(name));
    return card(x, y, angle, f.rank, { symbol: f.symbol, color: f.red ? '#c8102e' : '#15171f' } as (typeof SUITS)[number], 0.62);
  };
  const hand = (names: string[], cx: number, label: string, colour: string) => {
    const total = totalOf(names.map(parseCard));
    let out = `<text x="${cx}" y="22" font-family="Arial, sans-serif" font-size="10" font-weight="900" letter-spacing="2" text-anchor="middle" fill="${colour}">${label}</text>`;
    names.forEach((name, i) => (out += face(name, cx - 14 + i * 28, 56, (i - 0.5) * 8)));
    out += `<circle cx="${cx}" cy="92" r="10" fill="#000" opacity=".55"/><text x="${cx}" y="96" font-family="Arial, sans-serif" font-size="12" font-weight="900" text-anchor="middle" fill="#fff">${total}</text>`;
    return out;
  };
  let out = `<rect x="14" y="6" width="260" height="140" rx="26" fill="#0c4638" stroke="#e8c97a" stroke-opacity=".6" stroke-width="2"/>`;
  out += hand(['4S', '5H'], 88, 'PLAYER', '#7dd3fc') + hand(['7D', 'KC'], 200, 'BANKER', '#fda4af');
  const areas = [
    { x: 26, w: 90, label: 'PLAYER', spot: 'player', fill: '#0c3a5c', text: '#7dd3fc' },
    { x: 122, w: 44, label: 'TIE', spot: 'tie', fill: '#0b4a32', text: '#6ee7b7' },
    { x: 172, w: 90, label: 'BANKER', spot: 'banker', fill: '#5c1426', text: '#fda4af' },
  ] as const;
  for (const a of areas) {
    out += `<rect x="${a.x}" y="108" width="${a.w}" height="30" rx="8" fill="${a.fill}" stroke="#e8c97a" stroke-opacity="${a.spot === 'player' ? 1 : 0.5}" stroke-width="${a.spot === 'player' ? 2 : 1}"/>`;
    out += `<text x="${a.x + a.w / 2}" y="121" font-family="Arial, sans-serif" font-size="9" font-weight="900" text-anchor="middle" fill="${a.text}">${a.label}</text>`;
    out += `<text x="${a.x + a.w / 2}" y="132" font-family="Arial, sans-serif" font-size="8" font-weight="700" text-anchor="middle" fill="#e8c97a">${oddsLabel(a.spot)}</text>`;
  }
  return out;
}

/**
 * Croupier Hi-Lo as it plays: the game's own cards (hilo-logic's cardSvg, the faces of the
 * client's PlayingCard) on its blue table, a strip of right guesses leading to the card shown,
 * and the two guess buttons with their multipliers.
 */
function hiloTable() {
  let out = `<rect x="14" y="8" width="260" height="138" rx="16" fill="#0f3349" opacity=".92"/>`;
  const strip = ['4C', '9H', 'JS'];
  strip.forEach((name, i) => {
    out += cardSvg(parseCard(name), 24 + i * 30, 94, 0.3);
    out += `<text x="${39 + i * 30}" y="90" font-family="Arial, sans-serif" font-size="9" font-weight="900" text-anchor="middle" fill="#3ee6a4">${i === 0 ? '' : '▲ ✓'}</text>`;
  });
  out += cardSvg(parseCard('5D'), 120, 16, 0.78, 0);
  out += `<rect x="212" y="24" width="54" height="46" rx="10" fill="#16c784"/><text x="239" y="43" font-family="Arial, sans-serif" font-size="11" font-weight="900" text-anchor="middle" fill="#fff">▲=</text><text x="239" y="60" font-family="Arial, sans-serif" font-size="12" font-weight="900" text-anchor="middle" fill="#fff">1.44×</text>`;
  out += `<rect x="212" y="78" width="54" height="46" rx="10" fill="#e0434f"/><text x="239" y="97" font-family="Arial, sans-serif" font-size="11" font-weight="900" text-anchor="middle" fill="#fff">▼=</text><text x="239" y="114" font-family="Arial, sans-serif" font-size="12" font-weight="900" text-anchor="middle" fill="#fff">2.60×</text>`;
  out += `<text x="70" y="40" font-family="Arial, sans-serif" font-size="20" font-weight="900" text-anchor="middle" fill="#ffd25a">3.95×</text>`;
  return out;
}

/**
 * Croupier Video Poker as it plays: its indigo table, the top of its own paytable (video-poker
 * logic's rows, the full house lit), and five of the game's cards with the three held ones
 * raised under their HELD labels: a full house of queens and sevens.
 */
function videoPokerTable() {
  let out = `<rect x="12" y="6" width="264" height="140" rx="16" fill="#16154a" opacity=".94"/>`;
  const rows = paytableRows('1.00', { phase: 'settled', result: 'full-house', dealtResult: null }).slice(0, 4);
  rows.forEach((row, i) => {
    const y = 14 + i * 11;
    if (row.lit) out += `<rect x="22" y="${y}" width="244" height="11" rx="3" fill="#ffc940"/>`;
    const colour = row.lit ? '#15171f' : '#ffe6a3';
    const label = row.hand.replace(/-/g, ' ').toUpperCase();
    out += `<text x="28" y="${y + 8.5}" font-family="Arial, sans-serif" font-size="8" font-weight="900" fill="${colour}">${label}</text><text x="258" y="${y + 8.5}" font-family="Arial, sans-serif" font-size="8" font-weight="900" text-anchor="end" fill="${colour}">${row.pays}</text>`;
  });
  const hand = ['QS', 'QH', '7D', 'QC', '7S'];
  const held = [true, true, false, true, false];
  hand.forEach((name, i) => {
    const x = 27 + i * 48;
    const y = held[i] ? 72 : 78;
    out += cardSvg(parseCard(name), x, y, 0.44);
    if (held[i]) out += `<rect x="${x + 4}" y="${y - 11}" width="36" height="10" rx="2" fill="#ffc940"/><text x="${x + 22}" y="${y - 3}" font-family="Arial, sans-serif" font-size="7.5" font-weight="900" text-anchor="middle" fill="#15171f">HELD</text>`;
  });
  return out;
}

/**
 * Rivet Royale: its own symbols (app/features/studio/coins/art.ts, as the game draws them) on a
 * brass board, Hold and Win under way: coins held with their values beside the reels' pictures.
 */
function rivetBoard() {
  const board: Array<keyof typeof SYMBOL_SHAPES | string> = ['zeppelin', '5×', 'watch', 'MAJOR', 'tophat', 'gear', 'wild', '2×', 'lamp', '10×', '1×', 'wrench', 'MINI', 'zeppelin', '3×'];
  let out = `<defs>${GRADIENTS.map(shapeMarkup).join('')}</defs><rect x="22" y="14" width="244" height="128" rx="14" fill="#e0a24e"/><rect x="26" y="18" width="236" height="120" rx="11" fill="#1f140c"/>`;
  board.forEach((cell, index) => {
    const reel = index % 5;
    const row = Math.floor(index / 5);
    const x = 31 + reel * 46.4;
    const y = 22 + row * 38.6;
    out += `<rect x="${n(x)}" y="${n(y)}" width="42" height="35" rx="6" fill="#3b2616"/>`;
    const shapes = SYMBOL_SHAPES[cell as keyof typeof SYMBOL_SHAPES];
    const symbol = shapes ? cell : 'coin';
    out += `<g transform="translate(${n(x + 4.5)} ${n(y + 1)}) scale(0.33)">${SYMBOL_SHAPES[symbol as keyof typeof SYMBOL_SHAPES].map(shapeMarkup).join('')}</g>`;
    if (!shapes) out += `<text x="${n(x + 21)}" y="${n(y + 21)}" font-family="'Arial Black', Arial, sans-serif" font-size="${cell.length > 3 ? 6.5 : 9}" font-weight="900" text-anchor="middle" fill="#4a2a02">${cell}</text>`;
  });
  return out;
}

/**
 * Pearl Cascade as it plays, with the client's own symbols (cascade-art.ts): its 6 x 5 grid with
 * eight pearls glowing for a win, a lanternfish beside it and a x100 bubble.
 */
function cascadeBoard() {
  const rows: CascadeSymbol[][] = [
    ['pearl', 'ruby', 'sapphire', 'pearl', 'emerald', 'amethyst'],
    ['amethyst', 'pearl', 'starfish', 'crab', 'pearl', 'ruby'],
    ['sapphire', 'turtle', 'pearl', 'pearl', 'scallop', 'emerald'],
    ['emerald', 'pearl', 'amethyst', 'ruby', 'lanternfish', 'pearl'],
    ['crab', 'ruby', 'emerald', 'sapphire', 'amethyst', 'starfish'],
  ];
  const prefix = 'pc-art';
  let out = `<defs>${cascadeDefs(prefix)}</defs><rect x="60" y="6" width="168" height="138" rx="14" fill="#061a33" stroke="#7fe7ff" stroke-width="2.5"/>`;
  rows.forEach((row, r) =>
    row.forEach((symbol, c) => {
      const x = 66 + c * 26.3;
      const y = 12 + r * 26.3;
      const hit = symbol === 'pearl';
      out += `<rect x="${n(x)}" y="${n(y)}" width="24.5" height="24.5" rx="6" fill="${hit ? '#7fe7ff' : '#ffffff'}" fill-opacity="${hit ? 0.28 : 0.07}"${hit ? ' stroke="#bff6ff" stroke-width="1.2"' : ''}/>`;
      out += cascadeSymbolSvg(symbol, prefix, n(x + 1.5), n(y + 1.5), 21.5);
    }),
  );
  out += cascadeSymbolSvg('lanternfish', prefix, -2, 52, 64);
  out += `${cascadeSymbolSvg('bubble', prefix, 230, 40, 54)}<text x="257" y="74" font-family="'Trebuchet MS', Arial, sans-serif" font-size="17" font-weight="900" text-anchor="middle" fill="#fff" stroke="#063a5c" stroke-width="3" paint-order="stroke">×100</text>`;
  return out;
}

/**
 * What the picture shows is what the game's engine deals: a game on the slot engine shows that
 * slot's own symbols, an RNG table never shows a dealer, a dice game never a crash rocket (issue
 * 29: a thumbnail promising cherries the reels never show misleads the player). Every seeded game
 * runs on one of our engines; an external provider's game brings its provider's picture.
 */
function motif(game: Game, p: Palette): string {
  if (!game.engine) throw new Error(`${game.sysname}: a seeded game without an engine has no picture of ours`);
  switch (game.engine) {
    case 'slot':
      return reels(game, p);
    case 'roulette':
      return wheel(144, 78, 58, p);
    case 'blackjack':
      return `<ellipse cx="144" cy="92" rx="128" ry="54" fill="#1e6b3a" stroke="${p.accent}" stroke-width="3"/>${cards(game, 144, 80)}`;
    case 'dice':
      return dice(game, 144, 78, 54, p);
    case 'plinko':
      return plinkoBoard(p);
    case 'limbo':
      return limboMeter(p);
    case 'keno':
      return kenoBoard();
    case 'mines':
      return minesBoard();
    case 'baccarat':
      return baccaratTable();
    case 'hilo':
      return hiloTable();
    case 'video-poker':
      return videoPokerTable();
    case 'cascade':
      return cascadeBoard();
    case 'coins':
      return rivetBoard();
  }
}

/** The SVG of one game. */
export function gameArt(game: Game): string {
  const p = palette(game.sysname);
  const next = random(hash(`${game.sysname}:sparkles`));
  let sparkles = '';
  for (let i = 0; i < 14; i++) sparkles += `<circle cx="${n(next() * W)}" cy="${n(next() * 150)}" r="${n(0.6 + next() * 1.8)}" fill="#fff" opacity="${n(0.15 + next() * 0.35)}"/>`;
  const name = escapeXml(game.name);
  const fontSize = Math.min(22, Math.floor(250 / Math.max(8, game.name.length * 0.56)));
  const id = `g-${game.sysname}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${name}">
<defs>
<linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.base}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>
<radialGradient id="${id}-glow" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="${p.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>
<rect width="${W}" height="${H}" fill="url(#${id}-glow)"/>
${sparkles}
${motif(game, p)}
<rect x="0" y="148" width="${W}" height="44" fill="${p.deep}" opacity=".82"/>
<rect x="0" y="148" width="${W}" height="2" fill="${p.accent}"/>
<text x="${W / 2}" y="${170 + Math.round(fontSize / 3)}" font-family="'Trebuchet MS', 'Segoe UI', Arial, sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#fff" letter-spacing=".5">${name}</text>
</svg>
`;
}

export const ART_FOLDER = new URL('../public/games/', import.meta.url);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(ART_FOLDER, { recursive: true });
  const { games } = readGameSeed();
  for (const game of games) writeFileSync(new URL(`${game.sysname}.svg`, ART_FOLDER), gameArt(game));
  console.log(`wrote ${games.length} pictures to public/games/`);
}
