/**
 * Risk and AML (docs/risk.md): the rules' operator-set thresholds, the alerts the rules raise
 * (one per rule and triggering fact), the cases compliance works them in, the notes on a case,
 * and the responsible-gaming limit raises the rapid-raise rule counts (the limits keep no history).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { staffMembers } from './staff.ts';

/**
 * A rule's settings as the operator changed them. No row: the rule runs with its defaults
 * (server/modules/risk/rules.ts). `thresholds` is checked by the rule's own schema before it is
 * written and again when read (a row a newer schema refuses falls back to the defaults).
 */
export const riskRules = pgTable('risk_rules', {
  ruleId: text('rule_id').primaryKey(),
  enabled: boolean('enabled').notNull(),
  thresholds: jsonb('thresholds').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staffMembers.id),
});

/**
 * A player's compliance case. At most one is open (not `closed`) per player: a new alert joins
 * it. `holds_withdrawals` stops the player's waiting withdrawals from being approved until it is
 * released or the case closes.
 */
export const riskCases = pgTable(
  'risk_cases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['open', 'investigating', 'closed'] }).notNull().default('open'),
    outcome: text('outcome', { enum: ['no_action', 'edd_requested', 'account_restricted', 'reported_to_fiu'] }),
    assignedTo: integer('assigned_to').references(() => staffMembers.id),
    holdsWithdrawals: boolean('holds_withdrawals').notNull().default(false),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('risk_cases_one_open_idx').on(table.userId).where(sql`${table.status} <> 'closed'`),
    index('risk_cases_status_idx').on(table.status, table.openedAt),
    check('risk_cases_outcome', sql`(${table.status} = 'closed') = (${table.outcome} is not null) and (${table.status} <> 'closed' or not ${table.holdsWithdrawals})`),
  ],
);

/** What a rule found: once per rule and fact (`fact_key`, e.g. the deposit's id), whatever the retries. */
export const riskAlerts = pgTable(
  'risk_alerts',
  {
    id: serial('id').primaryKey(),
    ruleId: text('rule_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    factKey: text('fact_key').notNull(),
    caseId: integer('case_id')
      .notNull()
      .references(() => riskCases.id),
    /** The figures the rule saw (amounts in EUR, counts, linked players), as the screens show them. */
    details: jsonb('details').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('risk_alerts_fact_idx').on(table.ruleId, table.factKey),
    index('risk_alerts_user_idx').on(table.userId, table.createdAt),
    index('risk_alerts_case_idx').on(table.caseId),
    index('risk_alerts_created_idx').on(table.createdAt),
  ],
);

export const riskCaseNotes = pgTable(
  'risk_case_notes',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => riskCases.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('risk_case_notes_case_idx').on(table.caseId, table.id)],
);

/** A responsible-gaming or deposit limit raised by the player (its outbox event), for the rapid-raise rule. */
export const riskLimitRaises = pgTable(
  'risk_limit_raises',
  {
    eventId: integer('event_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    limit: text('limit').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('risk_limit_raises_user_idx').on(table.userId, table.at)],
);
