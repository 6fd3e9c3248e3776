import { defineConfig } from 'drizzle-kit';

// server/db/schema.ts holds the tables of the first modules; later modules keep theirs in
// server/db/schema/<module>.ts, so work on two modules at once never edits the same file.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/schema/*.ts'],
  out: './server/db/migrations',
});
