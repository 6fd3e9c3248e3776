import type { SportKey } from '../../../contract/betting.ts';

/** Line icons of the sports (24 px grid, stroke in the current colour, like app/ui/icon.tsx). */
const PATHS: Record<SportKey | 'all' | 'live', string> = {
  football: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4.5 3.6 2.6-1.4 4.2H9.8L8.4 10.1 12 7.5ZM12 3v4.5m3.6 2.6 4.6-1.6m-6 5.8 2.8 3.9m-7.2-3.9-2.8 3.9M8.4 10.1 3.8 8.5',
  tennis: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM5.6 5.6a9 9 0 0 1 0 12.8M18.4 5.6a9 9 0 0 0 0 12.8',
  basketball: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3v18M5.6 5.6C8 8 8 16 5.6 18.4M18.4 5.6C16 8 16 16 18.4 18.4',
  all: 'M4 6h16M4 12h16M4 18h10',
  live: 'M12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM7.8 7.8a6 6 0 0 0 0 8.4m8.4-8.4a6 6 0 0 1 0 8.4M5 5a10 10 0 0 0 0 14M19 5a10 10 0 0 1 0 14',
};

export function SportIcon({ sport, size = 18, className }: { sport: SportKey | 'all' | 'live'; size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
      <path d={PATHS[sport]} />
    </svg>
  );
}
