import clsx from 'clsx';
import { chipLabel } from './money.ts';

/** Casino chip colours by denomination rank (the presets of a table, smallest first). */
const CHIP_COLOURS = [
  { face: '#f1f2f6', edge: '#9aa1bd', text: '#1d2235' },
  { face: '#ef3e5c', edge: '#8f1730', text: '#ffffff' },
  { face: '#2f6fed', edge: '#173a86', text: '#ffffff' },
  { face: '#16a36a', edge: '#0b5a3a', text: '#ffffff' },
  { face: '#1f2233', edge: '#f5b82e', text: '#ffe08a' },
  { face: '#7c5cff', edge: '#3d258f', text: '#ffffff' },
  { face: '#f5b82e', edge: '#8a5a08', text: '#1d2235' },
];

export const chipColour = (rank: number) => CHIP_COLOURS[Math.max(0, Math.min(rank, CHIP_COLOURS.length - 1))];

/** The rank of an amount among the presets: the largest preset not above it. */
export function chipRank(amount: string, presets: readonly string[]): number {
  const value = Number(amount);
  let rank = 0;
  presets.forEach((preset, index) => {
    if (Number(preset) <= value) rank = index;
  });
  return rank;
}

/** A round casino chip with its value, drawn in SVG (edge inserts, inner ring). */
export function Chip({ amount, rank, size = 40, className, label }: { amount: string; rank: number; size?: number; className?: string; label?: string }) {
  const colour = chipColour(rank);
  const text = label ?? chipLabel(amount);
  const fontSize = text.length >= 5 ? 17 : text.length >= 4 ? 20 : text.length === 3 ? 24 : 28;
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" className={clsx('shrink-0 drop-shadow-[0_3px_4px_rgba(0,0,0,0.5)]', className)} aria-hidden="true">
      <circle cx="50" cy="50" r="48" fill={colour.edge} />
      <circle cx="50" cy="50" r="48" fill="none" stroke={colour.face} strokeWidth="12" strokeDasharray="14 11.1" />
      <circle cx="50" cy="50" r="34" fill={colour.face} stroke={colour.edge} strokeWidth="2" />
      <circle cx="50" cy="50" r="28" fill="none" stroke={colour.edge} strokeOpacity=".45" strokeWidth="1.5" strokeDasharray="3 3" />
      <text x="50" y="51" textAnchor="middle" dominantBaseline="central" fontSize={fontSize} fontWeight="800" fill={colour.text} fontFamily="Inter, system-ui, sans-serif">
        {text}
      </text>
    </svg>
  );
}
