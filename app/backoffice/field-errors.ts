import { fieldError } from './api.ts';

/** The value at a dotted path (`reward.amount`, `texts.en.name`) of a form, or undefined. */
function valueAt(form: unknown, path: string): unknown {
  let value = form;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The server's message for a field of a form held in state, for as long as the field still holds
 * what was sent: once the operator changes it, the refusal is about a value that is gone, so it
 * is no longer shown (the other fields keep theirs until the next save answers). `sent` is what
 * the refused save posted (a mutation's `variables`), `current` the form as it is now.
 */
export function errorUntilChanged(error: unknown, sent: unknown, current: unknown, path: string): string | undefined {
  const message = fieldError(error, path);
  if (!message) return undefined;
  return JSON.stringify(valueAt(sent, path)) === JSON.stringify(valueAt(current, path)) ? message : undefined;
}
