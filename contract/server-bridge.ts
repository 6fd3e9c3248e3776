import type { SiteConfig } from './site-config.ts';
import type { LocaleCode } from './locales.ts';

/**
 * What the server hands the React Router app for one request, through the router context.
 * Loaders reach the platform only through this: the app never imports server code, and the
 * in-process API call runs the very same pipeline (auth, validation, errors) as /api over HTTP.
 */
export type ApiCallOptions = {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  locale?: LocaleCode;
};

export type ServerBridge = {
  requestId: string;
  /** Nonce of this response's Content-Security-Policy, for inline scripts the app renders. */
  nonce: string;
  /**
   * Calls an /api method in-process with the request's cookies and answers the raw status and
   * body; app/lib/server-bridge.ts turns that into data or an ApiError on the app's side.
   */
  callApi(method: string, options?: ApiCallOptions): Promise<{ status: number; body: unknown }>;
  siteConfig(locale: LocaleCode): Promise<SiteConfig>;
  isMaintenance(): Promise<boolean>;
  /** Whether a signed-in session came with the request. */
  isSignedIn(): Promise<boolean>;
  /** Public origin for canonical links. */
  origin: string;
  /** SEON's device agent script while SEON runs (docs/devices.md), else null: pages load it only then. */
  seonAgentUrl: string | null;
};
