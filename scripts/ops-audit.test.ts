import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/platform/db/database.ts';
import { createLedger } from '../server/modules/ledger/index.ts';
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

it('withdrawal:approve pays up to BACKOFFICE_FOUR_EYES and, above it, pays nothing and sends the operator to the back office', { timeout: 120_000 }, async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
  const ids = { small: `wd_cli_small_${Date.now()}`, large: `wd_cli_large_${Date.now()}` };
  try {
    await database.migrate();
    const ledger = createLedger(database.db);
    const [user] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into users (password_hash, currency, locale) values ('x', 'EUR', 'en') returning id`,
    );
    await ledger.transfer({ key: `cli-fund:${user.id}`, kind: 'deposit', currency: 'EUR', legs: [{ account: { house: 'payment_clearing' }, amount: -100_000n }, { account: { player: user.id, kind: 'main' }, amount: 100_000n }] });
    for (const [publicId, amount] of [[ids.small, 20_000n], [ids.large, 60_000n]] as const) {
      const [payment] = await queryRows<{ id: number }>(
        database.db,
        sql`insert into payments (public_id, user_id, direction, method, provider, amount, currency, status, requisites)
            values (${publicId}, ${user.id}, 'withdrawal', 'bank_transfer', 'demo', ${amount.toString()}, 'EUR', 'requested', ${JSON.stringify({ iban: 'FR1420041010050500013M02606' })}::jsonb) returning id`,
      );
      await ledger.transfer({ key: `withdrawal:${payment.id}`, kind: 'withdrawal', currency: 'EUR', legs: [{ account: { player: user.id, kind: 'main' }, amount: -amount }, { account: { player: user.id, kind: 'withdrawal_hold' }, amount }] });
    }
  } finally {
    await database.close();
  }

  const large = ops('withdrawal:approve', ids.large);
  expect(large.status).toBe(1);
  expect(large.stderr).toContain(`${ids.large}: above BACKOFFICE_FOUR_EYES (500 EUR): two members approve it in the back office`);
  const small = ops('withdrawal:approve', ids.small);
  expect(small.status, small.stderr).toBe(0);
  expect(small.stdout).toContain(`${ids.small}: paid out`);

  const after = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
  try {
    const rows = await queryRows<{ public_id: string; status: string }>(after.db, sql`select public_id, status from payments where public_id in (${ids.small}, ${ids.large}) order by public_id`);
    expect(rows).toEqual([
      { public_id: ids.large, status: 'requested' },
      { public_id: ids.small, status: 'approved' },
    ]);
  } finally {
    await after.close();
  }
});
