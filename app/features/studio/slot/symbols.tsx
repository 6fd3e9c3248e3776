import type { ReactNode } from 'react';
import type { SlotSymbol } from '../../../../games/engines/slot/paytable.ts';

/**
 * The slot's symbols, drawn in SVG (view box 100 x 100). The gradients live once in <SymbolDefs/>
 * (one slot per page), so a symbol is a handful of shapes referencing them.
 */
export function SymbolDefs() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="slot-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset="0.45" stopColor="#ffd25a" />
          <stop offset="1" stopColor="#c7800f" />
        </linearGradient>
        <linearGradient id="slot-gold-dark" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f5b82e" />
          <stop offset="1" stopColor="#8a5a08" />
        </linearGradient>
        <radialGradient id="slot-wild-bg" cx="0.5" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#c86bff" />
          <stop offset="0.6" stopColor="#6a1fd1" />
          <stop offset="1" stopColor="#2c0a63" />
        </radialGradient>
        <linearGradient id="slot-gem" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e6fdff" />
          <stop offset="0.4" stopColor="#56d8ff" />
          <stop offset="1" stopColor="#1565d8" />
        </linearGradient>
        <linearGradient id="slot-gem-dark" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2a8cf0" />
          <stop offset="1" stopColor="#0b3a8f" />
        </linearGradient>
        <radialGradient id="slot-red" cx="0.4" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#ff8a9b" />
          <stop offset="0.5" stopColor="#e3203f" />
          <stop offset="1" stopColor="#7d0a1f" />
        </radialGradient>
        <radialGradient id="slot-green" cx="0.4" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#7dfcc3" />
          <stop offset="0.5" stopColor="#12a866" />
          <stop offset="1" stopColor="#064d2e" />
        </radialGradient>
        <linearGradient id="slot-dice" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#d4d8e8" />
        </linearGradient>
        <linearGradient id="slot-letter-a" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffb26b" />
          <stop offset="1" stopColor="#e8432c" />
        </linearGradient>
        <linearGradient id="slot-letter-k" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8fd0ff" />
          <stop offset="1" stopColor="#2a62e8" />
        </linearGradient>
        <linearGradient id="slot-letter-q" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff9ee5" />
          <stop offset="1" stopColor="#b62ad1" />
        </linearGradient>
        <linearGradient id="slot-letter-j" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#a8ffa0" />
          <stop offset="1" stopColor="#1fa34a" />
        </linearGradient>
      </defs>
    </svg>
  );
}

function Letter({ text, gradient, suit }: { text: string; gradient: string; suit: ReactNode }) {
  return (
    <>
      <text
        x="50"
        y="70"
        textAnchor="middle"
        fontSize="68"
        fontWeight="900"
        fontFamily="Georgia, 'Times New Roman', serif"
        fill={`url(#${gradient})`}
        stroke="#1a1030"
        strokeWidth="5"
        paintOrder="stroke"
      >
        {text}
      </text>
      <g transform="translate(50 84) scale(0.16)">{suit}</g>
    </>
  );
}

const SPADE = <path d="M0 -50 C 20 -25 50 -10 50 15 C 50 35 25 40 8 28 L 18 50 L -18 50 L -8 28 C -25 40 -50 35 -50 15 C -50 -10 -20 -25 0 -50 Z" fill="#fff" />;
const HEART = <path d="M0 45 C -30 20 -50 5 -50 -15 C -50 -35 -25 -45 0 -25 C 25 -45 50 -35 50 -15 C 50 5 30 20 0 45 Z" fill="#fff" />;
const DIAMOND_SUIT = <path d="M0 -50 L 38 0 L 0 50 L -38 0 Z" fill="#fff" />;
const CLUB = (
  <g fill="#fff">
    <circle cx="0" cy="-22" r="22" />
    <circle cx="-24" cy="12" r="22" />
    <circle cx="24" cy="12" r="22" />
    <path d="M-8 10 L 8 10 L 18 50 L -18 50 Z" />
  </g>
);

function pips(positions: Array<[number, number]>) {
  return positions.map(([x, y]) => <circle key={`${x}-${y}`} cx={x} cy={y} r="4.2" fill="#1d2235" />);
}

const ART: Record<SlotSymbol, ReactNode> = {
  wild: (
    <>
      <circle cx="50" cy="50" r="45" fill="url(#slot-wild-bg)" stroke="url(#slot-gold)" strokeWidth="5" />
      <path d="M30 33 L 36 20 L 43 29 L 50 16 L 57 29 L 64 20 L 70 33 Z" fill="url(#slot-gold)" stroke="#7a4a06" strokeWidth="1.5" />
      <text x="50" y="64" textAnchor="middle" fontSize="27" fontWeight="900" fontFamily="Inter, 'Arial Black', sans-serif" fill="url(#slot-gold)" stroke="#2c0a63" strokeWidth="3" paintOrder="stroke" letterSpacing="1">
        WILD
      </text>
      <path d="M38 74 L 50 80 L 62 74 L 62 84 L 50 78 L 38 84 Z" fill="#ffd25a" stroke="#7a4a06" strokeWidth="1.2" />
    </>
  ),
  scatter: (
    <>
      <circle cx="50" cy="50" r="46" fill="url(#slot-gold)" stroke="#7a4a06" strokeWidth="2" />
      <circle cx="50" cy="50" r="38" fill="#1a1030" />
      {Array.from({ length: 12 }, (_, i) => {
        const a0 = (i * Math.PI) / 6;
        const a1 = ((i + 1) * Math.PI) / 6;
        const p = (a: number, r: number) => `${(50 + r * Math.sin(a)).toFixed(2)} ${(50 - r * Math.cos(a)).toFixed(2)}`;
        return <path key={i} d={`M ${p(a0, 37)} A 37 37 0 0 1 ${p(a1, 37)} L ${p(a1, 20)} A 20 20 0 0 0 ${p(a0, 20)} Z`} fill={i === 0 ? '#12a866' : i % 2 ? '#e3203f' : '#171a26'} />;
      })}
      <circle cx="50" cy="50" r="19" fill="url(#slot-gold-dark)" stroke="#fff3b0" strokeWidth="1.5" />
      <path d="M50 36 L 53 47 L 64 50 L 53 53 L 50 64 L 47 53 L 36 50 L 47 47 Z" fill="#fff6d6" />
      <circle cx="50" cy="17" r="4.5" fill="#fff" stroke="#9aa1bd" strokeWidth="1" />
    </>
  ),
  crown: (
    <>
      <path d="M14 38 L 30 56 L 50 24 L 70 56 L 86 38 L 80 78 L 20 78 Z" fill="url(#slot-gold)" stroke="#7a4a06" strokeWidth="3" strokeLinejoin="round" />
      <rect x="18" y="74" width="64" height="12" rx="3" fill="url(#slot-gold-dark)" stroke="#7a4a06" strokeWidth="2.5" />
      <circle cx="14" cy="36" r="6" fill="url(#slot-gold)" stroke="#7a4a06" strokeWidth="2" />
      <circle cx="50" cy="21" r="6.5" fill="url(#slot-gold)" stroke="#7a4a06" strokeWidth="2" />
      <circle cx="86" cy="36" r="6" fill="url(#slot-gold)" stroke="#7a4a06" strokeWidth="2" />
      <circle cx="50" cy="62" r="7" fill="url(#slot-red)" stroke="#fff3b0" strokeWidth="1.5" />
      <circle cx="32" cy="66" r="5" fill="url(#slot-gem)" stroke="#fff3b0" strokeWidth="1.2" />
      <circle cx="68" cy="66" r="5" fill="url(#slot-green)" stroke="#fff3b0" strokeWidth="1.2" />
    </>
  ),
  diamond: (
    <>
      <path d="M50 90 L 8 38 L 24 16 L 76 16 L 92 38 Z" fill="url(#slot-gem-dark)" stroke="#dff8ff" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M8 38 L 92 38 L 50 90 Z" fill="url(#slot-gem)" opacity=".9" />
      <path d="M24 16 L 36 38 L 50 16 L 64 38 L 76 16" fill="none" stroke="#dff8ff" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M36 38 L 50 90 L 64 38" fill="none" stroke="#dff8ff" strokeWidth="1.5" opacity=".8" />
      <path d="M28 22 L 36 22 L 30 32 Z" fill="#fff" opacity=".85" />
    </>
  ),
  chip: (
    <>
      <circle cx="50" cy="50" r="44" fill="#0b5a3a" />
      <circle cx="50" cy="50" r="44" fill="none" stroke="#f1f2f6" strokeWidth="11" strokeDasharray="15.2 11.9" />
      <circle cx="50" cy="50" r="31" fill="url(#slot-green)" stroke="#fff" strokeWidth="2" />
      <circle cx="50" cy="50" r="25" fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="1.5" strokeDasharray="3 3" />
      <text x="50" y="61" textAnchor="middle" fontSize="30" fontWeight="900" fontFamily="Inter, 'Arial Black', sans-serif" fill="#ffe08a" stroke="#064d2e" strokeWidth="2" paintOrder="stroke">
        $
      </text>
    </>
  ),
  dice: (
    <>
      <g transform="rotate(-12 36 56)">
        <rect x="12" y="32" width="46" height="46" rx="9" fill="url(#slot-dice)" stroke="#6b7391" strokeWidth="2" />
        {pips([
          [24, 44],
          [46, 44],
          [35, 55],
          [24, 66],
          [46, 66],
        ])}
      </g>
      <g transform="rotate(14 66 40)">
        <rect x="44" y="16" width="44" height="44" rx="9" fill="url(#slot-red)" stroke="#7d0a1f" strokeWidth="2" />
        <circle cx="56" cy="28" r="4.2" fill="#fff" />
        <circle cx="66" cy="38" r="4.2" fill="#fff" />
        <circle cx="76" cy="48" r="4.2" fill="#fff" />
      </g>
    </>
  ),
  ace: <Letter text="A" gradient="slot-letter-a" suit={SPADE} />,
  king: <Letter text="K" gradient="slot-letter-k" suit={HEART} />,
  queen: <Letter text="Q" gradient="slot-letter-q" suit={DIAMOND_SUIT} />,
  jack: <Letter text="J" gradient="slot-letter-j" suit={CLUB} />,
};

export function SymbolArt({ symbol, className }: { symbol: SlotSymbol; className?: string }) {
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false">
      {ART[symbol]}
    </svg>
  );
}
