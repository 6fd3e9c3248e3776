import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../contract/site-config.ts';
import { createTestDatabase } from '../platform/testing/test-db.ts';
import type { Database } from '../platform/db/database.ts';
import { seedDemoContent } from './seed.ts';
import { createSiteConfigService } from '../modules/site-config/index.ts';
import { createContentAdmin, createContentService } from '../modules/content/index.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo content', () => {
  it('seeds valid site configurations and content pages, idempotently, without overwriting operator changes', async () => {
    await seedDemoContent(database.db);
    const configs = createSiteConfigService(database.db);
    const fr = await configs.get('fr');
    expect(siteConfigSchema.safeParse(fr).success).toBe(true);
    await configs.put('en', { ...(await configs.get('en')), features: { betting: false } });
    await seedDemoContent(database.db);
    const en = await createSiteConfigService(database.db).get('en');
    expect(en.features.betting).toBe(false);
    expect((await createContentService(database.db).findPage('about', 'fr'))?.title).toBe('À propos de Croupier');
    expect((await createContentService(database.db).findSeoText('/gamehall/slot', 'fr'))?.heading).toBe('Machines à sous en ligne');
  });

  it('falls back to the English page when a translation is missing, and refuses bad slugs', async () => {
    const content = createContentService(database.db);
    const page = { slug: 'only-english', locale: 'en', title: 'Only English', body: [{ paragraphs: ['Text'] }], published: true };
    await createContentAdmin(database.db, { actor: 'test' }).put('page.json', JSON.stringify(page));
    expect((await content.findPage('only-english', 'fr'))?.title).toBe('Only English');
    expect(await content.findPage('../etc', 'en')).toBeNull();
  });

  it('rejects an invalid configuration naming the field', async () => {
    const configs = createSiteConfigService(database.db);
    await expect(configs.put('en', { games: { gamesItem: { visibleFullScreen: 'sometimes' } } } as never)).rejects.toThrow(/visibleFullScreen/);
  });
});
