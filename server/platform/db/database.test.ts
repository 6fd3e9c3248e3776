import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './database.ts';
import { createTestDatabase } from '../testing/test-db.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('parameters', () => {
  // Found by the API fuzz: on PGlite, "ß\udfff" posted as JSON to chat/send failed the insert (500).
  it('stores text holding a lone surrogate, with U+FFFD in its place, on PGlite as on PostgreSQL', async () => {
    for (const text of ['ß\udfff', 'é\ud800x', '\udc00\ud800', '🎰\udfff🎰']) {
      const [row] = await queryRows<{ text: string; bytes: number }>(database.db, sql`select ${text}::text as text, octet_length(${text}::text) as bytes`);
      expect(row.text).toBe(text.toWellFormed());
      expect(Number(row.bytes)).toBe(Buffer.byteLength(text.toWellFormed()));
    }
  });
});
