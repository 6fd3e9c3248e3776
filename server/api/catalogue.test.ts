import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, ERROR_TYPES } from '../../contract/errors.ts';
import { CATALOGUE } from './catalogue.ts';

const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

describe('docs/api.md', () => {
  it('documents every method of the catalogue, with its verb', () => {
    for (const method of CATALOGUE) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${method.name}\` |`));
      expect(row, method.name).toBeTruthy();
      expect(row).toContain(method.verb === 'ANY' ? 'GET or POST' : method.verb);
    }
  });
  it('lists every error type with its status', () => {
    for (const type of ERROR_TYPES) {
      expect(doc).toMatch(new RegExp(`\\| \`${type}\` \\| ${ERROR_STATUS[type]}`));
    }
  });
  it('has no two methods with the same name', () => {
    const names = CATALOGUE.map((method) => method.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});
