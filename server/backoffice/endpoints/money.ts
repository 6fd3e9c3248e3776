import type { Endpoint } from '../endpoint.ts';

/** The money screens' endpoints (docs/backoffice.md). */
export const MONEY_ENDPOINTS: Endpoint[] = [];
