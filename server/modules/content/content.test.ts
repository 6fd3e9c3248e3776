import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, like } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { createTestDatabase } from '../../platform/testing/test-db.ts';
import { operatorAudit } from '../../db/schema.ts';
import { createContentAdmin, createContentEditor, createContentService, markdownToSections, parseContentFile, versionOutsideChange } from './index.ts';

/** The built-in content store: what players read and what an operator's commands change (docs/content.md). */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const auditOf = (subject: string) =>
  database.db.select().from(operatorAudit).where(like(operatorAudit.subject, subject)).orderBy(desc(operatorAudit.id));

describe('content pages from the database', () => {
  it('a new page is a draft until published; unpublishing takes it off again; every change is audited', async () => {
    const admin = createContentAdmin(database.db, { actor: 'ops-anna' });
    const content = createContentService(database.db);
    const markdown = ['---', 'slug: bonus-terms', 'locale: en', 'title: Bonus terms', 'description: How bonuses work', '---', 'Every bonus has a **wagering** requirement.', '', '## Wagering', 'Bet the bonus 30 times', 'before it turns into cash.', '', '- Slots count 100%', '- Tables count 10%'].join('\n');
    const created = await admin.put('bonus-terms.en.md', markdown);
    expect(created).toEqual({ key: 'bonus-terms', locale: 'en', created: true, published: false });
    expect(await content.findPage('bonus-terms', 'en')).toBeNull();

    expect(await admin.setPublished('bonus-terms', 'all', true)).toEqual(['en']);
    const page = await content.findPage('bonus-terms', 'en');
    expect(page).toMatchObject({
      title: 'Bonus terms',
      description: 'How bonuses work',
      body: [
        { paragraphs: ['Every bonus has a wagering requirement.'] },
        { heading: 'Wagering', paragraphs: ['Bet the bonus 30 times before it turns into cash.', 'Slots count 100%', 'Tables count 10%'] },
      ],
    });
    expect(Date.parse(page!.updatedAt!)).not.toBeNaN();
    // No French copy yet: French readers get the English page.
    expect((await content.findPage('bonus-terms', 'fr'))?.locale).toBe('en');

    const french = { slug: 'bonus-terms', locale: 'fr', title: 'Conditions des bonus', body: [{ paragraphs: ['Chaque bonus a une exigence de mise.'] }], published: true };
    expect((await admin.put('bonus-terms.fr.json', JSON.stringify(french))).created).toBe(true);
    expect((await content.findPage('bonus-terms', 'fr'))?.title).toBe('Conditions des bonus');
    expect((await content.listPages()).find((entry) => entry.slug === 'bonus-terms')?.locales).toEqual({ en: expect.any(String), fr: expect.any(String) });

    expect(await admin.setPublished('bonus-terms', 'fr', false)).toEqual(['fr']);
    expect((await content.findPage('bonus-terms', 'fr'))?.locale).toBe('en');
    expect(Object.keys((await content.listPages()).find((entry) => entry.slug === 'bonus-terms')!.locales)).toEqual(['en']);

    // An update keeps the page's state (published) unless the file says otherwise.
    const update = await admin.put('bonus-terms.en.md', markdown.replace('title: Bonus terms', 'title: Bonus rules'));
    expect(update).toMatchObject({ created: false, published: true });
    expect((await content.findPage('bonus-terms', 'en'))?.title).toBe('Bonus rules');
    expect(await admin.show('bonus-terms', 'fr')).toMatchObject({ slug: 'bonus-terms', title: 'Conditions des bonus', published: false });

    const trail = await auditOf('page:bonus-terms');
    expect(trail.map((row) => [row.actor, row.action])).toEqual([
      ['ops-anna', 'content.update'],
      ['ops-anna', 'content.unpublish'],
      ['ops-anna', 'content.create'],
      ['ops-anna', 'content.publish'],
      ['ops-anna', 'content.create'],
    ]);
    expect(trail[1].details).toEqual({ locales: ['fr'] });
  });

  it('a content:put of an entry the editor has versions of becomes its newest version, so the editor can roll back to before it', async () => {
    const actor = 'ops-carla';
    const admin = createContentAdmin(database.db, { actor, afterPut: (tx, ref, locale) => versionOutsideChange(tx, ref, locale, actor) });
    const editor = createContentEditor(database.db, { source: 'database' });
    const content = createContentService(database.db);
    const ref = { kind: 'page' as const, key: 'house-rules' };
    const file = (title: string, text: string) => JSON.stringify({ slug: 'house-rules', locale: 'en', title, body: [{ paragraphs: [text] }], published: true });

    // Written by ops before the editor ever saw it: no version yet (the editor's first change takes the baseline).
    await admin.put('house-rules.json', file('House rules', 'Play fair.'));
    expect(await editor.versions(ref, 'en')).toEqual([]);

    // The editor saves and publishes version 2 over its baseline.
    const saved = await editor.save(ref, 'en', { title: 'House rules', description: '', markdown: 'Play fair, always.' }, { actor: 'editor-dan', baseVersion: null });
    await editor.publish(ref, 'en', saved.version);
    expect(saved.version).toBe(2);

    // ops changes it again: version 3, by the operator, live; the same file again adds nothing.
    await admin.put('house-rules.json', file('House rules', 'Play fair. No bots.'));
    await admin.put('house-rules.json', file('House rules', 'Play fair. No bots.'));
    const versions = await editor.versions(ref, 'en');
    expect(versions.map((row) => [row.version, row.source, row.created_by, row.live])).toEqual([
      [3, 'ops', actor, true],
      [2, 'save', 'editor-dan', false],
      [1, 'baseline', 'system', false],
    ]);
    expect((await editor.version(ref, 'en', 3)).fields).toMatchObject({ markdown: 'Play fair. No bots.' });

    // The editor rolls back to its own version 2: players see it, and ops' text stays in the history.
    await editor.rollback(ref, 'en', 2, { actor: 'editor-dan', baseVersion: 3 });
    expect((await content.findPage('house-rules', 'en'))?.body).toEqual([{ paragraphs: ['Play fair, always.'] }]);
    expect((await editor.versions(ref, 'en')).map((row) => row.source)).toEqual(['rollback', 'ops', 'save', 'baseline']);
  });

  it('refuses a wrong file naming each field, and writes nothing', async () => {
    const admin = createContentAdmin(database.db, { actor: 'ops-anna' });
    const before = (await auditOf('%')).length;
    expect(() => parseContentFile('x.json', JSON.stringify({ slug: 'Bad Slug!', locale: 'de', title: '', body: [] }))).toThrow(/slug: lower-case words[\s\S]*locale:[\s\S]*title:[\s\S]*body:/);
    await expect(admin.put('x.json', '{not json')).rejects.toThrow(/\(file\): not JSON/);
    await expect(admin.put('x.json', JSON.stringify({ path: '/gamehall/../etc', locale: 'en', heading: 'H', body: [{ paragraphs: ['p'] }] }))).rejects.toThrow(/path:/);
    expect((await auditOf('%')).length).toBe(before);
    expect(await admin.setPublished('no-such-page', 'all', true)).toEqual([]);
  });

  it('serves SEO texts of listing pages by path, with the English text as fallback', async () => {
    const admin = createContentAdmin(database.db, { actor: 'ops-ben' });
    const content = createContentService(database.db);
    await admin.put('hall.json', JSON.stringify({ path: '/gamehall/slot', locale: 'en', heading: 'Online slots', body: [{ paragraphs: ['Spin.'] }], published: true }));
    expect(await content.findSeoText('/gamehall/slot', 'fr')).toMatchObject({ path: '/gamehall/slot', locale: 'en', heading: 'Online slots', body: [{ paragraphs: ['Spin.'] }] });
    expect(await content.findSeoText('/gamehall/live', 'en')).toBeNull();
    expect(await admin.setPublished('/gamehall/slot', 'en', false)).toEqual(['en']);
    expect(await content.findSeoText('/gamehall/slot', 'en')).toBeNull();
    expect((await auditOf('seo:/gamehall/slot')).map((row) => row.action)).toEqual(['content.unpublish', 'content.create']);
    // SEO texts are not pages: no /{slug} answers with one, and the sitemap does not list them.
    expect(await content.findPage('/gamehall/slot', 'en')).toBeNull();
    expect((await content.listPages()).some((entry) => entry.slug.includes('gamehall'))).toBe(false);
  });
});

describe('markdown', () => {
  it('keeps words, drops markup, and splits sections at headings', () => {
    expect(markdownToSections('# Title\nSee [our terms](/terms) and ![logo](/x.png)`code`.\n\n### Next\n1. one\n2) two')).toEqual([
      { heading: 'Title', paragraphs: ['See our terms and code.'] },
      { heading: 'Next', paragraphs: ['one', 'two'] },
    ]);
  });
});
