/**
 * Pearl Cascade's symbols as SVG markup (view box 100 x 100), drawn here and shared by the game
 * client and the catalogue picture (scripts/generate-game-art.ts). Plain strings, no React: the
 * gradients' ids carry a prefix, so the client (one game per page) and a picture can each hold
 * their own copy of the definitions.
 */
import type { CascadeSymbol } from '../../../../games/engines/cascade/paytable.ts';

const radial = (id: string, stops: Array<[number, string]>, cx = 0.38, cy = 0.32, r = 0.75) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</radialGradient>`;
const linear = (id: string, stops: Array<[number, string]>, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;

/** The gradients every symbol refers to, ids `${prefix}-name`. */
export function cascadeDefs(prefix: string): string {
  return [
    radial(`${prefix}-pearl`, [[0, '#ffffff'], [0.45, '#f3e9ff'], [0.8, '#c7b4f0'], [1, '#8b73c9']]),
    radial(`${prefix}-glow`, [[0, '#fff6c9'], [0.5, '#ffd86b'], [1, 'rgba(255,216,107,0)']], 0.5, 0.5, 0.5),
    linear(`${prefix}-scallop`, [[0, '#ffd3b8'], [0.55, '#ff8f6b'], [1, '#d9485f']]),
    radial(`${prefix}-shell`, [[0, '#8fe3c8'], [0.6, '#2f9e7a'], [1, '#14563f']]),
    linear(`${prefix}-star`, [[0, '#ffd166'], [0.6, '#ff8c2b'], [1, '#d9480f']]),
    radial(`${prefix}-crab`, [[0, '#ff8a7a'], [0.6, '#e0362c'], [1, '#8c1410']]),
    linear(`${prefix}-ruby`, [[0, '#ff9aa8'], [0.45, '#e8173f'], [1, '#7a0620']], 1, 1),
    linear(`${prefix}-emerald`, [[0, '#9dffd0'], [0.45, '#10b872'], [1, '#05583a']], 1, 1),
    linear(`${prefix}-sapphire`, [[0, '#b8e4ff'], [0.45, '#2f7bff'], [1, '#0b2b8f']], 1, 1),
    linear(`${prefix}-amethyst`, [[0, '#f1c6ff'], [0.45, '#a63ff0'], [1, '#4b0f86']], 1, 1),
    radial(`${prefix}-fish`, [[0, '#3f7fd6'], [0.7, '#1b3f86'], [1, '#0b1d45']]),
    radial(`${prefix}-bubble`, [[0, 'rgba(255,255,255,0.05)'], [0.7, 'rgba(120,220,255,0.25)'], [1, 'rgba(190,245,255,0.85)']], 0.5, 0.5, 0.5),
  ].join('');
}

/** A cut gem: its outline, the table facet and the lines between. */
const gem = (fill: string, outline: string, table: string, facets: string) =>
  `<path d="${outline}" fill="url(#${fill})" stroke="#ffffff" stroke-opacity=".7" stroke-width="2" stroke-linejoin="round"/><path d="${table}" fill="#ffffff" fill-opacity=".28"/><path d="${facets}" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="1.6" stroke-linejoin="round"/><path d="M30 30l6-4" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-opacity=".8"/>`;

/** The markup of one symbol (no <svg> around it). */
export function cascadeSymbolMarkup(symbol: CascadeSymbol, prefix: string): string {
  const u = (name: string) => `${prefix}-${name}`;
  switch (symbol) {
    case 'pearl':
      return `<circle cx="50" cy="50" r="48" fill="url(#${u('glow')})" opacity=".75"/><circle cx="50" cy="50" r="38" fill="none" stroke="#ffd86b" stroke-width="3" stroke-dasharray="2 5" stroke-linecap="round" opacity=".9"/><circle cx="50" cy="50" r="33" fill="url(#${u('pearl')})" stroke="#ffffff" stroke-opacity=".7" stroke-width="1.5"/><path d="M26 58a26 26 0 0 0 40 12" stroke="#ffc6e6" stroke-width="4" fill="none" stroke-linecap="round" opacity=".55"/><ellipse cx="39" cy="37" rx="11" ry="6.5" fill="#ffffff" opacity=".9" transform="rotate(-30 39 37)"/><circle cx="64" cy="66" r="4" fill="#ffffff" opacity=".5"/>`;
    case 'scallop': {
      let ribs = '';
      for (let i = -3; i <= 3; i++) ribs += `<path d="M50 82L${50 + i * 12} ${22 + Math.abs(i) * 4}" stroke="#8c1d3a" stroke-opacity=".45" stroke-width="2.2" stroke-linecap="round"/>`;
      return `<path d="M50 84L14 44C14 26 30 14 50 14C70 14 86 26 86 44Z" fill="url(#${u('scallop')})" stroke="#fff1e6" stroke-width="2.5" stroke-linejoin="round"/>${ribs}<path d="M36 84h28l-4 8H40z" fill="#ff8f6b" stroke="#fff1e6" stroke-width="2" stroke-linejoin="round"/><path d="M30 28c6-6 14-8 20-8" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-opacity=".7" fill="none"/>`;
    }
    case 'turtle':
      return `<ellipse cx="22" cy="34" rx="9" ry="6" fill="#5cc79b" transform="rotate(-35 22 34)"/><ellipse cx="78" cy="34" rx="9" ry="6" fill="#5cc79b" transform="rotate(35 78 34)"/><ellipse cx="24" cy="74" rx="8" ry="5" fill="#5cc79b" transform="rotate(35 24 74)"/><ellipse cx="76" cy="74" rx="8" ry="5" fill="#5cc79b" transform="rotate(-35 76 74)"/><circle cx="50" cy="18" r="10" fill="#5cc79b" stroke="#e6fff4" stroke-width="1.5"/><circle cx="46" cy="16" r="2" fill="#0b2b22"/><circle cx="54" cy="16" r="2" fill="#0b2b22"/><ellipse cx="50" cy="55" rx="28" ry="31" fill="url(#${u('shell')})" stroke="#e6fff4" stroke-width="2.5"/><path d="M50 36l10 7v12l-10 7-10-7V43z" fill="#9ff0d2" fill-opacity=".35" stroke="#e6fff4" stroke-opacity=".7" stroke-width="1.6"/><path d="M50 36V26M60 43l12-6M60 55l12 6M50 62v22M40 55l-12 6M40 43l-12-6" stroke="#e6fff4" stroke-opacity=".6" stroke-width="1.6"/>`;
    case 'starfish': {
      const points: string[] = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const r = i % 2 === 0 ? 42 : 18;
        points.push(`${(50 + r * Math.cos(a)).toFixed(1)} ${(53 + r * Math.sin(a)).toFixed(1)}`);
      }
      let dots = '';
      for (let i = 0; i < 5; i++) {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
        for (const r of [14, 25]) dots += `<circle cx="${(50 + r * Math.cos(a)).toFixed(1)}" cy="${(53 + r * Math.sin(a)).toFixed(1)}" r="${r === 14 ? 2.6 : 2}" fill="#fff3d6" opacity=".85"/>`;
      }
      return `<path d="M${points.join('L')}Z" fill="url(#${u('star')})" stroke="#fff3d6" stroke-width="2.5" stroke-linejoin="round"/>${dots}<circle cx="50" cy="53" r="4" fill="#fff3d6"/>`;
    }
    case 'crab':
      return `<path d="M18 40c-8-6-8-18 0-24l4 10 6-8c4 8 2 18-10 22z" fill="url(#${u('crab')})" stroke="#ffe2dc" stroke-width="1.5" stroke-linejoin="round"/><path d="M82 40c8-6 8-18 0-24l-4 10-6-8c-4 8-2 18 10 22z" fill="url(#${u('crab')})" stroke="#ffe2dc" stroke-width="1.5" stroke-linejoin="round"/><path d="M22 40l10 14M78 40l-10 14" stroke="#e0362c" stroke-width="5" stroke-linecap="round"/><path d="M20 66l-8 8M22 74l-6 10M80 66l8 8M78 74l6 10" stroke="#c22a22" stroke-width="4" stroke-linecap="round"/><ellipse cx="50" cy="64" rx="32" ry="22" fill="url(#${u('crab')})" stroke="#ffe2dc" stroke-width="2.5"/><path d="M42 44v-10M58 44v-10" stroke="#e0362c" stroke-width="3.5" stroke-linecap="round"/><circle cx="42" cy="32" r="6" fill="#fff"/><circle cx="58" cy="32" r="6" fill="#fff"/><circle cx="43" cy="33" r="3" fill="#2a0a08"/><circle cx="59" cy="33" r="3" fill="#2a0a08"/><path d="M42 70q8 6 16 0" stroke="#7a100c" stroke-width="2.5" fill="none" stroke-linecap="round"/><ellipse cx="38" cy="56" rx="8" ry="4" fill="#fff" opacity=".35"/>`;
    case 'ruby':
      return gem(u('ruby'), 'M30 16h40l20 22-40 48L10 38z', 'M36 22h28l8 16H28z', 'M10 38h80M30 16l6 22 14 48 14-48 6-22');
    case 'emerald':
      return gem(u('emerald'), 'M32 12h36l16 16v44L68 88H32L16 72V28z', 'M38 26h24l8 8v32l-8 8H38l-8-8V34z', 'M32 12l6 14M68 12l-6 14M84 28l-14 6M84 72l-14-6M68 88l-6-14M32 88l6-14M16 72l14-6M16 28l14 6');
    case 'sapphire':
      return `<circle cx="50" cy="50" r="38" fill="url(#${u('sapphire')})" stroke="#ffffff" stroke-opacity=".7" stroke-width="2"/><path d="M50 22l20 12v24L50 70 30 58V34z" fill="#ffffff" fill-opacity=".22" stroke="#ffffff" stroke-opacity=".5" stroke-width="1.6"/><path d="M50 12v10M83 31l-13 3M83 69l-13-11M50 88V70M17 69l13-11M17 31l13 3" stroke="#ffffff" stroke-opacity=".45" stroke-width="1.6"/><path d="M32 28l7-5" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-opacity=".8"/>`;
    case 'amethyst':
      return gem(u('amethyst'), 'M50 8l28 30-28 54-28-54z', 'M50 18l16 20H34z', 'M22 38h56M50 8v30M50 38l0 54');
    case 'lanternfish':
      return `<circle cx="70" cy="18" r="14" fill="url(#${u('glow')})"/><path d="M46 34C52 18 62 12 70 16" stroke="#ffd86b" stroke-width="2.5" fill="none" stroke-linecap="round"/><circle cx="70" cy="17" r="6" fill="#fff6c9" stroke="#ffd86b" stroke-width="2"/><path d="M84 58L98 42V78Z" fill="#2a5db0" stroke="#9cc7ff" stroke-width="2" stroke-linejoin="round"/><path d="M8 58C8 36 28 28 50 30C72 32 86 44 86 58C86 74 70 86 48 86C26 86 8 78 8 58Z" fill="url(#${u('fish')})" stroke="#9cc7ff" stroke-width="2.5"/><path d="M10 62L40 60L12 70" fill="#0b1d45" stroke="#9cc7ff" stroke-width="1.5" stroke-linejoin="round"/><path d="M14 61l4 5 4-5 4 5 4-5 4 5 4-5M16 68l4-4 4 4 4-4 4 4" stroke="#ffffff" stroke-width="1.6" fill="none" stroke-linejoin="round"/><circle cx="34" cy="46" r="9" fill="#fff6c9"/><circle cx="35" cy="46" r="5" fill="#0b1d45"/><circle cx="37" cy="44" r="1.6" fill="#fff"/><circle cx="58" cy="70" r="2.4" fill="#ffd86b"/><circle cx="66" cy="66" r="2.4" fill="#ffd86b"/><circle cx="74" cy="60" r="2.4" fill="#ffd86b"/><path d="M56 40q10 8 6 20" stroke="#9cc7ff" stroke-opacity=".5" stroke-width="2" fill="none"/>`;
    case 'bubble':
      return `<circle cx="50" cy="50" r="42" fill="url(#${u('bubble')})" stroke="#c9f6ff" stroke-width="2.5"/><path d="M26 36a28 28 0 0 1 18-14" stroke="#ffffff" stroke-width="5" stroke-linecap="round" fill="none" opacity=".85"/><circle cx="70" cy="72" r="4" fill="#ffffff" opacity=".6"/>`;
  }
}

/** A whole symbol as a standalone <svg> at (x, y), `size` wide (the catalogue picture). */
export function cascadeSymbolSvg(symbol: CascadeSymbol, prefix: string, x: number, y: number, size: number): string {
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 100 100">${cascadeSymbolMarkup(symbol, prefix)}</svg>`;
}
