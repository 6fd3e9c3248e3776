/**
 * READ_DATABASE_URL on the real server process (docs/operations.md, "Read replica"): the process
 * opens the replica beside its primary and serves the catalogue's lists from it, then drains and
 * exits 0 with both closed. A second database on the same PostgreSQL server stands in for the
 * replica, its game names its own. PostgreSQL only (TEST_DATABASE_URL); the routing itself is
 * tested in read-routing.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freePort, hasBuild, startServerProcess } from '../testing/server-process.ts';
import { postgresStore } from '../testing/wallet-players.ts';
import { seedDemoContent } from '../../db/seed.ts';

const REPLICA_NAME = 'Read from the replica';
const postgres = process.env.TEST_DATABASE_URL;

describe('a server with READ_DATABASE_URL', () => {
  it.runIf(hasBuild() && !!postgres)('serves the game list from the replica, is ready, and drains to exit 0', { timeout: 90_000 }, async () => {
    const [primary, replica] = await Promise.all([postgresStore(postgres!), postgresStore(postgres!)]);
    try {
      for (const store of [primary, replica]) {
        const database = await store.open();
        try {
          await database.migrate();
          await seedDemoContent(database.db);
          if (store === replica) await database.db.execute(sql`update games set name = ${REPLICA_NAME}, description = '{}'::jsonb`);
        } finally {
          await database.close();
        }
      }
      const server = await startServerProcess({
        port: await freePort(),
        env: { ...primary.serverEnv, READ_DATABASE_URL: replica.serverEnv.DATABASE_URL, APP_SECRET: 'replica-process-test-secret-0123456789', SHARED_CACHE_MS: '0' },
      });
      try {
        const list = (await (await fetch(`${server.baseUrl}/api/games/get?v=2.34&count=5`)).json()) as { data: { items: Array<{ sysname: string; name: string }> } };
        expect(list.data.items.length).toBeGreaterThan(0);
        expect(list.data.items.every((item) => item.name === REPLICA_NAME)).toBe(true);
        expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      } finally {
        const stopped = await server.stop();
        expect(stopped).toMatchObject({ code: 0, forced: false });
      }
    } finally {
      await Promise.all([primary.remove(), replica.remove()]);
    }
  });
});
