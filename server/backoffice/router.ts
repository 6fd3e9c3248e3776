import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { BACKOFFICE_PATH, roleCan } from '../../contract/backoffice.ts';
import { backofficeLocaleOf } from '../../contract/backoffice-path.ts';
import { AppError } from '../platform/errors.ts';
import type { Logger } from '../platform/logger.ts';
import type { Services } from '../services.ts';
import type { HttpEnv } from '../http/env.ts';
import { isSecureRequest } from '../http/cookies.ts';
import { isSameOrigin } from '../http/origin.ts';
import { refuseControlCharacters } from '../api/control-characters.ts';
import { readInput, type FileUpload } from '../api/parse-input.ts';
import { errorResponse } from '../api/respond.ts';
import { parseOrThrow } from '../api/validate.ts';
import { BACKOFFICE_SESSION_COOKIE, type StaffSession } from '../modules/staff/index.ts';
import { findEndpoint } from './catalogue.ts';
import { actorOf, type Access, type EndpointContext } from './endpoint.ts';
import { isCataloguedMessage, localizeError } from './messages.ts';

export type BackofficeOptions = {
  services: Services;
  logger: Logger;
  trustProxy: boolean;
  publicOrigin?: string;
  clientIp(c: Context): string;
};

/**
 * `/backoffice/*` is reachable only from BACKOFFICE_ALLOWED_IPS when set: pages and API alike
 * answer 404 elsewhere, so the back office does not even show that it exists.
 */
export function backofficeAddressGate(options: Pick<BackofficeOptions, 'services' | 'clientIp'>): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    if (!options.services.staff.addressAllowed(options.clientIp(c))) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    return next();
  };
}

/** The body limit of an endpoint taking a file: past it, or with two files in one field, the field is named. */
const uploadLimits = (maxBytes: number): FileUpload => {
  const max = `${Math.round(maxBytes / (1024 * 1024))} MB`;
  return {
    maxBytes,
    tooLarge: () => new AppError('InvalidParameterException', `At most ${max} per file`, { status: 413, fields: { file: `At most ${max} per file` } }),
    severalFiles: (field) => new AppError('InvalidParameterException', 'One file at a time', { fields: { [field]: 'One file at a time' } }),
  };
};

/** Whether a session may call an endpoint of this access: the one place the matrix is enforced. */
export function allows(access: Access, session: StaffSession | null): boolean {
  if (access === 'public') return true;
  if (!session) return false;
  if (access === 'second-factor') return session.stage === 'second_factor';
  if (session.stage !== 'active') return false;
  return access === 'signed-in' || roleCan(session.role, access);
}

/**
 * `GET|POST /backoffice/api/{name}`: find the endpoint, check origin, session and permission,
 * parse the input by its schema, run it, and for a write add its one audit row. Answers
 * `{data}` or the typed `{error}` of the player API (docs/api.md's error table).
 */
export function createBackofficeRouter(options: BackofficeOptions) {
  const { services, logger } = options;
  const router = new Hono<HttpEnv>();

  router.all('/*', async (c) => {
    c.header('Cache-Control', 'no-store');
    const locale = backofficeLocaleOf(c.req.header('cookie') ?? null);
    try {
      const name = new URL(c.req.url).pathname.slice(`${BACKOFFICE_PATH}/api/`.length);
      const endpoint = findEndpoint(name);
      if (!endpoint) throw new AppError('MethodNotFoundException', `Endpoint ${name || '(none)'} not found`);
      const verb = c.req.method === 'HEAD' ? 'GET' : c.req.method;
      if (verb !== endpoint.verb) {
        throw new AppError('InvalidRequestException', `${endpoint.name} must be called with ${endpoint.verb}`, { status: 405, headers: { Allow: endpoint.verb } });
      }
      // The cookie is SameSite=Strict already; a foreign Origin is refused all the same.
      if (verb === 'POST' && !isSameOrigin(c, { trustProxy: options.trustProxy, publicOrigin: options.publicOrigin })) {
        throw new AppError('AccessDeniedException', 'Cross-origin request refused');
      }
      const session = await services.staff.resolveSession(getCookie(c, BACKOFFICE_SESSION_COOKIE));
      if (!allows(endpoint.access, session)) {
        if (!session || (session.stage !== 'active' && endpoint.access !== 'second-factor')) throw new AppError('AuthorizationException', 'Sign in to the back office');
        throw new AppError('AccessDeniedException', `Your role may not do this (${endpoint.access})`, { details: { permission: endpoint.access } });
      }
      const raw = await readInput(c.req.raw, endpoint.upload && uploadLimits(endpoint.upload.maxBytes));
      refuseControlCharacters(raw, locale);
      const input = parseOrThrow(endpoint.input, raw, locale, isCataloguedMessage);
      const secure = isSecureRequest(c, options.trustProxy);
      const context: EndpointContext = {
        services,
        staff: session,
        ip: options.clientIp(c),
        userAgent: c.req.header('user-agent'),
        requestId: c.get('requestId'),
        logger,
        locale,
        startSession: (token) => setCookie(c, BACKOFFICE_SESSION_COOKIE, token, { path: BACKOFFICE_PATH, httpOnly: true, secure, sameSite: 'Strict' }),
        endSession: () => deleteCookie(c, BACKOFFICE_SESSION_COOKIE, { path: BACKOFFICE_PATH, secure }),
      };
      if (endpoint.verb === 'GET') {
        const result = await endpoint.handler(input, context);
        // A read may answer a file (a verification document) with its own headers.
        if (result instanceof Response) return result;
        return c.json({ data: result ?? null });
      }

      const { data, audit } = await endpoint.handler(input, context);
      const actor = audit.actor ? await services.staff.member(audit.actor.staffId) : null;
      await services.staff.recordAudit({
        actor: actor ? actorOf({ staffId: actor.id, email: actor.email }) : session ? actorOf(session) : 'anonymous',
        actorRole: actor?.role ?? session?.role ?? null,
        action: audit.action ?? endpoint.name.replaceAll('/', '.'),
        subject: audit.subject,
        before: audit.before,
        after: audit.after,
        details: audit.details,
        ip: context.ip,
        requestId: context.requestId,
      });
      return c.json({ data: data ?? null });
    } catch (error) {
      return errorResponse(c, localizeError(error, locale), logger);
    }
  });
  return router;
}
