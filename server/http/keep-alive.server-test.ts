/**
 * A kept-alive connection outlives a short pause (server/main.ts, KEEP_ALIVE_MS): a client (or
 * the proxy in front) that sends its next request on it after a few seconds gets an answer, not a
 * connection closed under it. With Node's default of 5 s, a journey's API client that paused for
 * a page flow hit that race in CI (ECONNRESET). After `npm run build`, on the embedded database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, hasBuild, startServerProcess, type ServerProcess } from '../platform/testing/server-process.ts';

let site: ServerProcess;
const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-keep-alive-'));

/** GET `path` through `agent`, answering the status and the socket it went over. */
function get(agent: Agent, url: string): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, socket: sent.socket as Socket }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe.skipIf(!hasBuild())('kept-alive connections', () => {
  beforeAll(async () => {
    site = await startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir, APP_SECRET: 'keep-alive-test-app-secret-0123456789abcdef', JOBS: 'off' } });
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serve the next request on the same connection after a pause longer than Node’s default 5 s', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, `${site.baseUrl}/healthz`);
      expect(first.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      const second = await get(agent, `${site.baseUrl}/healthz`);
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});
