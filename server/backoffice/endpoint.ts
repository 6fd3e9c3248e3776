import type { BackofficeLocale } from '../../contract/backoffice-path.ts';
import type { z } from 'zod';
import type { Permission } from '../../contract/backoffice.ts';
import type { Logger } from '../platform/logger.ts';
import type { Services } from '../services.ts';
import type { StaffSession } from '../modules/staff/index.ts';

/**
 * Who may call an endpoint: a permission of the matrix (contract/backoffice.ts), any signed-in
 * member (`signed-in`), a member between password and code (`second-factor`), or anyone
 * (`public`: signing in and set-up links). Every endpoint declares one; the router enforces it.
 */
export type Access = Permission | 'signed-in' | 'second-factor' | 'public';

export type EndpointContext = {
  services: Services;
  /** The caller's session: set for every access but `public`. */
  staff: StaffSession | null;
  ip: string;
  userAgent?: string;
  requestId: string;
  logger: Logger;
  /** The member's interface language (the `bo_locale` cookie): for modules that write their own messages and names. */
  locale: BackofficeLocale;
  /** Sets the back-office session cookie (a new token after each step of signing in). */
  startSession(token: string): void;
  endSession(): void;
};

/**
 * What a write leaves in the audit trail: exactly one row per successful call, written by the
 * router. `actor` is needed only where the caller is not signed in yet (set-up, sign-in).
 */
export type AuditNote = {
  subject: string;
  /** Defaults to the endpoint's name with dots (`staff/invite` → `staff.invite`). */
  action?: string;
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
  actor?: { staffId: number };
};

type Base<S extends z.ZodType> = {
  /** As called: `/backoffice/api/{name}`. */
  name: string;
  access: Access;
  summary: string;
  input: S;
  /** A write taking a file (multipart): the body is cut off past `maxBytes`, files arrive as File values. */
  upload?: { maxBytes: number };
};

export type ReadEndpoint<S extends z.ZodType = z.ZodType> = Base<S> & {
  verb: 'GET';
  handler(input: z.infer<S>, context: EndpointContext): Promise<unknown>;
};

export type WriteEndpoint<S extends z.ZodType = z.ZodType> = Base<S> & {
  verb: 'POST';
  handler(input: z.infer<S>, context: EndpointContext): Promise<{ data: unknown; audit: AuditNote }>;
};

export type Endpoint = ReadEndpoint | WriteEndpoint;

export const defineRead = <S extends z.ZodType>(endpoint: Omit<ReadEndpoint<S>, 'verb'>): ReadEndpoint<S> => ({ ...endpoint, verb: 'GET' });
export const defineWrite = <S extends z.ZodType>(endpoint: Omit<WriteEndpoint<S>, 'verb'>): WriteEndpoint<S> => ({ ...endpoint, verb: 'POST' });

/** The caller's session where the access rule guarantees one. */
export function signedIn(context: EndpointContext): StaffSession {
  if (!context.staff) throw new Error('endpoint reached without a session: its access rule is wrong');
  return context.staff;
}

export const actorOf = (staff: { staffId: number; email: string }) => `staff:${staff.staffId} ${staff.email}`;
