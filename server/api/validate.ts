import type { z } from 'zod';
import type { LocaleCode } from '../../contract/locales.ts';
import { fieldMessage } from '../../contract/validation-messages.ts';
import { AppError } from '../platform/errors.ts';

/**
 * Turns a schema failure into InvalidParameterException with one message per field, in the
 * caller's language, using the spec's default messages. `ownMessage` lets a caller keep a
 * schema's own message where it knows it (the back office keeps the ones its catalogue
 * translates: "A day like 2026-11-27" says more than "Wrong value").
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, locale: LocaleCode, ownMessage?: (message: string) => boolean): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!fields[field]) fields[field] = issueMessage(issue, input, locale, ownMessage);
  }
  const names = Object.keys(fields);
  throw new AppError('InvalidParameterException', `Invalid parameter: ${names.join(', ')}`, { fields });
}

function issueMessage(issue: z.core.$ZodIssue, input: unknown, locale: LocaleCode, ownMessage?: (message: string) => boolean): string {
  const given = issue.path.reduce<unknown>(
    (value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    input,
  );
  if (given === undefined || given === '') return fieldMessage(locale, 'required');
  if (ownMessage?.(issue.message)) return issue.message;
  if (issue.code === 'too_small') {
    const key = issue.origin === 'string' || issue.origin === 'array' ? 'minLength' : 'minValue';
    return fieldMessage(locale, key, { min: String(issue.minimum) });
  }
  if (issue.code === 'too_big') {
    const key = issue.origin === 'string' || issue.origin === 'array' ? 'maxLength' : 'maxValue';
    return fieldMessage(locale, key, { max: String(issue.maximum) });
  }
  return fieldMessage(locale, 'invalid');
}
