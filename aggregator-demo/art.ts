/**
 * The demo games' thumbnails (288x192, as the hall's tiles), drawn here as SVG: each shows its own
 * game (a scratch card of lanterns, the wheel, two cards), in its studio's colours.
 */
const frame = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 288 192" width="288" height="192" role="img"><defs>${defs}</defs>${body}</svg>`;

/** The scratch card's symbols, centred on 0,0 in a 24-unit box. */
export const SCRATCH_ICONS: Record<string, string> = {
  lantern: '<rect x="-7" y="-9" width="14" height="18" rx="4" fill="#ffb347"/><rect x="-4" y="-13" width="8" height="4" fill="#6b3b12"/>',
  star: '<path d="M0-11 3-3 11-3 5 2 7 10 0 5-7 10-5 2-11-3-3-3Z" fill="#ffe27a"/>',
  moth: '<ellipse cx="-6" cy="0" rx="6" ry="9" fill="#c9b2ff"/><ellipse cx="6" cy="0" rx="6" ry="9" fill="#c9b2ff"/><rect x="-1.5" y="-8" width="3" height="16" fill="#4b2f7a"/>',
  key: '<circle cx="-5" cy="0" r="5" fill="none" stroke="#ffd36b" stroke-width="3"/><rect x="0" y="-1.5" width="12" height="3" fill="#ffd36b"/>',
  flame: '<path d="M0-12C7-4 8 3 0 11-8 3-6-4 0-12Z" fill="#ff7a3d"/>',
  moon: '<path d="M2-10A10 10 0 1 0 10 2A8 8 0 0 1 2-10Z" fill="#fff2c4"/>',
};

function scratch(): string {
  const cells = ['lantern', 'star', 'lantern', 'moth', 'lantern', 'key', 'flame', 'moon', 'star'];
  const icon = SCRATCH_ICONS;
  const grid = cells
    .map((symbol, index) => {
      const x = 150 + (index % 3) * 38;
      const y = 52 + Math.floor(index / 3) * 38;
      const covered = index === 7 || index === 8;
      return `<g transform="translate(${x} ${y})"><rect x="-16" y="-16" width="32" height="32" rx="7" fill="${covered ? 'url(#foil)' : '#2a1636'}"/>${covered ? '' : icon[symbol]}</g>`;
    })
    .join('');
  return frame(
    '<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3d1030"/><stop offset="1" stop-color="#120818"/></linearGradient><linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9d9e3"/><stop offset=".5" stop-color="#9a9aae"/><stop offset="1" stop-color="#e9e9f2"/></linearGradient>',
    `<rect width="288" height="192" fill="url(#bg)"/><circle cx="60" cy="70" r="60" fill="#ff9a3d" opacity=".18"/><g transform="translate(62 86)"><rect x="-24" y="-30" width="48" height="62" rx="14" fill="#ffb347"/><rect x="-14" y="-42" width="28" height="12" rx="3" fill="#6b3b12"/><rect x="-16" y="-20" width="32" height="40" rx="9" fill="#ffe2a8"/><path d="M0-12C6-4 7 3 0 10-7 3-5-4 0-12Z" fill="#ff7a3d"/></g>${grid}<text x="144" y="178" text-anchor="middle" font-family="Georgia,serif" font-size="20" font-weight="700" fill="#ffd9a0">Lantern Scratch</text>`,
  );
}

function wheel(): string {
  const colours = ['#0f5c7a', '#f2c14e', '#0f5c7a', '#e4572e', '#0f5c7a', '#f2c14e', '#0f5c7a', '#76b041', '#0f5c7a', '#f2c14e'];
  const slices = colours
    .map((colour, index) => {
      const a = (index * 36 * Math.PI) / 180;
      const b = ((index + 1) * 36 * Math.PI) / 180;
      const point = (angle: number) => `${(70 * Math.sin(angle)).toFixed(1)} ${(-70 * Math.cos(angle)).toFixed(1)}`;
      return `<path d="M0 0L${point(a)}A70 70 0 0 1 ${point(b)}Z" fill="${colour}" stroke="#062633" stroke-width="2"/>`;
    })
    .join('');
  return frame(
    '<radialGradient id="sky" cx=".5" cy=".3" r=".9"><stop offset="0" stop-color="#1b6f8f"/><stop offset="1" stop-color="#04131c"/></radialGradient>',
    `<rect width="288" height="192" fill="url(#sky)"/><g transform="translate(144 92) rotate(-9)">${slices}<circle r="14" fill="#062633" stroke="#f2c14e" stroke-width="3"/></g><path d="M144 12l-9 14h18z" fill="#fff"/><text x="144" y="182" text-anchor="middle" font-family="Trebuchet MS,sans-serif" font-size="16" font-weight="700" fill="#e6f6ff" letter-spacing="1">NORTHWIND WHEEL</text>`,
  );
}

function highCard(): string {
  const card = (x: number, rotate: number, rank: string, suit: string, colour: string) =>
    `<g transform="translate(${x} 92) rotate(${rotate})"><rect x="-34" y="-48" width="68" height="96" rx="8" fill="#fdfaf2" stroke="#1d2b3a" stroke-width="2"/><text x="-24" y="-26" font-family="Georgia,serif" font-size="18" font-weight="700" fill="${colour}">${rank}</text><text x="0" y="14" text-anchor="middle" font-size="34" fill="${colour}">${suit}</text></g>`;
  return frame(
    '<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#14324a"/><stop offset="1" stop-color="#071521"/></linearGradient>',
    `<rect width="288" height="192" fill="url(#sea)"/><path d="M0 150q36-14 72 0t72 0 72 0 72 0v42H0z" fill="#0c2638"/><path d="M40 36q10-8 20 0q10-8 20 0" fill="none" stroke="#dfe8ef" stroke-width="3"/><path d="M214 28q8-6 16 0q8-6 16 0" fill="none" stroke="#dfe8ef" stroke-width="3"/>${card(110, -8, 'K', '♠', '#1d2b3a')}${card(178, 8, 'A', '♥', '#c8323c')}<text x="144" y="180" text-anchor="middle" font-family="Georgia,serif" font-size="18" font-weight="700" fill="#f1e3c2">Harbour High Card</text>`,
  );
}

export const THUMBNAILS: Record<string, () => string> = {
  'tinderbox-lantern-scratch': scratch,
  'northwind-fortune-wheel': wheel,
  'gullgale-harbour-high-card': highCard,
};
