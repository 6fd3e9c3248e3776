/**
 * Draws the loyalty programme's artwork (server/db/seed/loyalty.json) into public/loyalty/: a
 * 256×256 portrait per character (characters/{sysname}.svg: a face with its own hat or token,
 * colours from its sysname as the game art does), the programme's badge (croupier-club.svg) and
 * one picture per shop product kind (products/{kind}.svg).
 *
 *   npx node scripts/generate-loyalty-art.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readLoyaltySeed } from '../server/db/seed.ts';
import { escapeXml, palette } from './generate-game-art.ts';

const S = 256;

/** What each character wears or holds; an unknown one gets a plain top hat. */
const PROPS: Record<string, (accent: string, light: string) => string> = {
  'lady-luck': (accent) =>
    `<path d="M78 92 Q128 40 178 92 Q150 78 128 80 Q106 78 78 92Z" fill="${accent}"/><circle cx="128" cy="58" r="10" fill="#ffd54f"/><path d="M121 58 l7 -14 l7 14 l-7 14Z" fill="#fff" opacity=".7"/>`,
  'the-dealer': (accent) =>
    `<rect x="84" y="70" width="88" height="14" rx="4" fill="#1b1b1b"/><rect x="84" y="70" width="88" height="5" fill="${accent}" opacity=".8"/><path d="M100 196 l28 -22 l28 22" fill="none" stroke="#1b1b1b" stroke-width="8"/>`,
  'high-roller': (accent) =>
    `<rect x="92" y="36" width="72" height="46" rx="4" fill="#1b1b1b"/><rect x="76" y="78" width="104" height="10" rx="5" fill="#1b1b1b"/><rect x="92" y="66" width="72" height="8" fill="${accent}"/><circle cx="196" cy="196" r="18" fill="#ffd54f" stroke="#b8860b" stroke-width="4"/><text x="196" y="204" font-size="22" font-weight="900" text-anchor="middle" fill="#b8860b">€</text>`,
  'lucky-cat': (accent, light) =>
    `<path d="M84 96 L96 50 L120 86Z M172 96 L160 50 L136 86Z" fill="${light}" stroke="${accent}" stroke-width="4"/><path d="M96 136 h-26 M96 144 h-24 M160 136 h26 M160 144 h24" stroke="#555" stroke-width="3"/><circle cx="128" cy="200" r="12" fill="#ffd54f" stroke="#b8860b" stroke-width="3"/>`,
  'night-owl': (accent) =>
    `<circle cx="196" cy="60" r="22" fill="#fff59d"/><circle cx="206" cy="54" r="20" fill="${accent}" opacity=".9"/><circle cx="106" cy="122" r="20" fill="none" stroke="#1b1b1b" stroke-width="5"/><circle cx="150" cy="122" r="20" fill="none" stroke="#1b1b1b" stroke-width="5"/><path d="M126 122 h4" stroke="#1b1b1b" stroke-width="5"/>`,
};

export function characterArt(sysname: string, name: string): string {
  const p = palette(`character:${sysname}`);
  const prop = (PROPS[sysname] ?? PROPS['the-dealer'])(p.accent, p.light);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}" width="${S}" height="${S}" role="img" aria-label="${escapeXml(name)}">
<defs><radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="${p.glow}"/><stop offset="1" stop-color="${p.deep}"/></radialGradient></defs>
<rect width="${S}" height="${S}" rx="32" fill="url(#bg)"/>
<circle cx="128" cy="128" r="104" fill="none" stroke="${p.accent}" stroke-width="4" opacity=".6"/>
<path d="M56 236 Q128 164 200 236Z" fill="${p.base}" stroke="${p.accent2}" stroke-width="3"/>
<circle cx="128" cy="124" r="50" fill="#f2c9a0"/>
<circle cx="110" cy="120" r="6" fill="#2b2b2b"/><circle cx="146" cy="120" r="6" fill="#2b2b2b"/>
<path d="M108 146 Q128 162 148 146" fill="none" stroke="#8d3b2b" stroke-width="5" stroke-linecap="round"/>
${prop}
</svg>
`;
}

function badge(label: string, sysname: string, symbol: string): string {
  const p = palette(sysname);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}" width="${S}" height="${S}" role="img" aria-label="${escapeXml(label)}">
<rect width="${S}" height="${S}" rx="32" fill="${p.deep}"/>
<polygon points="128,24 218,76 218,180 128,232 38,180 38,76" fill="${p.base}" stroke="${p.accent}" stroke-width="6"/>
<polygon points="128,56 190,92 190,164 128,200 66,164 66,92" fill="${p.glow}" opacity=".55"/>
<text x="128" y="150" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-weight="900" text-anchor="middle" fill="#fff">${escapeXml(symbol)}</text>
</svg>
`;
}

export const LOYALTY_ART_FOLDER = new URL('../public/loyalty/', import.meta.url);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seed = readLoyaltySeed();
  mkdirSync(new URL('characters/', LOYALTY_ART_FOLDER), { recursive: true });
  mkdirSync(new URL('products/', LOYALTY_ART_FOLDER), { recursive: true });
  for (const character of seed.characters) writeFileSync(new URL(`characters/${character.sysname}.svg`, LOYALTY_ART_FOLDER), characterArt(character.sysname, character.names.en ?? character.sysname));
  for (const program of seed.programs) writeFileSync(new URL(`${program.sysname}.svg`, LOYALTY_ART_FOLDER), badge(program.texts.en?.name ?? program.sysname, program.sysname, 'CP'));
  const symbols = { bonus_money: '€', free_spins: '↻', cashback_boost: '%' };
  for (const [kind, symbol] of Object.entries(symbols)) writeFileSync(new URL(`products/${kind}.svg`, LOYALTY_ART_FOLDER), badge(kind, `product:${kind}`, symbol));
  console.log(`wrote ${seed.characters.length} characters, ${seed.programs.length} programme badges and ${Object.keys(symbols).length} product pictures to public/loyalty/`);
}
