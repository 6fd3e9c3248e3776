import type { Endpoint } from '../endpoint.ts';

/** The protection screens' endpoints (docs/backoffice.md). */
export const PROTECTION_ENDPOINTS: Endpoint[] = [];
