import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { breakingStatements, splitStatements } from './expand-contract.ts';
import { REVIEWED_BREAKING_STATEMENTS } from './migration-review.ts';

const folder = new URL('./migrations/', import.meta.url);
const migrations = readdirSync(folder)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => ({ name: file.replace(/\.sql$/, ''), text: readFileSync(new URL(file, folder), 'utf8') }));
const key = (entry: { migration: string; kind: string; target: string }) => `${entry.migration}: ${entry.kind} ${entry.target}`;

describe('migrations expand, then contract (docs/operations.md)', () => {
  it('drop or rename nothing the previous release still reads, except the reviewed statements', () => {
    const reviewed = new Set(REVIEWED_BREAKING_STATEMENTS.map(key));
    const refused = migrations
      .flatMap((migration) => breakingStatements(migration.name, migration.text))
      .filter((found) => !reviewed.has(key(found)))
      .map((found) => `${key(found)}\n    ${found.statement.slice(0, 200)}`);
    expect(
      refused,
      'A migration that drops, renames or narrows what the running release reads breaks it during a rolling deploy. ' +
        'Add the new shape now (expand), stop reading the old one in this release, and remove it in a later release (contract), ' +
        'listing that statement with its reason in server/db/migration-review.ts.',
    ).toEqual([]);
  });

  it('lists no reviewed statement that is not in a migration, and gives each a reason', () => {
    const present = new Set(migrations.flatMap((migration) => breakingStatements(migration.name, migration.text)).map(key));
    for (const entry of REVIEWED_BREAKING_STATEMENTS) {
      expect(present.has(key(entry)), key(entry)).toBe(true);
      expect(entry.reason.length, key(entry)).toBeGreaterThan(30);
    }
  });

  it('finds each kind of breaking statement, as drizzle-kit and hand-written SQL write them', () => {
    const sql = [
      'ALTER TABLE "users" DROP COLUMN "nickname";',
      'ALTER TABLE "users" RENAME COLUMN "locale" TO "language";',
      'ALTER TABLE users RENAME TO players;',
      'DROP TABLE "history_exports" CASCADE;',
      'ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE numeric(20, 0);',
      'ALTER TABLE "payments" ALTER COLUMN "method" SET NOT NULL;',
      'alter table only public.jobs drop if exists last_error, add column note text;',
      'DROP VIEW IF EXISTS player_totals;',
      'DROP TYPE "public"."round_status";',
    ].join('\n--> statement-breakpoint\n');
    expect(breakingStatements('9999_test', sql).map((found) => `${found.kind} ${found.target}`)).toEqual([
      'drop column users.nickname',
      'rename column users.locale',
      'rename table users',
      'drop table history_exports',
      'change column type payments.amount',
      'set not null payments.method',
      'drop column jobs.last_error',
      'drop view player_totals',
      'drop type round_status',
    ]);
  });

  it('lets expanding statements through, and reads no DROP inside a function body or a comment', () => {
    const sql = `
      -- DROP TABLE users; (a comment)
      CREATE TABLE "notes" ("id" serial PRIMARY KEY, "text" text);
      ALTER TABLE "users" ADD COLUMN "nickname" text;
      ALTER TABLE "users" ALTER COLUMN "nickname" SET DEFAULT '';
      ALTER TABLE "users" ALTER COLUMN "nickname" DROP NOT NULL;
      ALTER TABLE "users" DROP CONSTRAINT "users_nickname_check";
      DROP INDEX "users_nickname_idx";
      DROP TRIGGER t ON users;
      CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        DROP TABLE IF EXISTS scratch;
      END
      $$;`;
    expect(splitStatements(sql)).toHaveLength(8);
    expect(breakingStatements('9999_test', sql)).toEqual([]);
  });
});
