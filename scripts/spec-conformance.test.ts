import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../app/routes.ts';
import { ERROR_STATUS } from '../contract/errors.ts';
import { siteConfigSchema } from '../contract/site-config.ts';
import { findMethod } from '../server/api/catalogue.ts';

/**
 * docs/spec-conformance.md against the spec text and the code (see the document's introduction
 * for what is checked). A row claiming `done` for something the code does not have fails here,
 * and so does a spec item without a row.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const doc = readFileSync(join(root, 'docs/spec-conformance.md'), 'utf8');
const specDir = process.env.SPEC_DIR ?? resolve(root, '../shared/spec');
const haveSpec = existsSync(join(specDir, '01-site-accounts-profile.md'));
const spec1 = haveSpec ? readFileSync(join(specDir, '01-site-accounts-profile.md'), 'utf8') : '';
const spec2 = haveSpec ? readFileSync(join(specDir, '02-cashier-games-promotions-services.md'), 'utf8') : '';

const STATUSES = ['done', 'partly', 'not done'] as const;
type Status = (typeof STATUSES)[number];
type Row = Record<string, string> & { status: Status; line: string };

/** The text of a `## heading` section up to the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no section ${heading}`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

const codeSpan = (cell: string): string => /`([^`]*)`/.exec(cell)?.[1] ?? '';
const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]*)`/g)].map((match) => match[1]!);

/** The first table of a section of the document, one object per row keyed by lower-cased header. */
function table(heading: string): Row[] {
  const lines = section(doc, heading)
    .split('\n')
    .filter((line) => line.startsWith('|'));
  const cells = (line: string) => line.slice(1, -1).split('|').map((cell) => cell.trim());
  const header = cells(lines[0]!).map((name) => name.toLowerCase());
  return lines.slice(2).map((line) => {
    const values = cells(line);
    expect(values.length, line).toBe(header.length);
    const row = Object.fromEntries(header.map((name, index) => [name, values[index] ?? ''])) as Row;
    row.line = line;
    return row;
  });
}

const TABLES = {
  routes: table('## Routes'),
  methods: table('## API methods'),
  errors: table('## Error types'),
  config: table('## Site configuration keys'),
  general: table('## General info values'),
  constants: table('## Constants'),
  other: table('## Other addresses'),
};
const claimed = (row: Row) => row.status === 'done' || row.status === 'partly';
const source = (path: string) => readFileSync(join(root, path), 'utf8');

// ---- the spec's lists, read from its text ----

/** The route table's first column: `/a, /b and /c`, and `/profile/settings, security` shorthand. */
function specRoutes(text: string): string[] {
  const found: string[] = [];
  for (const line of section(text, '## 2. Screens and routes').split('\n')) {
    const first = /^\|\s*(\/[^|]*)\|/.exec(line)?.[1];
    if (!first) continue;
    let parent = '';
    for (const token of first.split(/,| and /).map((item) => item.trim())) {
      if (token.startsWith('/')) {
        const path = token.split(/\s/)[0]!;
        found.push(path);
        parent = path.slice(0, path.lastIndexOf('/'));
      } else if (/^[a-z_-]+$/.test(token)) {
        found.push(`${parent}/${token}`);
      }
    }
  }
  return found;
}

/** A list like `bonuses/activate, deactivate, remove`: later names take the first one's prefix. */
function expandMethods(list: string): string[] {
  const names: string[] = [];
  let prefix = '';
  for (let token of list.replace(/\([^)]*\)/g, '').split(/,| and /)) {
    token = token.trim().replace(/^(\w+) (\w+)$/, '$1/$2'); // spec 1: "metadata get", "storage get"
    if (!/^[A-Za-z]+(\/[A-Za-z]+)?$/.test(token)) continue;
    if (token.includes('/')) prefix = token.slice(0, token.indexOf('/') + 1);
    else if (prefix) token = prefix + token;
    names.push(token);
  }
  return names;
}

/** Both documents list `getgeneralinfo` after `metadata get`; it is a top-level method. */
const SPEC_METHOD_ALIASES: Record<string, string> = { 'metadata/getgeneralinfo': 'getgeneralinfo' };

function specMethods(): string[] {
  const names: string[] = [];
  for (const line of section(spec1, '## 7. The calls it makes').split('\n')) {
    const operation = /^\|\s*(?:GET|POST|GET\/POST)\s*\|([^|]*)\|/.exec(line)?.[1];
    if (operation) names.push(...expandMethods(operation));
  }
  const calls = section(spec2, '## 7. The calls it makes').split('**Site configuration**')[0]!;
  for (const match of calls.replace(/\([^)]*\)/g, '').matchAll(/\b(?:GET|POST) ([^.;]+)/g)) names.push(...expandMethods(match[1]!));
  return [...new Set(names.map((name) => SPEC_METHOD_ALIASES[name] ?? name))];
}

function specErrors(): string[] {
  const line = /Server error types \(each name carries the suffix Exception\): ([^.]+)\./.exec(spec2)?.[1] ?? '';
  return line.split(',').map((name) => `${name.trim()}Exception`);
}

function specGeneralInfo(): string[] {
  const line = /^General info: (.+)\.$/m.exec(spec1)?.[1] ?? '';
  return line
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((name) => name.trim());
}

/** camelCase names of spec 2's configuration blocks (site config up to the SEO record, and the web setting). */
function specConfigNames(): string[] {
  const entities = section(spec2, '## 3. Entities and their fields');
  const blocks = entities.slice(entities.indexOf('**Site config**'), entities.indexOf('**SEO record**')) + entities.slice(entities.indexOf('**Web setting**'), entities.indexOf('**Dialog entry**'));
  return [...new Set([...blocks.matchAll(/\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b/g)].map((match) => match[0]))];
}

/** The bullets of section 9 of both documents, but the closing "not shown" one. */
function specConstantBullets(): string[] {
  return [spec1, spec2]
    .flatMap((text) => section(text, '## 9. Business constants and limits').split('\n'))
    .filter((line) => line.startsWith('- ') && !line.startsWith('- Server responses and result shapes'))
    .map((line) => line.slice(2));
}

// ---- the code's lists ----

/** Path patterns of a locale tree of app/routes.ts ('' is the index). */
function mountedPatterns(): Set<string> {
  const patterns = new Set<string>();
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      if (entry.index) patterns.add('');
      if (entry.path !== undefined) patterns.add(entry.path);
      if (entry.children) walk(entry.children);
    }
  };
  walk(routes as RouteConfigEntry[]);
  return patterns;
}

/**
 * The mounted pattern serving a spec path: `/cashier/paysuccess/{transaction}` and
 * `/cashier/paysuccess` are both served by `cashier/paysuccess/:transaction?`.
 */
function servingPattern(specPath: string, mounted: Set<string>): string | undefined {
  const path = specPath.replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1');
  if (mounted.has(path)) return path;
  if (mounted.has(`${path}?`)) return `${path}?`;
  return [...mounted].find((pattern) => pattern.replace(/\/:\w+\?$/, '') === path);
}

function configPaths(): Set<string> {
  const paths = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (prefix) paths.add(prefix);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
    }
  };
  walk(siteConfigSchema.parse({}), '');
  return paths;
}

const RAISING_DIRS = ['server/modules', 'server/api', 'server/http'];
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

// ---- the checks ----

describe('docs/spec-conformance.md', () => {
  const all = Object.entries(TABLES).flatMap(([name, rows]) => rows.map((row) => ({ name, row })));

  it('gives each row a known status, a note when not done, and existing files', () => {
    for (const { row } of all) {
      expect(STATUSES, row.line).toContain(row.status);
      if (row.status !== 'done') expect(row.note, `${row.line}: a row not done says why`).not.toBe('');
      if (claimed(row)) expect(row.where, `${row.line}: where it lives`).not.toBe('');
      for (const path of [...codeSpans(row.where ?? ''), ...codeSpans(row.test ?? '')]) {
        expect(existsSync(join(root, path)), `${row.line}: ${path} exists`).toBe(true);
      }
    }
  });

  it('states figures that are the counts of its tables', () => {
    const figures: Record<string, keyof typeof TABLES> = {
      Routes: 'routes',
      'API methods': 'methods',
      'Error types': 'errors',
      'Site configuration keys': 'config',
      'General info values': 'general',
      Constants: 'constants',
      'Other addresses': 'other',
    };
    for (const [label, name] of Object.entries(figures)) {
      const rows = TABLES[name];
      const count = (status: Status) => rows.filter((row) => row.status === status).length;
      const expected = `- ${label}: **${count('done')}** done, **${count('partly')}** partly, **${count('not done')}** not done, of **${rows.length}**`;
      expect(doc, label).toContain(expected);
    }
  });

  it('mounts every route claimed, in English and under /fr', () => {
    const mounted = mountedPatterns();
    for (const row of TABLES.routes.filter(claimed)) {
      const route = codeSpan(row.route);
      const english = servingPattern(route, mounted);
      expect(english, `${route} in app/routes.ts`).toBeDefined();
      expect(mounted.has(english !== undefined ? `fr/${english}`.replace(/\/$/, '') : '-'), `${route} under /fr`).toBe(true);
      const module = codeSpan(row.where).replace(/^app\//, '');
      const id = module.replace(/^routes\//, '').replace(/\.tsx$/, '');
      const table = source('app/routes.ts');
      expect(table.includes(`'${module}'`) || table.includes(`'${id}'`), `${route} served by ${row.where}`).toBe(true);
    }
  });

  it('registers every method claimed, defined in the file named, and none of those not done', () => {
    for (const row of TABLES.methods) {
      const name = codeSpan(row.method);
      const method = findMethod(name);
      if (claimed(row)) {
        expect(method, `${name} in server/api/catalogue.ts`).toBeDefined();
        expect(method!.name.toLowerCase()).toBe(name.toLowerCase());
        expect(source(codeSpan(row.where)), `${name} defined in ${row.where}`).toContain(`name: '${method!.name}'`);
      } else {
        expect(method, `${name} is marked not done but is registered: update the row`).toBeUndefined();
      }
    }
  });

  it('has every error type claimed in the catalogue and raised where named; none of those not done raised', () => {
    const raising = RAISING_DIRS.flatMap(sourceFiles).map((path) => ({ path, text: source(path) }));
    for (const row of TABLES.errors) {
      const type = codeSpan(row['error type']);
      if (claimed(row)) {
        expect(Object.hasOwn(ERROR_STATUS, type), `${type} in contract/errors.ts`).toBe(true);
        const named = type === 'UnknownErrorException' ? 'UnknownError' : type;
        expect(source(codeSpan(row.where)), `${type} in ${row.where}`).toContain(`'${named}'`);
      } else {
        const raisers = raising.filter((file) => file.text.includes(`'${type}'`)).map((file) => file.path);
        expect(raisers, `${type} is marked not done but is raised: update the row`).toEqual([]);
      }
    }
  });

  it('has every configuration key claimed in the schema, read by the file named', () => {
    const paths = configPaths();
    for (const row of TABLES.config) {
      const key = codeSpan(row.key);
      if (!claimed(row)) continue;
      expect(paths.has(key), `${key} in contract/site-config.ts`).toBe(true);
      const leaf = key.split('.').at(-1)!;
      expect(source(codeSpan(row.where)), `${key} read in ${row.where}`).toMatch(new RegExp(`\\b${leaf}\\b`));
    }
  });

  it('answers every general-info value claimed from getgeneralinfo', () => {
    const general = source('server/api/methods/general.ts');
    for (const row of TABLES.general.filter(claimed)) expect(general, codeSpan(row.value)).toContain(`${codeSpan(row.value)}:`);
  });

  it('runs every constant check', async () => {
    for (const row of TABLES.constants) {
      const check = codeSpan(row.check);
      if (!check) {
        expect(row.status, `${row.line}: a claimed constant has a check`).toBe('not done');
        continue;
      }
      const where = codeSpan(row.where);
      if (check.startsWith('contains: ')) {
        expect(source(where), row.line).toContain(check.slice('contains: '.length));
      } else {
        const [, name, value] = /^(\w+) = (.+)$/.exec(check) ?? [];
        expect(name, `${row.line}: check is NAME = json or contains: text`).toBeDefined();
        const module = (await import(join(root, where))) as Record<string, unknown>;
        expect(module[name!], `${where} ${name}`).toEqual(JSON.parse(value!));
      }
    }
  });

  it('finds each other address claimed in the file named', () => {
    for (const row of TABLES.other.filter(claimed)) {
      const fixed = codeSpan(row.address).replace(/^\//, '').split('{')[0]!.replace(/\/$/, '');
      expect(source(codeSpan(row.where)), row.line).toContain(fixed);
    }
  });

  describe.skipIf(!haveSpec)(`against the spec text (${specDir})`, () => {
    it('lists every route of the spec, and only those', () => {
      const listed = TABLES.routes.map((row) => codeSpan(row.route));
      expect(new Set(listed).size).toBe(listed.length);
      expect([...listed].sort()).toEqual([...new Set([...specRoutes(spec1), ...specRoutes(spec2)])].sort());
    });

    it('lists every API method of the spec, and only those', () => {
      const listed = TABLES.methods.map((row) => codeSpan(row.method).toLowerCase());
      expect(new Set(listed).size).toBe(listed.length);
      expect([...listed].sort()).toEqual(specMethods().map((name) => name.toLowerCase()).sort());
    });

    it('lists every error type of the spec, and only those', () => {
      expect(TABLES.errors.map((row) => codeSpan(row['error type'])).sort()).toEqual(specErrors().sort());
    });

    it('lists every general-info value of the spec, and only those', () => {
      expect(TABLES.general.map((row) => codeSpan(row.value)).sort()).toEqual(specGeneralInfo().sort());
    });

    it('names every camelCase name of the spec configuration in its table', () => {
      const text = section(doc, '## Site configuration keys');
      for (const name of specConfigNames()) expect(text, name).toMatch(new RegExp(`\\b${name}\\b`));
    });

    it('quotes section 9 of both documents: each quote from a bullet, each bullet quoted', () => {
      const bullets = specConstantBullets();
      const quotes = TABLES.constants.map((row) => codeSpan(row.spec));
      for (const quote of quotes) expect(bullets.some((bullet) => bullet.includes(quote)), `"${quote}" in a bullet`).toBe(true);
      for (const bullet of bullets) expect(quotes.some((quote) => bullet.includes(quote)), `bullet quoted: ${bullet}`).toBe(true);
    });
  });
});
