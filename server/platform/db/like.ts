/**
 * LIKE and ILIKE patterns from text a person typed: `%`, `_` and the escape character (PostgreSQL's
 * default, the backslash) match only themselves, so a search for "100%" finds that text and not
 * everything starting with "100".
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A pattern matching any text that contains `text`. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A pattern matching any text that starts with `text`. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
