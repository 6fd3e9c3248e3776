import type { Endpoint } from '../endpoint.ts';

/** The settings screens' endpoints (docs/backoffice.md). */
export const SETTINGS_ENDPOINTS: Endpoint[] = [];
