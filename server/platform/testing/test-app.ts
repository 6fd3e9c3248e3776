import { parseEnv, type Env } from '../env.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase } from './test-db.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { createServices } from '../../services.ts';
import { createHttpApp } from '../../http/app.ts';

export const TEST_ORIGIN = 'http://localhost';

/**
 * The HTTP app on a fresh, seeded test database, driven in-process with `app.request()`.
 * `call` speaks the /api contract the way the browser client does (query, form-data body).
 */
export async function createTestApp(envOverrides: Record<string, string> = {}) {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  const env: Env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-test-secret-test-secret-0123', ...envOverrides });
  const logger = createLogger('silent');
  const services = await createServices({ database, env, logger, buildId: 'test' });
  const app = createHttpApp({ services, env, logger });

  async function call(
    method: string,
    options: { query?: Record<string, string>; body?: Record<string, string> | FormData; headers?: Record<string, string>; verb?: string } = {},
  ) {
    const url = new URL(`/api/${method}`, TEST_ORIGIN);
    url.searchParams.set('v', '2.34');
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.append(key, value);
    let body: FormData | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body) {
      body = new FormData();
      for (const [key, value] of Object.entries(options.body)) body.append(key, value);
    }
    const response = await app.request(url.toString(), {
      method: options.verb ?? (body ? 'POST' : 'GET'),
      body,
      headers: options.headers,
    });
    const json = (await response.json()) as {
      data?: unknown;
      error?: { type: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
    };
    return { status: response.status, json, headers: response.headers };
  }

  return {
    app,
    services,
    database,
    env,
    call,
    close: async () => {
      await services.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
