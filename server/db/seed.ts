import { readFileSync } from 'node:fs';
import { LOCALES } from '../../contract/locales.ts';
import { siteConfigSchema } from '../../contract/site-config.ts';
import type { Db } from '../platform/db/database.ts';
import { contentPages, siteConfigs } from './schema.ts';

const seedFile = (name: string) => new URL(`./seed/${name}`, import.meta.url);

/**
 * Demo content, inserted only where nothing is stored yet: running it again (every start does)
 * never overwrites what an operator changed.
 */
export async function seedDemoContent(db: Db): Promise<void> {
  for (const locale of LOCALES) {
    const document = siteConfigSchema.parse(JSON.parse(readFileSync(seedFile(`site-config.${locale}.json`), 'utf8')));
    await db.insert(siteConfigs).values({ locale, document }).onConflictDoNothing();
  }
  const pages = JSON.parse(readFileSync(seedFile('content-pages.json'), 'utf8')) as Array<typeof contentPages.$inferInsert>;
  await db.insert(contentPages).values(pages).onConflictDoNothing();
}
