import { useId } from 'react';

/**
 * The art of a payment method tile, drawn here (no fetched logos): a card with a chip and two
 * interlocking circles, a ring of stars around the euro, a purple wallet mark, a bank front.
 * 80x52, the shape of a payment card.
 */
export function MethodArt({ sysname, className }: { sysname: string; className?: string }) {
  const id = useId().replace(/:/g, '');
  const art = ART[sysname] ?? ART.default;
  return (
    <svg viewBox="0 0 80 52" className={className} role="presentation" aria-hidden="true" focusable="false">
      {art(id)}
    </svg>
  );
}

const STAR_RING = Array.from({ length: 12 }, (_, index) => {
  const angle = (index / 12) * Math.PI * 2;
  return { x: 40 + Math.cos(angle) * 14, y: 26 + Math.sin(angle) * 14 };
});

const star = (x: number, y: number, r: number) =>
  Array.from({ length: 10 }, (_, index) => {
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    const radius = index % 2 === 0 ? r : r * 0.45;
    return `${(x + Math.cos(angle) * radius).toFixed(2)},${(y + Math.sin(angle) * radius).toFixed(2)}`;
  }).join(' ');

const ART: Record<string, (id: string) => React.ReactNode> = {
  card: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1a2a6c" />
          <stop offset="1" stopColor="#0d1537" />
        </linearGradient>
        <linearGradient id={`${id}-chip`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor="#c9921d" />
        </linearGradient>
      </defs>
      <rect width="80" height="52" rx="7" fill={`url(#${id}-bg)`} />
      <path d="M0 38 C22 30 48 46 80 32 V52 H0Z" fill="#ffffff" opacity="0.05" />
      <rect x="9" y="11" width="13" height="10" rx="2" fill={`url(#${id}-chip)`} />
      <path d="M9 16h13M15.5 11v10" stroke="#8a6212" strokeWidth="0.7" opacity="0.7" />
      <text x="71" y="20" textAnchor="end" fontFamily="Arial Black, Arial, sans-serif" fontSize="11" fontStyle="italic" fontWeight="900" fill="#ffffff" letterSpacing="0.5">
        VISA
      </text>
      <circle cx="56" cy="38" r="7.5" fill="#eb001b" />
      <circle cx="66" cy="38" r="7.5" fill="#f79e1b" fillOpacity="0.95" />
      <path d="M61 32.4a7.5 7.5 0 0 1 0 11.2a7.5 7.5 0 0 1 0-11.2z" fill="#ff5f00" />
      <rect x="9" y="36" width="30" height="3" rx="1.5" fill="#ffffff" opacity="0.25" />
    </>
  ),
  sepa: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1d4ed8" />
          <stop offset="1" stopColor="#10267a" />
        </linearGradient>
      </defs>
      <rect width="80" height="52" rx="7" fill={`url(#${id}-bg)`} />
      <circle cx="40" cy="26" r="21" fill="#ffffff" opacity="0.06" />
      {STAR_RING.map((point, index) => (
        <polygon key={index} points={star(point.x, point.y, 2.6)} fill="#ffcc00" />
      ))}
      <text x="40" y="31.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="15" fontWeight="800" fill="#ffffff">
        €
      </text>
    </>
  ),
  skrill: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9b2a86" />
          <stop offset="1" stopColor="#5b1450" />
        </linearGradient>
      </defs>
      <rect width="80" height="52" rx="7" fill={`url(#${id}-bg)`} />
      <circle cx="70" cy="6" r="18" fill="#ffffff" opacity="0.07" />
      <text x="40" y="32" textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontSize="15" fontWeight="900" fontStyle="italic" fill="#ffffff" letterSpacing="-0.3">
        Skrill
      </text>
    </>
  ),
  bank_transfer: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0f766e" />
          <stop offset="1" stopColor="#064e3b" />
        </linearGradient>
      </defs>
      <rect width="80" height="52" rx="7" fill={`url(#${id}-bg)`} />
      <g fill="#e6fffa">
        <path d="M40 8 58 17H22z" />
        <rect x="24" y="19" width="32" height="2.5" rx="1" />
        {[27, 34.5, 42, 49.5].map((x) => (
          <rect key={x} x={x} y="23" width="3.5" height="14" rx="1" />
        ))}
        <rect x="22" y="39" width="36" height="3" rx="1" />
        <rect x="20" y="43.5" width="40" height="2.5" rx="1" opacity="0.8" />
      </g>
      <circle cx="40" cy="14" r="1.6" fill="#0f766e" />
    </>
  ),
  default: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#3b1fa8" />
        </linearGradient>
      </defs>
      <rect width="80" height="52" rx="7" fill={`url(#${id}-bg)`} />
      <g transform="translate(26 12) scale(1.15)" fill="none" stroke="#ffffff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 7a2 2 0 0 1 2-2h13v4M3 7v10a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zM16 14h.01" />
      </g>
    </>
  ),
};
