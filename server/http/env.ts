import type { Viewer } from '../api/types.ts';

/** Values middleware puts on each request for the handlers after it. */
export type HttpVariables = {
  requestId: string;
  nonce: string;
  viewer: Viewer;
};
export type HttpEnv = { Variables: HttpVariables };
