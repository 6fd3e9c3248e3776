import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('migrations', () => {
  it('never name the public schema, so they run in whatever schema the connection uses', () => {
    const folder = new URL('./migrations/', import.meta.url);
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.sql'))) {
      expect(readFileSync(new URL(name, folder), 'utf8'), name).not.toContain('"public".');
    }
  });
});
