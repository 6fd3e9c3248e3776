import { describe, expect, it } from 'vitest';
import en from './en/index.ts';
import fr from './fr/index.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => keys(item, prefix ? `${prefix}.${key}` : key));
  return [prefix];
}

describe('translations', () => {
  it('English and French have exactly the same keys', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });
  it('no translation is empty', () => {
    for (const bundle of [en, fr]) {
      for (const key of keys(bundle)) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      }
    }
  });
});
