import { defineConfig } from 'drizzle-kit';

// Every table is declared in its module's file, server/db/schema/<module>.ts (server/db/schema.ts
// only re-exports the first modules' tables), so work on two modules never edits the same file.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema/*.ts'],
  out: './server/db/migrations',
});
