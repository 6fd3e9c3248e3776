import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../server/platform/db/database.ts';
import { createStaff } from '../server/modules/staff/index.ts';
import { createDbRateLimitStore } from '../server/platform/rate-limit/index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-ops-audit-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ops = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/ops.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OPERATOR: 'olga', LOG_LEVEL: 'silent' }, encoding: 'utf8' });

it('writes one audit row for an ops command that changes something, and none for one that only reads', { timeout: 120_000 }, async () => {
  expect(ops('site:maintenance', 'on').status).toBe(0);
  expect(ops('site:get', 'maintenance').status).toBe(0);
  const database = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
  try {
    const staff = createStaff({ db: database.db, limits: createDbRateLimitStore(database.db), appSecret: 'x'.repeat(32), messenger: { send: async () => {} } as never, origin: 'http://localhost' });
    const { items } = await staff.listAudit({}, { limit: 10, offset: 0 });
    expect(items.map((row) => [row.actor, row.action, row.subject])).toEqual([['ops:olga', 'ops.site:maintenance', 'on']]);
  } finally {
    await database.close();
  }
});
