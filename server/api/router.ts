import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type LocaleCode } from '../../contract/locales.ts';
import { AppError } from '../platform/errors.ts';
import type { Logger } from '../platform/logger.ts';
import type { Services } from '../services.ts';
import type { HttpEnv } from '../http/env.ts';
import { writeCookie } from '../http/cookies.ts';
import { isSameOrigin } from '../http/origin.ts';
import { findMethod } from './catalogue.ts';
import { refuseControlCharacters } from './control-characters.ts';
import { readInput } from './parse-input.ts';
import { errorResponse } from './respond.ts';
import { parseOrThrow } from './validate.ts';
import { fieldMessage } from '../../contract/validation-messages.ts';
import { inSpan } from '../platform/observability/tracing.ts';
import { apiCalls, apiDuration, childrenOf } from '../platform/observability/metrics.ts';

/** Methods that keep answering during maintenance, so the site can tell players why. */
const MAINTENANCE_OPEN = new Set(['getgeneralinfo', 'metadata/get']);
/** Methods a banned or deleted player may still call: leaving, and reading what the site is. */
const OPEN_TO_BLOCKED = new Set(['logout', 'getgeneralinfo', 'metadata/get', 'changelocale']);

export type ApiRouterOptions = {
  services: Services;
  logger: Logger;
  trustProxy: boolean;
  publicOrigin?: string;
  clientIp(c: Context): string;
};

/** `GET|POST /api/{method}`: look up, check, parse, run, answer `{data}` or `{error}`. */
export function createApiRouter(options: ApiRouterOptions) {
  const { services, logger } = options;
  const router = new Hono<HttpEnv>();

  router.all('/*', async (c) => {
    const started = performance.now();
    // The method's name as a label: a name from the catalogue, or `unknown` (names are the caller's text).
    let label = 'unknown';
    const response = await inSpan('api', {}, async (span) => {
      const answer = await call(c, (name) => {
        label = name;
        span.rename(`api ${name}`);
        span.set({ 'croupier.api.method': name });
      });
      if (answer.status >= 500) span.fail(`HTTP ${answer.status}`);
      return answer;
    });
    callTimer(label).observe((performance.now() - started) / 1000);
    callCounter(`${label} ${outcomeOf(response)}`).inc();
    return response;
  });

  /** Looks up, checks, parses and runs the method; `found` learns its name once it is known. */
  async function call(c: Context<HttpEnv>, found: (name: string) => void): Promise<Response> {
    const locale = callerLocale(c.req.query('locale'), getCookie(c, LOCALE_COOKIE));
    try {
      const name = methodName(c.req.url);
      const method = findMethod(name);
      if (!method) throw new AppError('MethodNotFoundException', `Method ${name || '(none)'} not found`);
      found(method.name);
      const verb = c.req.method === 'HEAD' ? 'GET' : c.req.method;
      if (verb !== 'GET' && verb !== 'POST') {
        throw new AppError('InvalidRequestException', `${verb} is not allowed`, { status: 405, headers: { Allow: 'GET, POST' } });
      }
      if (method.verb !== 'ANY' && method.verb !== verb) {
        throw new AppError('InvalidRequestException', `${method.name} must be called with ${method.verb}`, {
          status: 405,
          headers: { Allow: method.verb },
        });
      }
      // A POST always changes something; a GET only when the method says so (logout). A link or
      // an image on another site must not do either with the player's cookie.
      if ((verb === 'POST' || method.changesState) && !isSameOrigin(c, { trustProxy: options.trustProxy, publicOrigin: options.publicOrigin })) {
        throw new AppError('AccessDeniedException', 'Cross-origin request refused');
      }
      if (!MAINTENANCE_OPEN.has(method.name.toLowerCase()) && (await services.siteSettings.get('maintenance'))) {
        throw new AppError('ApplicationDisabledException', 'The site is under maintenance');
      }
      const viewer = c.get('viewer');
      if (viewer.userStatus && viewer.userStatus !== 'active' && !OPEN_TO_BLOCKED.has(method.name.toLowerCase())) {
        throw viewer.userStatus === 'banned'
          ? new AppError('UserBannedException', 'Your account is blocked', { details: { banned: true } })
          : new AppError('UserDeletedException', 'This account has been deleted');
      }
      if (method.auth && viewer.userId === null) throw new AppError('AuthorizationException', 'Sign in required');
      const upload = method.upload;
      const maxBytes = upload?.maxBytes(services);
      const files = upload && maxBytes
        ? {
            maxBytes,
            tooLarge: () => upload.tooLarge(locale, maxBytes),
            severalFiles: (field: string) => new AppError('InvalidParameterException', `Invalid parameter: ${field}`, { fields: { [field]: fieldMessage(locale, 'invalid') } }),
          }
        : undefined;
      const raw = await readInput(c.req.raw, files);
      refuseControlCharacters(raw, locale);
      const input = parseOrThrow(method.input, raw, locale);
      const data = await method.handler(input, {
        services,
        viewer,
        locale,
        requestId: c.get('requestId'),
        logger,
        get ip() {
          return options.clientIp(c);
        },
        userAgent: c.req.header('user-agent'),
        origin: options.publicOrigin ?? new URL(c.req.url).origin,
        cookie: (cookieName) => getCookie(c, cookieName),
        setCookie: (cookieName, value, cookieOptions) => writeCookie(c, options.trustProxy, cookieName, value, cookieOptions),
        clearCookie: (cookieName) => writeCookie(c, options.trustProxy, cookieName, '', { maxAge: 0 }),
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ data: data ?? null });
    } catch (error) {
      c.header('Cache-Control', 'no-store');
      const answer = errorResponse(c, error, logger);
      outcomes.set(answer, error instanceof AppError ? error.type : 'InternalServerErrorException');
      return answer;
    }
  }

  return router;
}

/** The error type each error answer stood for (ok when absent), read by the metrics. */
const outcomes = new WeakMap<Response, string>();
const outcomeOf = (response: Response) => outcomes.get(response) ?? 'ok';
const callTimer = childrenOf((method) => apiDuration.labels(method));
const callCounter = childrenOf((key) => {
  const [method, outcome] = key.split(' ');
  return apiCalls.labels(method, outcome);
});

/** The method's name from the path; a malformed escape (`%E0`) names no method rather than failing. */
function methodName(url: string): string {
  const path = new URL(url).pathname.replace(/^\/api\//, '');
  try {
    return decodeURIComponent(path);
  } catch {
    throw new AppError('MethodNotFoundException', 'Method not found');
  }
}

function callerLocale(queryLocale: string | undefined, cookieLocale: string | undefined): LocaleCode {
  if (isLocale(queryLocale)) return queryLocale;
  if (isLocale(cookieLocale)) return cookieLocale;
  return DEFAULT_LOCALE;
}
