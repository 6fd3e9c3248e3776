import type { Env } from './platform/env.ts';
import type { Database } from './platform/db/database.ts';
import type { Logger } from './platform/logger.ts';
import { createSiteSettings } from './modules/site-settings/index.ts';
import { createSiteConfigService } from './modules/site-config/index.ts';
import { createStorageService } from './modules/storage/index.ts';
import { createContentService } from './modules/content/index.ts';

/** The modules of one process, wired to its database. API handlers reach modules only through this. */
export function createServices(deps: { database: Database; env: Env; logger: Logger; buildId?: string }) {
  const { db } = deps.database;
  return {
    database: deps.database,
    buildId: deps.buildId ?? 'dev',
    siteSettings: createSiteSettings(db),
    siteConfig: createSiteConfigService(db),
    storage: createStorageService(db, { quotaBytes: deps.env.STORAGE_QUOTA_BYTES }),
    content: createContentService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
