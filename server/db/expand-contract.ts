/**
 * Deploys without downtime run two releases at once for a while: the new one's migrations have
 * run, and the old one's processes still serve until they are drained. So a migration may only
 * EXPAND the schema (new tables, new nullable or defaulted columns, new indexes, new functions);
 * what the previous release still reads or calls is removed by a later CONTRACT migration, once
 * no running release uses it (docs/operations.md, "Migrations: expand, then contract").
 *
 * This module finds the statements of a migration that would break the previous release: a
 * dropped or renamed table, column, function, view or type, a column's type changed, a column
 * made NOT NULL. `server/db/expand-contract.test.ts` refuses every one of them that is not on the
 * reviewed list (`server/db/migration-review.ts`), where each contract step names why it is safe.
 */

export type BreakingKind = 'drop table' | 'drop column' | 'rename table' | 'rename column' | 'change column type' | 'set not null' | 'drop function' | 'drop view' | 'drop type';

export type BreakingStatement = {
  /** The migration's file name without `.sql`, e.g. `0026_money_path_lock_late`. */
  migration: string;
  kind: BreakingKind;
  /** What it removes or changes: `table`, `table.column`, or the function/view/type's name. */
  target: string;
  statement: string;
};

const ident = String.raw`(?:"[^"]+"|[A-Za-z_][\w$]*)`;
const qualified = String.raw`(?:${ident}\s*\.\s*)?(${ident})`;
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1) : name).toLowerCase();

/** The statements of one migration file: drizzle-kit's breakpoints, else semicolons outside dollar quotes and comments. */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  for (const chunk of text.split('--> statement-breakpoint')) {
    let current = '';
    let dollar: string | null = null;
    const lines = chunk.split('\n');
    for (const line of lines) {
      // A line comment outside a function body says nothing about the schema.
      const body: string = dollar ? line : line.replace(/--.*$/, '');
      for (const tag of body.match(/\$[A-Za-z_]*\$/g) ?? ([] as string[])) dollar = dollar === tag ? null : (dollar ?? tag);
      current += `${body}\n`;
      if (!dollar && /;\s*$/.test(body)) {
        statements.push(current.trim());
        current = '';
      }
    }
    if (current.trim()) statements.push(current.trim());
  }
  return statements.filter(Boolean);
}

/** The breaking statements of one migration (its name and SQL text). */
export function breakingStatements(migration: string, text: string): BreakingStatement[] {
  const found: BreakingStatement[] = [];
  const add = (kind: BreakingKind, target: string, statement: string) => found.push({ migration, kind, target, statement: statement.replace(/\s+/g, ' ') });
  for (const statement of splitStatements(text)) {
    // Function bodies may hold anything (a DROP in a string, a temporary table): only the statement's head is read.
    const head = statement.replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, "''");
    let match: RegExpMatchArray | null;
    if ((match = head.match(new RegExp(String.raw`^\s*drop\s+table\s+(?:if\s+exists\s+)?${qualified}`, 'i')))) {
      add('drop table', unquote(match[1]), statement);
      continue;
    }
    for (const [kind, word] of [
      ['drop function', 'function'],
      ['drop view', '(?:materialized\\s+)?view'],
      ['drop type', 'type'],
    ] as const) {
      if ((match = head.match(new RegExp(String.raw`^\s*drop\s+${word}\s+(?:if\s+exists\s+)?${qualified}`, 'i')))) add(kind, unquote(match[1]), statement);
    }
    const alter = head.match(new RegExp(String.raw`^\s*alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${qualified}\s+([\s\S]*)$`, 'i'));
    if (!alter) continue;
    const table = unquote(alter[1]);
    const actions = alter[2];
    if ((match = actions.match(new RegExp(String.raw`^rename\s+to\s+(${ident})`, 'i')))) {
      add('rename table', table, statement);
      continue;
    }
    // One ALTER TABLE may carry several actions, separated by commas.
    for (const action of actions.split(/,(?![^(]*\))/)) {
      if ((match = action.match(new RegExp(String.raw`^\s*drop\s+(?:column\s+)?(?:if\s+exists\s+)?(${ident})`, 'i'))) && !/^\s*drop\s+constraint/i.test(action)) {
        add('drop column', `${table}.${unquote(match[1])}`, statement);
      } else if ((match = action.match(new RegExp(String.raw`^\s*rename\s+(?:column\s+)?(${ident})\s+to\s+`, 'i'))) && !/^\s*rename\s+constraint/i.test(action)) {
        add('rename column', `${table}.${unquote(match[1])}`, statement);
      } else if ((match = action.match(new RegExp(String.raw`^\s*alter\s+(?:column\s+)?(${ident})\s+(?:set\s+data\s+)?type\s`, 'i')))) {
        add('change column type', `${table}.${unquote(match[1])}`, statement);
      } else if ((match = action.match(new RegExp(String.raw`^\s*alter\s+(?:column\s+)?(${ident})\s+set\s+not\s+null`, 'i')))) {
        add('set not null', `${table}.${unquote(match[1])}`, statement);
      }
    }
  }
  return found;
}
