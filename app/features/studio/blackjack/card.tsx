import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { cardFace, pipLayout } from './cards.ts';

const RED = '#c8102e';
const BLACK = '#15171f';

/** A playing card in SVG: corner indices, pips or a court figure; `card` null is the back. */
export function PlayingCard({ card, className, style }: { card: number | null; className?: string; style?: React.CSSProperties }) {
  const { t } = useTranslation('studio');
  if (card === null) {
    return (
      <svg viewBox="0 0 100 140" className={clsx('rounded-[8%] shadow-[0_6px_14px_rgba(0,0,0,0.55)]', className)} style={style} role="img" aria-label={t('blackjack.hiddenCard')} data-testid="card-back">
        <defs>
          <pattern id="bj-back" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="12" height="12" fill="#5d3ee8" />
            <rect width="6" height="6" fill="#7c5cff" />
          </pattern>
        </defs>
        <rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" />
        <rect x="6" y="6" width="88" height="128" rx="5" fill="url(#bj-back)" stroke="#f5b82e" strokeWidth="2" />
        <circle cx="50" cy="70" r="17" fill="#1d1240" stroke="#f5b82e" strokeWidth="2" />
        <text x="50" y="77" textAnchor="middle" fontSize="20" fontWeight="900" fill="#ffd25a" fontFamily="Georgia, serif">
          C
        </text>
      </svg>
    );
  }
  const face = cardFace(card);
  const colour = face.red ? RED : BLACK;
  const name = t('blackjack.cardName', { rank: t(`blackjack.ranks.${face.rank}`), suit: t(`blackjack.suits.${face.suit}`) });
  return (
    <svg viewBox="0 0 100 140" className={clsx('rounded-[8%] shadow-[0_6px_14px_rgba(0,0,0,0.55)]', className)} style={style} role="img" aria-label={name} data-testid="card" data-card={`${face.rank}${face.symbol}`}>
      <rect x="1" y="1" width="98" height="138" rx="8" fill="#fdfdf8" stroke="#d7d2c2" strokeWidth="1" />
      <g fill={colour} fontFamily="Georgia, 'Times New Roman', serif" fontWeight="700">
        <text x="9" y="22" fontSize={face.rank === '10' ? 17 : 20} letterSpacing={face.rank === '10' ? -1.5 : 0}>
          {face.rank}
        </text>
        <text x="10" y="38" fontSize="15">
          {face.symbol}
        </text>
        <g transform="rotate(180 50 70)">
          <text x="9" y="22" fontSize={face.rank === '10' ? 17 : 20} letterSpacing={face.rank === '10' ? -1.5 : 0}>
            {face.rank}
          </text>
          <text x="10" y="38" fontSize="15">
            {face.symbol}
          </text>
        </g>
      </g>
      {face.court ? (
        <g>
          <rect x="24" y="24" width="52" height="92" rx="4" fill={face.red ? '#fde7ea' : '#e8ebf7'} stroke={colour} strokeWidth="1.5" />
          <path d="M34 50 L 38 38 L 44 46 L 50 34 L 56 46 L 62 38 L 66 50 Z" fill="#f5b82e" stroke="#8a5a08" strokeWidth="1" />
          <text x="50" y="86" textAnchor="middle" fontSize="38" fontWeight="900" fill={colour} fontFamily="Georgia, 'Times New Roman', serif">
            {face.rank}
          </text>
          <text x="50" y="106" textAnchor="middle" fontSize="14" fill={colour}>
            {face.symbol}
          </text>
        </g>
      ) : (
        <g fill={colour} fontSize={face.pips === 1 ? 46 : 17} textAnchor="middle" dominantBaseline="central" fontFamily="'Segoe UI Symbol', 'DejaVu Sans', sans-serif">
          {pipLayout(face.pips).map(([x, y]) => (
            <text key={`${x}-${y}`} x={x} y={y} transform={y > 70 && face.pips > 1 ? `rotate(180 ${x} ${y})` : undefined}>
              {face.symbol}
            </text>
          ))}
        </g>
      )}
    </svg>
  );
}
