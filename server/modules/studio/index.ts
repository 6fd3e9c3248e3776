/** The studio: the platform's own provably fair game server (docs/studio.md). */
export { createStudio, PENDING_GRACE_SECONDS, type Studio, type StudioViewer } from './service.ts';
export { CLIENT_SEED_PATTERN, type Owner } from './seeds.ts';
