/** Tracking: the `/hit` a page sends 3 s after load (spec 1; docs/affiliates.md). */
export { HitTracker } from './hit-tracker.tsx';
export { hitQuery, HIT_DELAY_MS } from './hit.ts';
