/**
 * Bracket-notation encoding of nested values, as the server's parser reads them:
 * `{ fields: ['a', 'b'], options: { x: 1 } }` -> `fields[0]=a&fields[1]=b&options[x]=1`.
 * Null and undefined values are dropped.
 */
export function toEntries(value: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [key, item] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (item === null || item === undefined) continue;
    if (Array.isArray(item)) {
      item.forEach((element, index) => {
        if (element === null || element === undefined) return;
        if (typeof element === 'object') entries.push(...toEntries(element as Record<string, unknown>, `${name}[${index}]`));
        else entries.push([`${name}[${index}]`, String(element)]);
      });
    } else if (item instanceof Date) {
      entries.push([name, item.toISOString()]);
    } else if (typeof item === 'object') {
      entries.push(...toEntries(item as Record<string, unknown>, name));
    } else {
      entries.push([name, String(item)]);
    }
  }
  return entries;
}
