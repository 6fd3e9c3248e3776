/**
 * What changed between two site configuration documents, path by path (`auth.authTypes.2`): the
 * back office shows it before a save or a rollback, and the audit trail keeps only these paths.
 * Objects are compared key by key, arrays index by index; anything else by value.
 */
export type DocumentChange = { path: string; before: unknown; after: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function diffDocuments(before: unknown, after: unknown, path: string[] = [], changes: DocumentChange[] = []): DocumentChange[] {
  if (isObject(before) && isObject(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])]) diffDocuments(before[key], after[key], [...path, key], changes);
  } else if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) diffDocuments(before[index], after[index], [...path, String(index)], changes);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    changes.push({ path: path.join('.'), before, after });
  }
  return changes;
}

/** A value as a diff line shows it: JSON, shortened past `max` characters. */
export function shortValue(value: unknown, max = 120): string {
  if (value === undefined) return '∅';
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
