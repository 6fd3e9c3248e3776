import type { z } from 'zod';
import type { LocaleCode } from '../../contract/locales.ts';
import type { Services } from '../services.ts';
import type { Logger } from '../platform/logger.ts';

/** Who is calling: every browser has a visitor id; a signed-in player also has a user and session. */
export type Viewer = {
  visitorId: string;
  userId: number | null;
  sessionId: number | null;
  userStatus: 'active' | 'banned' | 'deleted' | null;
};

export type CookieOptions = { maxAge?: number; httpOnly?: boolean };

/** What a method handler receives besides its parsed input. */
export type ApiContext = {
  services: Services;
  viewer: Viewer;
  locale: LocaleCode;
  requestId: string;
  logger: Logger;
  /** The caller's address, worked out on first use (most methods never need it). */
  readonly ip: string;
  userAgent?: string;
  /** This site's origin, for links in messages. */
  origin: string;
  /** A cookie of the request (modules' own cookies, e.g. the chat's guest identity). */
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, options?: CookieOptions): void;
  clearCookie(name: string): void;
};

export type Verb = 'GET' | 'POST' | 'ANY';

export type ApiMethod<S extends z.ZodType = z.ZodType> = {
  /** Name as called, e.g. `cashier/gethistory`; matched without regard to case. */
  name: string;
  verb: Verb;
  /** Whether a signed-in session is required (AuthorizationException otherwise). */
  auth: boolean;
  /**
   * A GET method that changes something (logout, notices marked seen by their read): refused
   * cross-origin like every POST, so a link or an image on another site cannot trigger it.
   */
  changesState?: true;
  summary: string;
  input: S;
  /**
   * A method that takes files (multipart): the body is cut off while it streams once it passes
   * `maxBytes`, answering `tooLarge`; its files reach the input as File values by field name.
   */
  upload?: { maxBytes(services: Services): number; tooLarge(locale: LocaleCode, maxBytes: number): Error };
  handler(input: z.infer<S>, context: ApiContext): Promise<unknown> | unknown;
};

/** Declares a method with its input type inferred from the schema. */
export const defineMethod = <S extends z.ZodType>(method: ApiMethod<S>): ApiMethod<S> => method;
