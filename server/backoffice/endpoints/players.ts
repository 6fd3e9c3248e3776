import type { Endpoint } from '../endpoint.ts';

/** The players screens' endpoints (docs/backoffice.md). */
export const PLAYER_ENDPOINTS: Endpoint[] = [];
