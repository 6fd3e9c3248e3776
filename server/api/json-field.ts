import { z } from 'zod';

/**
 * A field given either as JSON text (a client's form) or already as an object (bracket notation,
 * `field[key]=value`): JSON text is parsed, then `schema` checks the value; text that is not
 * JSON is left for `schema` to refuse.
 */
export const jsonOrObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
