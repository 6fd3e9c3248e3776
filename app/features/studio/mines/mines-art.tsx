import { GEM_PATHS, MINE_SPIKES } from './mines-logic.ts';

/**
 * The Mines board's vector art, drawn here: a faceted gem for a safe tile and a round mine with
 * spikes and a fuse spark for a mine. Both scale with their tile (viewBox 0 0 64 64).
 */
export function Gem({ dim = false }: { dim?: boolean }) {
  return (
    <svg viewBox="0 0 64 64" className="h-[62%] w-[62%]" aria-hidden="true" style={{ opacity: dim ? 0.45 : 1 }}>
      <defs>
        <linearGradient id="mines-gem-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8cf7d0" />
          <stop offset="0.55" stopColor="#2fd39a" />
          <stop offset="1" stopColor="#0e8a62" />
        </linearGradient>
      </defs>
      <path d={GEM_PATHS.body} fill="url(#mines-gem-body)" stroke="#c9ffe9" strokeWidth="1.5" strokeLinejoin="round" />
      <path d={GEM_PATHS.facets} fill="none" stroke="#e9fff6" strokeOpacity=".55" strokeWidth="1.4" strokeLinejoin="round" />
      <path d={GEM_PATHS.shine} fill="#ffffff" fillOpacity=".55" />
    </svg>
  );
}

export function Mine({ dim = false }: { dim?: boolean }) {
  return (
    <svg viewBox="0 0 64 64" className="h-[66%] w-[66%]" aria-hidden="true" style={{ opacity: dim ? 0.45 : 1 }}>
      <defs>
        <radialGradient id="mines-mine-body" cx="0.38" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#6b6f86" />
          <stop offset="0.5" stopColor="#2b2d3d" />
          <stop offset="1" stopColor="#0d0e16" />
        </radialGradient>
      </defs>
      {MINE_SPIKES.map((angle) => (
        <rect key={angle} x="30" y="6" width="4" height="12" rx="2" fill="#2b2d3d" stroke="#8a8fa8" strokeWidth="1" transform={`rotate(${angle} 32 34)`} />
      ))}
      <circle cx="32" cy="34" r="17" fill="url(#mines-mine-body)" stroke="#8a8fa8" strokeWidth="1.2" />
      <circle cx="26" cy="28" r="4.5" fill="#ffffff" fillOpacity=".35" />
      <circle cx="32" cy="34" r="4" fill="#ff5a6e" />
    </svg>
  );
}
