/**
 * The tables of the first modules, re-exported from their modules' own files (server/db/schema/
 * <module>.ts), where every table is declared; code written before the split imports them from
 * here. Modules read and write only their own tables (docs/architecture.md). Migrations in
 * server/db/migrations are generated from the module files (npm run db:generate).
 */
export * from './schema/site-config.ts';
export * from './schema/site-settings.ts';
export * from './schema/storage.ts';
export * from './schema/content.ts';
export * from './schema/accounts.ts';
export * from './schema/messaging.ts';
export * from './schema/rate-limit.ts';
export * from './schema/ledger.ts';
export * from './schema/payments.ts';
export * from './schema/catalogue.ts';
export * from './schema/wallet.ts';
export * from './schema/studio.ts';
export * from './schema/jackpots.ts';
export * from './schema/jobs.ts';
export * from './schema/tournaments.ts';
export * from './schema/promotions.ts';
export * from './schema/staff.ts';
export * from './schema/loyalty.ts';
