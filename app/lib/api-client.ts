import { API_VERSION, NON_STRICT_FLAG, RETRY_STATUSES } from '../../contract/api.ts';
import { DEFAULT_LOCALE, isLocale, type LocaleCode } from '../../contract/locales.ts';
import { ApiError, unwrapAnswer } from './api-error.ts';
import { toEntries } from '../../contract/query.ts';

export type CallOptions = {
  query?: Record<string, unknown>;
  /** Present for POST calls; sent as form data. */
  body?: Record<string, unknown>;
  locale?: LocaleCode;
  signal?: AbortSignal;
};

type Fetch = typeof fetch;

/**
 * The browser's client for `/api/{method}` (spec 1 section 7): adds `v` and `locale`, drops null
 * query values, sends same-origin credentials, POSTs form data, flags calls made inside a frame,
 * retries a body-less call once on a transient status, and throws ApiError on failure.
 */
export function createApiClient(options: { fetch?: Fetch; framed?: () => boolean; locale?: () => LocaleCode } = {}) {
  const doFetch: Fetch = options.fetch ?? ((...args) => fetch(...args));
  const framed = options.framed ?? isFramed;
  const currentLocale = options.locale ?? documentLocale;

  return async function call<T>(method: string, callOptions: CallOptions = {}): Promise<T> {
    const params = new URLSearchParams();
    params.set('v', API_VERSION);
    params.set('locale', callOptions.locale ?? currentLocale());
    if (framed()) params.set(NON_STRICT_FLAG, '1');
    for (const [key, value] of toEntries(callOptions.query ?? {})) params.append(key, value);
    const url = `/api/${method}?${params.toString()}`;

    const init: RequestInit = { credentials: 'same-origin', signal: callOptions.signal, headers: { accept: 'application/json' } };
    if (callOptions.body) {
      const form = new FormData();
      for (const [key, value] of toEntries(callOptions.body)) form.append(key, value);
      init.method = 'POST';
      init.body = form;
    } else {
      init.method = 'GET';
    }

    // Only body-less (idempotent) calls are retried, and only once.
    const attempts = callOptions.body ? 1 : 2;
    let response: Response | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      response = await doFetch(url, init);
      if (!RETRY_STATUSES.includes(response.status) || attempt === attempts) break;
    }
    let body: unknown;
    try {
      body = await response!.json();
    } catch {
      throw ApiError.unknown(`Unreadable answer from ${method}`);
    }
    return unwrapAnswer<T>(response!.status, body);
  };
}

function isFramed(): boolean {
  try {
    return typeof window !== 'undefined' && window.self !== window.top;
  } catch {
    return true; // a cross-origin parent makes window.top unreadable: we are framed
  }
}

function documentLocale(): LocaleCode {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** The app's shared client. */
export const api = createApiClient();
