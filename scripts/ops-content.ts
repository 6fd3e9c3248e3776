/**
 * Operator commands of the built-in content store (see the header of scripts/ops.ts and
 * docs/content.md): pages (/{slug}) and the SEO texts under listing pages (keys starting with
 * '/'). Every change goes through createContentAdmin, which writes operator_audit in the change's
 * own transaction. With CONTENT_SOURCE=strapi the site reads Strapi instead: these commands still
 * edit the database, and say so.
 */
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { isLocale, type LocaleCode } from '../contract/locales.ts';
import type { Database } from '../server/platform/db/database.ts';
import type { Env } from '../server/platform/env.ts';
import { createContentAdmin, versionOutsideChange } from '../server/modules/content/index.ts';

export async function runContentCommand(database: Database, env: Env, command: string, args: string[], fail: (message: string) => never): Promise<void> {
  const actor = process.env.OPERATOR || userInfo().username;
  // A change here becomes the entry's newest version in the back office's editor (source `ops`).
  const admin = createContentAdmin(database.db, { actor, afterPut: (tx, ref, locale) => versionOutsideChange(tx, ref, locale, actor) });
  const [first, second] = args;
  if (env.CONTENT_SOURCE === 'strapi' && command !== 'content:list' && command !== 'content:show') {
    console.warn('note: CONTENT_SOURCE=strapi, so the site shows Strapi\'s content; this changes the built-in store only');
  }
  const localeArg = (value: string | undefined, usage: string): LocaleCode | 'all' => {
    if (value === undefined || value === 'all') return 'all';
    if (!isLocale(value)) fail(`${usage}\nlocale: en or fr (or all)`);
    return value;
  };

  switch (command) {
    case 'content:list': {
      const rows = await admin.list();
      if (!rows.length) console.log('no content');
      for (const row of rows) {
        console.log(`${row.kind === 'page' ? 'page  ' : row.kind === 'record' ? 'record' : 'seo   '}  ${row.key}  ${row.locale}  ${row.published ? 'published' : 'draft    '}  ${row.updatedAt.toISOString()}  ${row.title}`);
      }
      return;
    }
    case 'content:show': {
      const usage = 'usage: content:show <slug|/path> <en|fr>';
      if (!first || !isLocale(second)) fail(usage);
      const entry = await admin.show(first, second);
      if (!entry) fail(`no content ${first} in ${second}`);
      console.log(JSON.stringify(entry, null, 2));
      return;
    }
    case 'content:put': {
      if (!first) fail('usage: content:put <file.json|file.md>');
      const result = await admin.put(first, readFileSync(first, 'utf8'));
      const state = result.published ? 'published' : 'a draft (content:publish to show it)';
      console.log(`${result.key} (${result.locale}) ${result.created ? 'created' : 'updated'}, ${state}`);
      return;
    }
    case 'content:publish':
    case 'content:unpublish': {
      const usage = `usage: ${command} <slug|/path> [en|fr|all]`;
      if (!first) fail(usage);
      const locales = await admin.setPublished(first, localeArg(second, usage), command === 'content:publish');
      if (!locales.length) fail(`no content ${first}${second && second !== 'all' ? ` in ${second}` : ''}`);
      console.log(`${first} (${locales.join(', ')}) is now ${command === 'content:publish' ? 'published' : 'unpublished'}`);
      return;
    }
  }
}
