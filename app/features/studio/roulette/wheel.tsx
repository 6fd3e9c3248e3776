import clsx from 'clsx';
import { POCKET_ANGLE, WHEEL_ORDER, colorOf } from './table.ts';

const FILL = { red: '#c8102e', black: '#15171f', green: '#0f8a4a' } as const;

function point(angle: number, r: number): string {
  const a = (angle * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(3)} ${(-r * Math.cos(a)).toFixed(3)}`;
}

function pocketPath(index: number, inner: number, outer: number): string {
  const a0 = (index - 0.5) * POCKET_ANGLE;
  const a1 = (index + 0.5) * POCKET_ANGLE;
  return `M ${point(a0, outer)} A ${outer} ${outer} 0 0 1 ${point(a1, outer)} L ${point(a1, inner)} A ${inner} ${inner} 0 0 0 ${point(a0, inner)} Z`;
}

/** The wheel's face: wooden rim, 37 pockets in wheel order, the cone and its golden turret. */
function WheelFace() {
  return (
    <svg viewBox="-100 -100 200 200" className="h-full w-full" aria-hidden="true">
      <defs>
        <radialGradient id="rw-wood" r="1">
          <stop offset="0.8" stopColor="#5a2c10" />
          <stop offset="0.93" stopColor="#8a4a1c" />
          <stop offset="1" stopColor="#3a1906" />
        </radialGradient>
        <radialGradient id="rw-cone" r="1">
          <stop offset="0" stopColor="#7a4a1c" />
          <stop offset="0.7" stopColor="#3d1f0a" />
          <stop offset="1" stopColor="#22110a" />
        </radialGradient>
        <linearGradient id="rw-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset="0.5" stopColor="#f5b82e" />
          <stop offset="1" stopColor="#8a5a08" />
        </linearGradient>
      </defs>
      <circle r="99" fill="url(#rw-wood)" />
      <circle r="86" fill="#1b0d05" stroke="url(#rw-gold)" strokeWidth="2" />
      {WHEEL_ORDER.map((n, i) => (
        <path key={n} d={pocketPath(i, 58, 84)} fill={FILL[colorOf(n)]} stroke="#d9b25a" strokeWidth="0.6" />
      ))}
      {WHEEL_ORDER.map((n, i) => (
        <text
          key={`t${n}`}
          transform={`rotate(${i * POCKET_ANGLE}) translate(0 -76)`}
          textAnchor="middle"
          dominantBaseline="central"
          fontSize="6.4"
          fontWeight="800"
          fill="#fff"
          fontFamily="Inter, system-ui, sans-serif"
        >
          {n}
        </text>
      ))}
      <circle r="66" fill="none" stroke="#d9b25a" strokeWidth="0.8" />
      {WHEEL_ORDER.map((n, i) => (
        <line key={`f${n}`} x1="0" y1="-58" x2="0" y2="-66" stroke="#e8c97a" strokeWidth="0.9" transform={`rotate(${(i + 0.5) * POCKET_ANGLE})`} />
      ))}
      <circle r="57" fill="url(#rw-cone)" stroke="url(#rw-gold)" strokeWidth="2" />
      {[0, 45, 90, 135].map((angle) => (
        <rect key={angle} x="-2.5" y="-44" width="5" height="88" rx="2.5" fill="url(#rw-gold)" transform={`rotate(${angle})`} />
      ))}
      <circle r="13" fill="url(#rw-gold)" stroke="#5a3a06" strokeWidth="1.5" />
      <circle r="5" fill="#fff3b0" />
    </svg>
  );
}

/**
 * The wheel and the ball. The wheel turns clockwise to `rotation`; the ball runs the other way
 * on the outer track and drops into the pocket under it at the top. `duration` 0 jumps there.
 */
export function Wheel({
  rotation,
  ballRotation,
  ballDropped,
  duration,
  result,
  className,
}: {
  rotation: number;
  ballRotation: number;
  ballDropped: boolean;
  duration: number;
  result: number | null;
  className?: string;
}) {
  return (
    <div className={clsx('relative aspect-square select-none', className)} data-testid="roulette-wheel">
      <div className="absolute inset-0 rounded-full shadow-[0_18px_40px_rgba(0,0,0,0.75),0_0_0_3px_rgba(245,184,46,0.35)]" />
      <div
        className="absolute inset-0"
        style={{ transform: `rotate(${rotation}deg)`, transition: duration ? `transform ${duration}ms cubic-bezier(0.12, 0.62, 0.18, 1)` : 'none' }}
      >
        <WheelFace />
      </div>
      <div
        className="absolute inset-0"
        style={{ transform: `rotate(${ballRotation}deg)`, transition: duration ? `transform ${duration}ms cubic-bezier(0.1, 0.55, 0.2, 1)` : 'none' }}
      >
        <span
          className="absolute left-1/2 aspect-square w-[6%] -translate-x-1/2 rounded-full bg-[radial-gradient(circle_at_35%_30%,#ffffff,#d9dce8_55%,#8a92b3)] shadow-[0_2px_4px_rgba(0,0,0,0.7)]"
          style={{ top: ballDropped ? '10.5%' : '3.5%', transition: duration ? `top 700ms ease-in ${Math.max(0, duration - 1100)}ms` : 'none' }}
        />
      </div>
      {result !== null && (
        <div className="absolute inset-[36%] grid place-items-center">
          <span
            key={result}
            className={clsx(
              'studio-pop grid h-full w-full place-items-center rounded-full text-[clamp(1rem,5vw,2.4rem)] font-black text-white shadow-[0_0_24px_rgba(0,0,0,0.8)] ring-2 ring-gold-300',
              { red: 'bg-[#c8102e]', black: 'bg-[#15171f]', green: 'bg-[#0f8a4a]' }[colorOf(result)],
            )}
            data-testid="roulette-result"
            data-number={result}
          >
            {result}
          </span>
        </div>
      )}
    </div>
  );
}
