/**
 * Rivet Royale's symbols as data: SVG shapes in a 100 x 100 box, drawn by the game client (as
 * React elements, symbols.tsx) and by scripts/generate-game-art.ts (as markup) for the catalogue
 * thumbnail, so both show the same brass-and-steam pictures. Gradient ids start with `rr-`.
 */
import type { CoinsSymbol } from '../../../../games/engines/coins/paytable.ts';

export type Shape = readonly [tag: string, attrs: Readonly<Record<string, string | number>>, children?: readonly Shape[]];

const stops = (...colours: string[]): Shape[] => colours.map((colour, i) => ['stop', { offset: i / (colours.length - 1), 'stop-color': colour }]);

/** The gradients every symbol refers to (defined once per page). */
export const GRADIENTS: readonly Shape[] = [
  ['linearGradient', { id: 'rr-brass', x1: 0, y1: 0, x2: 0, y2: 1 }, stops('#fff1b8', '#e8b04a', '#8a5a12')],
  ['linearGradient', { id: 'rr-copper', x1: 0, y1: 0, x2: 1, y2: 1 }, stops('#ffc29a', '#d9733a', '#6e2c10')],
  ['linearGradient', { id: 'rr-steel', x1: 0, y1: 0, x2: 1, y2: 1 }, stops('#f4f7fb', '#9aa7b8', '#4a5566')],
  ['radialGradient', { id: 'rr-coin', cx: 0.38, cy: 0.32, r: 0.75 }, stops('#fff6c9', '#ffd24a', '#c98a10', '#7a4d05')],
  ['radialGradient', { id: 'rr-wild', cx: 0.5, cy: 0.35, r: 0.7 }, stops('#5ff2d2', '#138a7a', '#073a36')],
  ['linearGradient', { id: 'rr-hat', x1: 0, y1: 0, x2: 0, y2: 1 }, stops('#5b4a7a', '#231a35', '#0e0a16')],
  ['linearGradient', { id: 'rr-balloon', x1: 0, y1: 0, x2: 0, y2: 1 }, stops('#ffb3a1', '#e0543a', '#7a1d12')],
  ['radialGradient', { id: 'rr-glow', cx: 0.5, cy: 0.45, r: 0.55 }, stops('#fffbe0', '#ffd95a', '#ff9d1c00')],
];

const rivets = (cx: number, cy: number, r: number, n: number, size: number, fill = '#fff3c4'): Shape[] =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    return ['circle', { cx: +(cx + r * Math.cos(a)).toFixed(2), cy: +(cy + r * Math.sin(a)).toFixed(2), r: size, fill }];
  });

/** A cog: a toothed ring (a thick dashed circle) over a disc, with a hub. */
const cog = (cx: number, cy: number, r: number, fill: string, teeth = 10): Shape[] => {
  const rim = 2 * Math.PI * (r + 4);
  return [
    ['circle', { cx, cy, r: r + 4, fill: 'none', stroke: fill, 'stroke-width': 10, 'stroke-dasharray': `${(rim / teeth / 2).toFixed(2)} ${(rim / teeth / 2).toFixed(2)}` }],
    ['circle', { cx, cy, r, fill }],
  ];
};

export const SYMBOL_SHAPES: Readonly<Record<CoinsSymbol, readonly Shape[]>> = {
  wild: [
    ...cog(50, 50, 33, 'url(#rr-brass)', 12),
    ['circle', { cx: 50, cy: 50, r: 28, fill: 'url(#rr-wild)', stroke: '#fff1b8', 'stroke-width': 2 }],
    ['text', { x: 50, y: 56, 'text-anchor': 'middle', 'font-family': 'Georgia, serif', 'font-size': 16, 'font-weight': 900, fill: '#fff6d6', stroke: '#073a36', 'stroke-width': 1, 'letter-spacing': 1 }, [['#text', { value: 'WILD' }]]],
  ],
  coin: [
    ['circle', { cx: 50, cy: 50, r: 42, fill: '#6b4305' }],
    ['circle', { cx: 50, cy: 48, r: 41, fill: 'url(#rr-coin)', stroke: '#fff1b8', 'stroke-width': 1.5 }],
    ['circle', { cx: 50, cy: 48, r: 31, fill: 'none', stroke: '#9a650c', 'stroke-width': 2.5 }],
    ...rivets(50, 48, 36, 12, 1.9, '#fff6d0'),
    ['path', { d: 'M30 34 Q50 20 70 34', fill: 'none', stroke: '#fffbe6', 'stroke-width': 3, 'stroke-linecap': 'round', opacity: 0.7 }],
  ],
  zeppelin: [
    ['ellipse', { cx: 50, cy: 40, rx: 40, ry: 19, fill: 'url(#rr-balloon)', stroke: '#4a1208', 'stroke-width': 2 }],
    ['path', { d: 'M14 40 H86 M22 28 Q50 22 78 28 M22 52 Q50 58 78 52', fill: 'none', stroke: '#ffd2c4', 'stroke-width': 1.6, opacity: 0.6 }],
    ['path', { d: 'M86 40 L97 28 L97 52 Z', fill: 'url(#rr-copper)', stroke: '#4a1208', 'stroke-width': 1.5 }],
    ['path', { d: 'M38 58 L42 66 M62 58 L58 66', stroke: '#3a2a14', 'stroke-width': 2 }],
    ['rect', { x: 34, y: 65, width: 32, height: 12, rx: 4, fill: 'url(#rr-brass)', stroke: '#5a3a08', 'stroke-width': 1.5 }],
    ['circle', { cx: 42, cy: 71, r: 2.4, fill: '#3b2a06' }],
    ['circle', { cx: 50, cy: 71, r: 2.4, fill: '#3b2a06' }],
    ['circle', { cx: 58, cy: 71, r: 2.4, fill: '#3b2a06' }],
    ['path', { d: 'M30 77 Q50 88 70 77', fill: 'none', stroke: '#cfd8e6', 'stroke-width': 2, opacity: 0.5 }],
  ],
  tophat: [
    ['ellipse', { cx: 50, cy: 80, rx: 42, ry: 10, fill: 'url(#rr-hat)', stroke: '#0a0710', 'stroke-width': 1.5 }],
    ['path', { d: 'M26 80 L30 18 Q50 12 70 18 L74 80 Z', fill: 'url(#rr-hat)', stroke: '#0a0710', 'stroke-width': 1.5 }],
    ['path', { d: 'M28 58 Q50 64 72 58 L73 70 Q50 76 27 70 Z', fill: 'url(#rr-copper)' }],
    ...cog(50, 64, 6, 'url(#rr-brass)', 8),
    ['path', { d: 'M35 22 L33 54', stroke: '#8c7bb0', 'stroke-width': 3, 'stroke-linecap': 'round', opacity: 0.5 }],
  ],
  watch: [
    ['rect', { x: 44, y: 4, width: 12, height: 10, rx: 3, fill: 'url(#rr-brass)' }],
    ['circle', { cx: 50, cy: 7, r: 5, fill: 'none', stroke: '#e8b04a', 'stroke-width': 2.5 }],
    ['circle', { cx: 50, cy: 55, r: 40, fill: 'url(#rr-brass)', stroke: '#5a3a08', 'stroke-width': 2 }],
    ['circle', { cx: 50, cy: 55, r: 32, fill: '#fbf3dc', stroke: '#8a5a12', 'stroke-width': 2 }],
    ...Array.from({ length: 12 }, (_, i): Shape => {
      const a = (i / 12) * Math.PI * 2;
      return ['line', { x1: +(50 + 26 * Math.sin(a)).toFixed(2), y1: +(55 - 26 * Math.cos(a)).toFixed(2), x2: +(50 + 30 * Math.sin(a)).toFixed(2), y2: +(55 - 30 * Math.cos(a)).toFixed(2), stroke: '#3a2a14', 'stroke-width': i % 3 === 0 ? 3 : 1.5 }];
    }),
    ['path', { d: 'M50 55 L50 33 M50 55 L66 63', stroke: '#2a1d0a', 'stroke-width': 3.5, 'stroke-linecap': 'round' }],
    ['circle', { cx: 50, cy: 55, r: 3.5, fill: '#c0392b' }],
  ],
  lamp: [
    ['circle', { cx: 50, cy: 42, r: 34, fill: 'url(#rr-glow)', opacity: 0.8 }],
    ['path', { d: 'M50 10 C28 10 22 32 32 48 C37 56 38 62 38 68 H62 C62 62 63 56 68 48 C78 32 72 10 50 10 Z', fill: '#fff6cf', 'fill-opacity': 0.85, stroke: '#c98a10', 'stroke-width': 2 }],
    ['path', { d: 'M42 60 L44 40 L48 48 L52 38 L56 48 L58 60', fill: 'none', stroke: '#ff8a1c', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }],
    ['rect', { x: 36, y: 68, width: 28, height: 8, rx: 2, fill: 'url(#rr-brass)' }],
    ['rect', { x: 38, y: 76, width: 24, height: 7, rx: 2, fill: 'url(#rr-copper)' }],
    ['rect', { x: 41, y: 83, width: 18, height: 7, rx: 3, fill: 'url(#rr-brass)' }],
  ],
  wrench: [
    ['g', { transform: 'rotate(-45 50 50)' }, [
      ['rect', { x: 43, y: 26, width: 14, height: 56, rx: 5, fill: 'url(#rr-steel)', stroke: '#2f3845', 'stroke-width': 1.5 }],
      ['path', { d: 'M32 24 A18 18 0 1 1 68 24 L58 24 L58 10 L42 10 L42 24 Z', fill: 'url(#rr-steel)', stroke: '#2f3845', 'stroke-width': 1.5 }],
      ['circle', { cx: 50, cy: 84, r: 11, fill: 'url(#rr-steel)', stroke: '#2f3845', 'stroke-width': 1.5 }],
      ['circle', { cx: 50, cy: 84, r: 5, fill: '#1c222b' }],
      ['rect', { x: 47, y: 40, width: 6, height: 30, rx: 3, fill: '#5d6a7c' }],
    ]],
  ],
  gear: [
    ...cog(50, 50, 30, 'url(#rr-copper)', 10),
    ['circle', { cx: 50, cy: 50, r: 20, fill: 'none', stroke: '#6e2c10', 'stroke-width': 3 }],
    ...rivets(50, 50, 25, 8, 2.2, '#ffd8bd'),
    ['circle', { cx: 50, cy: 50, r: 9, fill: 'url(#rr-brass)', stroke: '#5a3a08', 'stroke-width': 2 }],
  ],
};

/** One shape as SVG markup. */
export function shapeMarkup([tag, attrs, children]: Shape): string {
  if (tag === '#text') return String(attrs.value).replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`);
  const attributes = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${String(value).replace(/"/g, '&quot;')}"`)
    .join('');
  return children?.length ? `<${tag}${attributes}>${children.map(shapeMarkup).join('')}</${tag}>` : `<${tag}${attributes}/>`;
}
