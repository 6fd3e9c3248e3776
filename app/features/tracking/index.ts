/** Tracking: the `/hit` a page sends 3 s after load (spec 1; docs/affiliates.md), and SEON's device agent while SEON runs (docs/devices.md). */
export { HitTracker } from './hit-tracker.tsx';
export { SeonAgent } from './seon-agent.tsx';
export { hitQuery, HIT_DELAY_MS } from './hit.ts';
