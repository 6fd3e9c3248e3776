import { isApiError } from '../../lib/api-error.ts';

/** What went wrong with a studio call, as the player sees it. */
export type StudioErrorKind = 'funds' | 'limit' | 'invalid' | 'signIn' | 'session' | 'tooFast' | 'unavailable' | 'notFound' | 'network' | 'unknown';

export type StudioError = {
  kind: StudioErrorKind;
  /** The server's message (already in the player's language when the server localizes it). */
  message: string;
  /** Field messages of a validation error, by field. */
  fields: Record<string, string>;
};

const FUNDS = /insufficient|not ?enough|need ?deposit|low balance/i;

/**
 * Sorts a failed call into what the client shows: not enough money (with a way to the cashier
 * or a lower stake), a refused bet (its field messages), a session to sign in again, a pause.
 */
export function describeStudioError(error: unknown): StudioError {
  if (!isApiError(error)) {
    const offline = error instanceof TypeError; // fetch() failing: no network
    return { kind: offline ? 'network' : 'unknown', message: error instanceof Error ? error.message : String(error), fields: {} };
  }
  const fields = error.fields ?? {};
  const texts = [error.type, error.message, ...Object.values(fields)].join(' ');
  let kind: StudioErrorKind;
  // Responsible gaming (docs/responsible-gaming.md): a loss, wager or session-time limit, or a break.
  if (error.type === 'GamingLimitExceededException' || error.type === 'UserExcludedException') kind = 'limit';
  else if (FUNDS.test(error.type) || FUNDS.test(texts)) kind = 'funds';
  else if (error.type === 'AuthorizationException') kind = 'signIn';
  else if (error.type === 'TooManyRequestsException') kind = 'tooFast';
  else if (error.type === 'ApplicationDisabledException' || error.type === 'ApplicationUnavailableException' || error.status >= 500) kind = 'unavailable';
  else if (error.type === 'MethodNotFoundException') kind = 'unavailable';
  else if (error.status === 404) kind = 'notFound';
  else if (/token|session/i.test(Object.keys(fields).join(' ')) || /GameSession|Token/i.test(error.type)) kind = 'session';
  else if (error.type === 'InvalidParameterException' || error.type === 'InvalidRequestException' || error.status === 422 || error.status === 400) kind = 'invalid';
  else kind = 'unknown';
  return { kind, message: error.message, fields };
}

/** The field messages worth showing under the headline (without repeating it). */
export function fieldMessages(error: StudioError): string[] {
  const seen = new Set<string>();
  for (const text of Object.values(error.fields)) if (text && text !== error.message) seen.add(text);
  return [...seen];
}
