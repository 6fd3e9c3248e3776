import clsx from 'clsx';

export function Skeleton({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div className={clsx('space-y-3', className)} aria-busy="true" data-testid="skeleton">
      <div className="h-7 w-1/2 animate-pulse rounded-lg bg-ink-700" />
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="h-11 animate-pulse rounded-xl bg-ink-700/70" />
      ))}
    </div>
  );
}
