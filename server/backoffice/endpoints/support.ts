import type { Endpoint } from '../endpoint.ts';

/** The support screens' endpoints (docs/backoffice.md). */
export const SUPPORT_ENDPOINTS: Endpoint[] = [];
