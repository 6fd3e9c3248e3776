import { seedDemoContent } from '../db/seed.ts';
import { parseEnv } from '../platform/env.ts';
import { createLogger } from '../platform/logger.ts';
import { createTestDatabase } from '../platform/testing/test-db.ts';
import { createServices } from '../services.ts';

/** The services over a fresh, seeded test database, for the HTTP tests that build their own app around them. */
export async function createTestServices() {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-test-secret-test-secret-0123' });
  const logger = createLogger('silent');
  const services = await createServices({ database, env, logger, buildId: 'test' });
  const close = async () => {
    await services.close();
    await database.close();
  };
  return { services, env, logger, close };
}
