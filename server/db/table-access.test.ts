import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Modules own their tables (docs/architecture.md, "Modules and their faces"): each table is
 * declared in its module's file under server/db/schema/, and a module touches another's table
 * only where the list below says so and why. The test reads every module's source (tests left
 * out) for the Drizzle tables it imports and the tables its SQL names after FROM, JOIN, INTO or
 * UPDATE, and fails on an access the list does not hold, and on a listed one no longer made, so
 * the list only ever shrinks. The plpgsql functions of the migrations are not read.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** A schema file's tables belong to the module of its name, but for these files and tables. */
const FILE_OWNER: Record<string, string> = {
  'payment-refunds': 'payments',
  'payment-chargebacks': 'payments',
  'player-admin': 'accounts',
  'content-editor': 'content',
  jobs: 'platform',
  'rate-limit': 'platform',
};
const TABLE_OWNER: Record<string, string> = { balance_adjustments: 'ledger' };

/** `module -> owner of the table`: why the module reads or writes it rather than asking the owner. */
const ALLOWED: Record<string, string> = {
  'aggregator -> catalogue': "the aggregator's sync writes the games, providers and categories it imports",
  'betting -> accounts': "a player's currency",
  'history -> catalogue': "a round's game name in the player's history",
  'history -> studio': "the player's rounds, their seeds and exports: the history is a read model over them",
  'history -> wallet': "the player's wallet transactions and sessions in the history",
  'jackpots -> catalogue': "a pool's games by sysname",
  'loyalty -> accounts': "the player's currency and test flag",
  'loyalty -> catalogue': "free-spin products' games",
  'loyalty -> platform': "outbox_events: its handler's dispatch condition reads the round's mode",
  'promotions -> accounts': "the player's currency, country and sign-up for eligibility",
  'promotions -> catalogue': "a free-spin bonus's games",
  'promotions -> ledger': "the bonus balances' accounts when a bonus is burnt or completed",
  'promotions -> payments': "a deposit offer's qualifying deposits",
  'promotions -> staff': "operator_audit: the ops command's audit trail of a campaign, read as rows",
  'promotions -> wallet': "cashback's losses from the player's wallet transactions",
  'reports -> accounts': 'sign-ups, countries and test accounts',
  'reports -> affiliates': 'the affiliate split',
  'reports -> betting': "the sportsbook's turnover, margin and open liability",
  'reports -> ledger': 'the fold reads the postings: the reports are computed from the ledger',
  'reports -> loyalty': 'the loyalty points owed and their worth',
  'reports -> promotions': 'bonus conversion and the campaign split',
  'risk -> payments': "the rules' deposits and withdrawals",
  'risk -> platform': 'outbox_events: the limit increases the rapid-increase rule counts',
  'risk -> staff': 'the compliance members a case may be assigned to',
  'studio -> wallet': "the studio's rounds settle through the wallet's sessions and transactions",
  'tournaments -> accounts': "the player's currency and status when joining",
  'tournaments -> catalogue': "a tournament's games",
  'tournaments -> wallet': "a bet's time and amount when a win scores",
  'wallet -> ledger': "the money path's accounts, read with the player's balance row",
  'wallet -> platform': 'outbox_events written in the bet transaction',
  'wallet -> promotions': "the active bonus, read with the player's balance row in the bet",
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') && !/\.(test|server-test)\.ts$/.test(entry.name) ? [full] : [];
  });
}

function tableOwners() {
  const byIdentifier = new Map<string, string>();
  const bySqlName = new Map<string, string>();
  const schemaDir = path.join(root, 'server/db/schema');
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.ts'))) {
    const fileModule = FILE_OWNER[file.slice(0, -3)] ?? file.slice(0, -3);
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const [, identifier, sqlName] of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'(\w+)'/g)) {
      const owner = TABLE_OWNER[sqlName] ?? fileModule;
      byIdentifier.set(identifier, owner);
      bySqlName.set(sqlName, owner);
    }
  }
  return { byIdentifier, bySqlName };
}

/** Every `module -> owner` access in the modules' source, with where it is made. */
function accesses(): Map<string, string[]> {
  const { byIdentifier, bySqlName } = tableOwners();
  const found = new Map<string, string[]>();
  const note = (module: string, owner: string | undefined, where: string) => {
    if (!owner || owner === module) return;
    const pair = `${module} -> ${owner}`;
    found.set(pair, [...(found.get(pair) ?? []), where]);
  };
  const modulesDir = path.join(root, 'server/modules');
  for (const module of readdirSync(modulesDir)) {
    for (const file of filesUnder(path.join(modulesDir, module))) {
      const text = readFileSync(file, 'utf8');
      const where = path.relative(root, file);
      for (const [, names] of text.matchAll(/import \{([^}]*)\} from '[./]*db\/schema(?:\/[\w-]+)?\.ts'/g)) {
        for (const name of names.split(',').map((part) => part.replace(/^\s*type\s+/, '').trim()).filter(Boolean)) note(module, byIdentifier.get(name), `${where}: ${name}`);
      }
      for (const [, table] of text.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)) note(module, bySqlName.get(table), `${where}: ${table}`);
    }
  }
  return found;
}

describe("modules reach each other's tables only where the list says why", () => {
  const found = accesses();

  it('finds the accesses it looks for (the check reads the tree)', () => {
    expect(found.get('reports -> ledger')?.some((where) => where.includes('ledger_postings'))).toBe(true);
  });

  it('holds no access the list does not name', () => {
    const unlisted = [...found].filter(([pair]) => !(pair in ALLOWED)).map(([pair, where]) => `${pair} (${[...new Set(where)].join(', ')})`);
    expect(unlisted).toEqual([]);
  });

  it('lists no access the code no longer makes', () => {
    expect(Object.keys(ALLOWED).filter((pair) => !found.has(pair))).toEqual([]);
  });
});
