/**
 * drizzle-kit writes foreign keys as REFERENCES "public"."table". Our migrations must run inside
 * any schema (tests give each file a fresh one on PostgreSQL; operators may choose another), so
 * `npm run db:generate` strips that qualifier; server/db/migrations.test.ts checks it stays out.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const folder = new URL('../server/db/migrations/', import.meta.url);
for (const name of readdirSync(folder).filter((file) => file.endsWith('.sql'))) {
  const path = new URL(name, folder);
  const sql = readFileSync(path, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) {
    writeFileSync(path, fixed);
    console.log(`unqualified ${name}`);
  }
}
