import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/database.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../platform/testing/test-app.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';
import { createContentEditor, type ContentEntryView, type ContentVersionRow } from '../modules/content/index.ts';

let t: TestApp;
let marketing: TestStaff;
let analyst: TestStaff;
let support: TestStaff;
let trader: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  [marketing, analyst, support, trader] = await Promise.all([createStaffMember(t, 'marketing'), createStaffMember(t, 'analyst'), createStaffMember(t, 'support'), createStaffMember(t, 'trader')]);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const count = async (table: 'operator_audit' | 'content_versions' | 'content_images' | 'content_pages') =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;
const lastAudit = async (action: string) =>
  (await queryRows<{ actor: string; subject: string; before: unknown; after: unknown; details: Record<string, unknown> }>(t.database.db, sql`select actor, subject, before, after, details from operator_audit where action = ${action} order by id desc limit 1`))[0];

/** What a player reading in `locale` gets at /{slug}: the page's text, or the status. */
async function playerPage(slug: string, locale: 'en' | 'fr' = 'en') {
  const answer = await t.call('content/getpage', { query: { slug, locale } });
  if (answer.status !== 200) return answer.status;
  const page = answer.json.data as { title: string; locale: string; body: Array<{ heading?: string; paragraphs: string[]; image?: { src: string } }> };
  return { title: page.title, locale: page.locale, text: page.body.flatMap((section) => [section.heading ?? '', ...section.paragraphs]).join(' | '), body: page.body };
}

const save = (who: TestStaff, body: Record<string, unknown>) => backoffice(t, 'content/save', { body, cookie: who.cookie });
const write = (who: TestStaff, name: string, body: Record<string, unknown>) => backoffice(t, name, { body, cookie: who.cookie });
const page = (key: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ kind: 'page', key, locale: 'en', fields, ...extra });

describe('validation by the editor schemas', () => {
  it('refuses bad input with 422 naming each field, and writes nothing', async () => {
    const before = await Promise.all([count('operator_audit'), count('content_versions'), count('content_pages')]);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [page('Bad Slug!', { title: 'A', markdown: 'Text' }), ['key']],
      [page('fine-slug', { title: '', markdown: 'Text' }), ['fields.title']],
      [page('fine-slug', { title: 'A', markdown: '   \n\n' }), ['fields.markdown']],
      [page('fine-slug', { title: 'A'.repeat(121), description: 'D'.repeat(301), markdown: 'Text' }), ['fields.title', 'fields.description']],
      [page('fine-slug', { title: 'A', markdown: 'Text' }, { locale: 'de' }), ['locale']],
      [{ kind: 'seo', key: 'no-leading-slash', locale: 'en', fields: { heading: 'H', markdown: 'Text' } }, ['key']],
      [{ kind: 'seo', key: '/gamehall', locale: 'en', fields: { markdown: 'Text' } }, ['fields.heading']],
      [{ kind: 'record', key: '/providers', locale: 'en', fields: { title: 'T', schemaFaq: [{ question: '', answer: 'A' }] } }, ['fields.schemaFaq.0.question']],
      [{ kind: 'leaflet', key: 'x', locale: 'en', fields: {} }, ['kind']],
      [page('fine-slug', { title: 'A', markdown: 'Text' }, { base_version: 'two' }), ['base_version']],
    ];
    for (const [body, fields] of cases) {
      const answer = await save(marketing, body);
      expect(answer.status, JSON.stringify(answer.json)).toBe(422);
      expect(answer.json.error?.type).toBe('InvalidParameterException');
      expect(Object.keys(answer.json.error?.fields ?? {}).sort(), JSON.stringify(body)).toEqual(fields.sort());
    }
    // A picture the markdown shows must have been uploaded.
    const ghost = await save(marketing, page('fine-slug', { title: 'A', markdown: `![x](/content-images/${'a'.repeat(43)}.jpg)\n\nText` }));
    expect(ghost.status).toBe(422);
    expect(ghost.json.error?.fields).toEqual({ 'fields.markdown': `Image ${'a'.repeat(43)}.jpg was not uploaded` });
    // Publish, rollback and unpublish check theirs too.
    expect(Object.keys((await write(marketing, 'content/publish', { kind: 'page', key: 'terms', locale: 'en', version: 0 })).json.error?.fields ?? {})).toEqual(['version']);
    expect((await write(marketing, 'content/rollback', { kind: 'page', key: 'terms', locale: 'en', version: 99 })).status).toBe(404);
    expect(await Promise.all([count('operator_audit'), count('content_versions'), count('content_pages')])).toEqual(before);
  });

  it('answers in French for a member who reads French', async () => {
    const answer = await backoffice(t, 'content/unpublish', { body: { kind: 'page', key: 'never-written', locale: 'en' }, cookie: `${marketing.cookie}; bo_locale=fr` });
    expect(answer.status).toBe(409);
    expect(answer.json.error?.message).toBe('Ce contenu n’est pas publié');
  });
});

describe('drafts, publishing, unpublishing and rollback as players see them', () => {
  it('keeps a draft away from players until it is published, and rolls back to the old text', async () => {
    const created = await save(marketing, page('bonus-rules', { title: 'Bonus rules', description: 'How bonuses work', markdown: '## Wagering\n\nBet the bonus 30 times.' }, { base_version: null }));
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.data).toEqual({ version: 1 });
    // A new entry is a draft: no page for players, not even in French.
    expect(await playerPage('bonus-rules')).toBe(404);
    expect(await playerPage('bonus-rules', 'fr')).toBe(404);
    expect(await lastAudit('content.save')).toMatchObject({ actor: `staff:${marketing.id} ${marketing.email}`, subject: 'content:page:bonus-rules:en', before: null, details: { version: 1 } });

    expect((await write(marketing, 'content/publish', { kind: 'page', key: 'bonus-rules', locale: 'en', version: 1 })).status).toBe(200);
    expect(await playerPage('bonus-rules')).toMatchObject({ title: 'Bonus rules', text: 'Wagering | Bet the bonus 30 times.' });
    // French readers get the English page (the fallback).
    expect(await playerPage('bonus-rules', 'fr')).toMatchObject({ locale: 'en' });

    // A second save is a draft over a live page: players keep the published text.
    const draft = await save(marketing, page('bonus-rules', { title: 'Bonus rules', description: 'How bonuses work', markdown: '## Wagering\n\nBet the bonus 20 times.' }, { base_version: 1 }));
    expect(draft.json.data).toEqual({ version: 2 });
    expect(await playerPage('bonus-rules')).toMatchObject({ text: 'Wagering | Bet the bonus 30 times.' });
    // Someone else's editor, opened at version 1, cannot save over version 2.
    const stale = await save(marketing, page('bonus-rules', { title: 'Other', markdown: 'Other' }, { base_version: 1 }));
    expect([stale.status, Object.keys(stale.json.error?.fields ?? {})]).toEqual([409, ['base_version']]);
    const entry = (await backoffice(t, 'content/entry', { query: { kind: 'page', key: 'bonus-rules', language: 'en' }, cookie: analyst.cookie })).json.data as ContentEntryView;
    expect(entry).toMatchObject({ live: 'published', version: 2, published_version: 1, draft: true, fields: { markdown: '## Wagering\n\nBet the bonus 20 times.' } });

    expect((await write(marketing, 'content/publish', { kind: 'page', key: 'bonus-rules', locale: 'en', version: 2 })).status).toBe(200);
    expect(await playerPage('bonus-rules')).toMatchObject({ text: 'Wagering | Bet the bonus 20 times.' });
    expect(await lastAudit('content.publish')).toMatchObject({ subject: 'content:page:bonus-rules:en', details: { version: 2, previous_version: 1 } });
    expect((await write(marketing, 'content/publish', { kind: 'page', key: 'bonus-rules', locale: 'en', version: 2 })).status).toBe(409);

    const rolled = await write(marketing, 'content/rollback', { kind: 'page', key: 'bonus-rules', locale: 'en', version: 1, base_version: 2 });
    expect(rolled.json.data).toEqual({ version: 3, restored: 1 });
    expect(await playerPage('bonus-rules')).toMatchObject({ text: 'Wagering | Bet the bonus 30 times.' });
    expect(await lastAudit('content.rollback')).toMatchObject({ details: { version: 3, restored_version: 1 } });
    const versions = (await backoffice(t, 'content/versions', { query: { kind: 'page', key: 'bonus-rules', language: 'en' }, cookie: support.cookie })).json.data as ContentVersionRow[];
    expect(versions.map((row) => [row.version, row.source, row.restored_from, row.live])).toEqual([
      [3, 'rollback', 1, true],
      [2, 'save', null, false],
      [1, 'save', null, false],
    ]);

    expect((await write(marketing, 'content/unpublish', { kind: 'page', key: 'bonus-rules', locale: 'en' })).status).toBe(200);
    expect(await playerPage('bonus-rules')).toBe(404);
    expect((await write(marketing, 'content/unpublish', { kind: 'page', key: 'bonus-rules', locale: 'en' })).status).toBe(409);
    // Publishing again brings it back.
    expect((await write(marketing, 'content/publish', { kind: 'page', key: 'bonus-rules', locale: 'en', version: 3 })).status).toBe(200);
    expect(await playerPage('bonus-rules')).toMatchObject({ text: 'Wagering | Bet the bonus 30 times.' });
  });

  it('keeps a seeded page as its baseline version, so an edit can be rolled back to the seed', async () => {
    const seeded = await playerPage('terms', 'fr');
    expect(seeded).toMatchObject({ locale: 'fr' });
    const opened = (await backoffice(t, 'content/entry', { query: { kind: 'page', key: 'terms', language: 'fr' }, cookie: marketing.cookie })).json.data as ContentEntryView;
    expect(opened).toMatchObject({ live: 'published', version: null, draft: false });
    const fields = opened.fields as { title: string; description: string; markdown: string };
    const saved = await save(marketing, { kind: 'page', key: 'terms', locale: 'fr', fields: { ...fields, markdown: `${fields.markdown}\n\n## Nouveau\n\nUn paragraphe ajouté.` }, base_version: null });
    expect(saved.json.data, JSON.stringify(saved.json)).toEqual({ version: 2 });
    expect((await write(marketing, 'content/publish', { kind: 'page', key: 'terms', locale: 'fr', version: 2 })).status).toBe(200);
    expect(await playerPage('terms', 'fr')).toMatchObject({ text: expect.stringContaining('Nouveau | Un paragraphe ajouté.') });
    // Version 1 is the seed's text, the editor's markdown of it gives the same page back.
    expect((await write(marketing, 'content/rollback', { kind: 'page', key: 'terms', locale: 'fr', version: 1 })).status).toBe(200);
    expect(await playerPage('terms', 'fr')).toEqual(seeded);
  });

  it('edits a SEO text and a SEO record the hall and the page head read', async () => {
    const text = await save(marketing, { kind: 'seo', key: '/gamehall/slot', locale: 'en', fields: { heading: 'Slots, spun fresh', markdown: 'Reels for every taste.' } });
    expect(text.status, JSON.stringify(text.json)).toBe(200);
    const before = (await t.call('content/getseotext', { query: { path: '/gamehall/slot', locale: 'en' } })).json.data as { heading: string };
    expect(before.heading).not.toBe('Slots, spun fresh');
    await write(marketing, 'content/publish', { kind: 'seo', key: '/gamehall/slot', locale: 'en', version: (text.json.data as { version: number }).version });
    expect((await t.call('content/getseotext', { query: { path: '/gamehall/slot', locale: 'en' } })).json.data).toMatchObject({ heading: 'Slots, spun fresh', body: [{ paragraphs: ['Reels for every taste.'] }] });

    const record = await save(marketing, { kind: 'record', key: '/providers', locale: 'en', fields: { title: 'Game providers at Croupier', description: 'Every studio we host.', robots: 'index, follow' } });
    expect(record.status, JSON.stringify(record.json)).toBe(200);
    expect((await t.services.content.findSeoRecord('/providers', 'en'))?.title).not.toBe('Game providers at Croupier');
    await write(marketing, 'content/publish', { kind: 'record', key: '/providers', locale: 'en', version: (record.json.data as { version: number }).version });
    expect(await t.services.content.findSeoRecord('/providers', 'en')).toMatchObject({ title: 'Game providers at Croupier', description: 'Every studio we host.' });
    await write(marketing, 'content/unpublish', { kind: 'record', key: '/providers', locale: 'en' });
    expect(await t.services.content.findSeoRecord('/providers', 'en')).toBeNull();
  });

  it('shows a published page in the sitemap at once: the publish clears its cache', async () => {
    const sitemap = async () => (await t.app.request(`${TEST_ORIGIN}/sitemap-en.xml`)).text();
    expect(await sitemap()).not.toContain('/cashback-rules');
    const saved = await save(marketing, page('cashback-rules', { title: 'Cashback rules', markdown: 'Ten percent back every Monday.' }));
    expect(await sitemap()).not.toContain('/cashback-rules');
    await write(marketing, 'content/publish', { kind: 'page', key: 'cashback-rules', locale: 'en', version: (saved.json.data as { version: number }).version });
    expect(await sitemap()).toContain('/cashback-rules');
  });

  it('lists every entry with its state for the list screen', async () => {
    const answer = await backoffice(t, 'content/list', { cookie: analyst.cookie });
    const { source, items } = answer.json.data as { source: string; items: Array<Record<string, unknown>> };
    expect(source).toBe('database');
    expect(items).toContainEqual(expect.objectContaining({ kind: 'page', key: 'bonus-rules', locale: 'en', live: 'published', version: 3, published_version: 3, draft: false }));
    expect(items).toContainEqual(expect.objectContaining({ kind: 'page', key: 'privacy', locale: 'fr', live: 'published', version: null }));
    expect(items).toContainEqual(expect.objectContaining({ kind: 'seo', key: '/gamehall', locale: 'en' }));
  });
});

describe('images', () => {
  const uploadImage = async (who: TestStaff, bytes: Buffer | string, name = 'banner.jpg', type = 'image/jpeg') => {
    const form = new FormData();
    form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
    const encoded = new Request(TEST_ORIGIN, { method: 'POST', body: form });
    const response = await t.app.request(`${TEST_ORIGIN}/backoffice/api/content/image`, {
      method: 'POST',
      body: new Uint8Array(await encoded.arrayBuffer()),
      headers: { cookie: who.cookie, origin: TEST_ORIGIN, 'x-croupier-client-ip': who.ip, 'content-type': encoded.headers.get('content-type')! },
    });
    return { status: response.status, json: (await response.json()) as { data?: { src: string; name: string; width: number }; error?: { fields?: Record<string, string> } } };
  };

  it('refuses what is not a clean image, naming the file field, and stores nothing', async () => {
    const before = [await count('content_images'), await count('operator_audit')];
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).png().toBuffer();
    for (const [bytes, name, message] of [
      ['<html><script>alert(1)</script></html>', 'banner.png', 'Send a JPEG or PNG image'],
      [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'dot.gif', 'Send a JPEG or PNG image'],
      [Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]), 'poly.png', 'This file carries something besides an image: save it again as a plain JPEG or PNG'],
      ['%PDF-1.4\n%%EOF\n', 'terms.pdf', 'Send a JPEG or PNG image'],
    ] as const) {
      const answer = await uploadImage(marketing, bytes, name);
      expect(answer.status, name).toBe(422);
      expect(answer.json.error?.fields, name).toEqual({ file: message });
    }
    const tooBig = await uploadImage(marketing, Buffer.alloc(5 * 1024 * 1024 + 1), 'huge.jpg');
    expect([tooBig.status, tooBig.json.error?.fields?.file]).toEqual([413, 'At most 5 MB per image']);
    expect(Object.keys((await backoffice(t, 'content/image', { body: {}, cookie: marketing.cookie })).json.error?.fields ?? {})).toEqual(['file']);
    expect([await count('content_images'), await count('operator_audit')]).toEqual(before);
  });

  it('re-encodes a good image without its metadata, serves it from the site, and a page can show it', async () => {
    const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 200, g: 160, b: 40 } } })
      .withExif({ IFD0: { Copyright: 'GPS-SECRET-HOME-ADDRESS' } })
      .jpeg()
      .toBuffer();
    expect(photo.includes('GPS-SECRET-HOME-ADDRESS')).toBe(true);
    const answer = await uploadImage(marketing, photo, 'summer.jpg');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const image = answer.json.data!;
    expect(image.src).toMatch(/^\/content-images\/[A-Za-z0-9_-]{43}\.jpg$/);
    expect(await lastAudit('content.image')).toMatchObject({ subject: `content-image:${image.name}`, details: { original_name: 'summer.jpg', width: 640 } });

    const served = await t.app.request(`${TEST_ORIGIN}${image.src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes('GPS-SECRET-HOME-ADDRESS')).toBe(false);
    expect(bytes.equals(photo)).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 640, 360, undefined]);
    expect((await t.app.request(`${TEST_ORIGIN}/content-images/${'b'.repeat(43)}.jpg`)).status).toBe(404);

    const saved = await save(marketing, page('summer-tournament', { title: 'Summer tournament', markdown: `## The prize\n\n![Golden cup](${image.src})\n\nA golden cup.` }));
    await write(marketing, 'content/publish', { kind: 'page', key: 'summer-tournament', locale: 'en', version: (saved.json.data as { version: number }).version });
    expect(await playerPage('summer-tournament')).toMatchObject({ body: [{ heading: 'The prize', image: { src: image.src, alt: 'Golden cup' }, paragraphs: ['A golden cup.'] }] });
  });
});

describe('permissions and the second source', () => {
  it('lets readers read and only content managers write', async () => {
    for (const who of [analyst, support, marketing]) expect((await backoffice(t, 'content/list', { cookie: who.cookie })).status).toBe(200);
    expect((await backoffice(t, 'content/list', { cookie: trader.cookie })).status).toBe(403);
    for (const who of [analyst, support, trader]) {
      const answer = await save(who, page('forbidden-page', { title: 'No', markdown: 'No' }));
      expect([answer.status, answer.json.error?.details]).toEqual([403, { permission: 'content.manage' }]);
    }
  });

  it('refuses writes while the site reads Strapi: they would change nothing players see', async () => {
    const editor = createContentEditor(t.database.db, { source: 'strapi' });
    const before = await count('content_versions');
    await expect(editor.save({ kind: 'page', key: 'strapi-page' }, 'en', { title: 'T', description: '', markdown: 'Text' }, { actor: 'test' })).rejects.toMatchObject({ status: 409 });
    await expect(editor.publish({ kind: 'page', key: 'terms' }, 'en', 1)).rejects.toMatchObject({ status: 409 });
    await expect(editor.unpublish({ kind: 'page', key: 'terms' }, 'en')).rejects.toMatchObject({ status: 409 });
    await expect(editor.rollback({ kind: 'page', key: 'terms' }, 'en', 1, { actor: 'test' })).rejects.toMatchObject({ status: 409 });
    expect(await count('content_versions')).toBe(before);
    // Reading the built-in store still works (the screen shows what it holds).
    expect((await editor.list()).length).toBeGreaterThan(0);
  });
});
