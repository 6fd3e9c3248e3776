import { and, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENCIES, isCurrency } from '../../../contract/money.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import {
  RISK_CASE_OUTCOMES,
  RISK_CASE_STATUSES,
  type RiskAlertView,
  type RiskCaseDetailView,
  type RiskCaseOutcome,
  type RiskCaseStatus,
  type RiskCaseView,
  type RiskRuleId,
  type RiskRuleView,
} from '../../../contract/risk.ts';
import { parseOrThrow } from '../../api/validate.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboxEvent } from '../../platform/events/outbox.ts';
import type { EventHandler } from '../../platform/jobs/index.ts';
import { riskAlerts, riskCaseNotes, riskCases, riskRules } from '../../db/schema/risk.ts';
import { staffMembers } from '../../db/schema/staff.ts';
import type { CurrencyRatesService } from '../currency-rates/index.ts';
import { ruleById, RULE_EVENTS, RULES, type Finding, type RuleDefinition } from './rules.ts';

/**
 * Risk and AML (docs/risk.md): the rules run on the outbox's events in the job runner and raise
 * alerts; an alert opens the player's case, or joins the one still open; compliance works the
 * case (assigned, investigated, noted) and closes it with an outcome. A case can hold the
 * player's withdrawals: the payments module asks `assertNoHold` inside the approval's
 * transaction, so nothing pays out a held withdrawal, whoever approves it.
 */

export type RiskDeps = {
  db: Db;
  currencyRates: Pick<CurrencyRatesService, 'get'>;
  /** Tells the back office's risk screens something changed (after the job committed). */
  announce?: (message: { type: 'risk'; data: { user_id: number; case_id: number; rule: string } }) => Promise<unknown> | void;
};

type CaseRow = typeof riskCases.$inferSelect;
export type CaseChange = { status?: RiskCaseStatus; outcome?: RiskCaseOutcome; assigned_to?: number | null; holds_withdrawals?: boolean };

const invalid = (field: string, message: string, status = 422) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status });
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Euros of minor units at one euro = `rate` units of the currency (the ECB's figures). */
export function toEuros(amount: bigint, currency: string, rates: Record<string, string>): number {
  const exponent = isCurrency(currency) ? CURRENCIES[currency].exponent : 2;
  const rate = Number(rates[currency] ?? (currency === 'EUR' ? '1' : NaN));
  if (!(rate > 0)) throw new Error(`no reference rate for ${currency}`);
  return Number(amount) / 10 ** exponent / rate;
}

export function createRisk(deps: RiskDeps) {
  const { db } = deps;

  /** Each rule's settings: its row when the operator changed it (and it still passes the rule's schema), else its defaults. */
  async function settingsIn(tx: Db | Tx) {
    const rows = await tx.select().from(riskRules);
    return new Map(
      RULES.map((rule) => {
        const row = rows.find((item) => item.ruleId === rule.id);
        const parsed = row ? rule.schema.safeParse(row.thresholds) : null;
        return [rule.id, { enabled: row?.enabled ?? true, thresholds: parsed?.success ? parsed.data : rule.defaults, row: row ?? null }] as const;
      }),
    );
  }

  /** Opens the player's case or joins the open one, and records the alert once per rule and fact. */
  async function raise(tx: Tx, rule: RuleDefinition, userId: number, finding: Finding): Promise<{ caseId: number } | null> {
    const [known] = await tx.select({ id: riskAlerts.id }).from(riskAlerts).where(and(eq(riskAlerts.ruleId, rule.id), eq(riskAlerts.factKey, finding.factKey)));
    if (known) return null;
    await tx.execute(sql`insert into risk_cases (user_id) values (${userId}) on conflict (user_id) where status <> 'closed' do nothing`);
    const [open] = await tx.select({ id: riskCases.id }).from(riskCases).where(and(eq(riskCases.userId, userId), ne(riskCases.status, 'closed')));
    const inserted = await tx
      .insert(riskAlerts)
      .values({ ruleId: rule.id, userId, factKey: finding.factKey, caseId: open.id, details: finding.details })
      .onConflictDoNothing()
      .returning({ id: riskAlerts.id });
    if (!inserted.length) return null;
    await tx.update(riskCases).set({ updatedAt: new Date() }).where(eq(riskCases.id, open.id));
    return { caseId: open.id };
  }

  /** Runs every enabled rule that looks at this event; answers the alerts raised. */
  async function evaluate(tx: Tx, event: OutboxEvent, now = new Date()): Promise<Array<{ rule: RiskRuleId; caseId: number }>> {
    const userId = event.userId;
    if (userId === null) return [];
    const rules = RULES.filter((rule) => rule.events.includes(event.type as never));
    if (!rules.length) return [];
    const settings = await settingsIn(tx);
    // Kept in memory and read again at most hourly (within its time limit): no database, so it
    // may be asked inside the job's transaction (docs/events.md).
    const { rates } = await deps.currencyRates.get();
    const context = { tx, event, userId, now, toEur: (amount: bigint, currency: string) => toEuros(amount, currency, rates) };
    const raised: Array<{ rule: RiskRuleId; caseId: number }> = [];
    for (const rule of rules) {
      const setting = settings.get(rule.id)!;
      if (!setting.enabled) continue;
      for (const finding of await rule.evaluate(context, setting.thresholds)) {
        const alert = await raise(tx, rule, userId, finding);
        if (alert) raised.push({ rule: rule.id, caseId: alert.caseId });
      }
    }
    return raised;
  }

  const handler: EventHandler = {
    name: 'risk.rules',
    events: RULE_EVENTS,
    async handle(event, tx, job) {
      const raised = await evaluate(tx, event);
      for (const alert of raised) job.afterCommit(async () => void (await deps.announce?.({ type: 'risk', data: { user_id: event.userId!, case_id: alert.caseId, rule: alert.rule } })));
    },
  };

  // --- rules -------------------------------------------------------------------------------------

  async function listRules(now = new Date()): Promise<RiskRuleView[]> {
    const settings = await settingsIn(db);
    const [counts, names] = await Promise.all([
      db
        .select({ ruleId: riskAlerts.ruleId, alerts: count() })
        .from(riskAlerts)
        .where(gte(riskAlerts.createdAt, new Date(now.getTime() - 30 * 86_400_000)))
        .groupBy(riskAlerts.ruleId),
      staffNames(),
    ]);
    return RULES.map((rule) => {
      const setting = settings.get(rule.id)!;
      return {
        id: rule.id,
        enabled: setting.enabled,
        thresholds: setting.thresholds,
        defaults: rule.defaults,
        fields: rule.fields,
        updated_at: iso(setting.row?.updatedAt ?? null),
        updated_by: setting.row?.updatedBy ? (names.get(setting.row.updatedBy) ?? `#${setting.row.updatedBy}`) : null,
        alerts_30d: counts.find((row) => row.ruleId === rule.id)?.alerts ?? 0,
      };
    });
  }

  /**
   * Changes a rule. Thresholds are checked by the rule's schema first: a wrong one is refused with
   * its field named (`thresholds.<name>`) and nothing is written. Answers the rule before and after.
   */
  async function updateRule(id: string, input: { enabled?: boolean; thresholds?: unknown }, staffId: number, locale: LocaleCode) {
    const rule = ruleById(id);
    if (!rule) throw invalid('rule_id', `No risk rule ${id}`, 404);
    const before = (await listRules()).find((item) => item.id === rule.id)!;
    const thresholds = input.thresholds === undefined ? before.thresholds : parseOrThrow(z.object({ thresholds: rule.schema }), { thresholds: input.thresholds }, locale).thresholds;
    const enabled = input.enabled ?? before.enabled;
    const now = new Date();
    await db
      .insert(riskRules)
      .values({ ruleId: rule.id, enabled, thresholds, updatedAt: now, updatedBy: staffId })
      .onConflictDoUpdate({ target: riskRules.ruleId, set: { enabled, thresholds, updatedAt: now, updatedBy: staffId } });
    const after = (await listRules()).find((item) => item.id === rule.id)!;
    return { before, after };
  }

  // --- alerts and cases --------------------------------------------------------------------------

  async function staffNames(ids?: number[]): Promise<Map<number, string>> {
    const rows = await db
      .select({ id: staffMembers.id, name: staffMembers.displayName })
      .from(staffMembers)
      .where(ids ? inArray(staffMembers.id, ids.length ? ids : [-1]) : undefined);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async function listAlerts(filter: { rule?: RiskRuleId; userId?: number; caseId?: number }, page: { limit: number; offset: number }) {
    const where = and(
      filter.rule ? eq(riskAlerts.ruleId, filter.rule) : undefined,
      filter.userId ? eq(riskAlerts.userId, filter.userId) : undefined,
      filter.caseId ? eq(riskAlerts.caseId, filter.caseId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ alert: riskAlerts, caseStatus: riskCases.status })
        .from(riskAlerts)
        .innerJoin(riskCases, eq(riskCases.id, riskAlerts.caseId))
        .where(where)
        .orderBy(desc(riskAlerts.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ total: count() }).from(riskAlerts).where(where),
    ]);
    const items: Array<Omit<RiskAlertView, 'player'>> = rows.map(({ alert, caseStatus }) => ({
      id: alert.id,
      rule_id: alert.ruleId as RiskRuleId,
      user_id: alert.userId,
      case_id: alert.caseId,
      case_status: caseStatus,
      details: alert.details as Record<string, unknown>,
      created_at: alert.createdAt.toISOString(),
    }));
    return { items, total: total.total };
  }

  async function caseViews(rows: CaseRow[]): Promise<Array<Omit<RiskCaseView, 'player'>>> {
    const ids = rows.map((row) => row.id);
    const [alertRows, names] = await Promise.all([
      ids.length
        ? db
            .select({ caseId: riskAlerts.caseId, ruleId: riskAlerts.ruleId, alerts: count() })
            .from(riskAlerts)
            .where(inArray(riskAlerts.caseId, ids))
            .groupBy(riskAlerts.caseId, riskAlerts.ruleId)
        : Promise.resolve([]),
      staffNames(rows.map((row) => row.assignedTo).filter((id): id is number => id !== null)),
    ]);
    return rows.map((row) => {
      const mine = alertRows.filter((item) => item.caseId === row.id);
      return {
        id: row.id,
        user_id: row.userId,
        status: row.status,
        outcome: row.outcome,
        assigned_to: row.assignedTo === null ? null : { id: row.assignedTo, name: names.get(row.assignedTo) ?? `#${row.assignedTo}` },
        holds_withdrawals: row.holdsWithdrawals,
        alerts: mine.reduce((sum, item) => sum + item.alerts, 0),
        rules: mine.map((item) => item.ruleId as RiskRuleId),
        opened_at: row.openedAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        closed_at: iso(row.closedAt),
      };
    });
  }

  async function listCases(filter: { status?: RiskCaseStatus | 'active'; assignedTo?: number; userId?: number }, page: { limit: number; offset: number }) {
    const conditions: Array<SQL | undefined> = [
      filter.status === 'active' ? ne(riskCases.status, 'closed') : filter.status ? eq(riskCases.status, filter.status) : undefined,
      filter.assignedTo ? eq(riskCases.assignedTo, filter.assignedTo) : undefined,
      filter.userId ? eq(riskCases.userId, filter.userId) : undefined,
    ];
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db.select().from(riskCases).where(where).orderBy(desc(riskCases.updatedAt), desc(riskCases.id)).limit(page.limit).offset(page.offset),
      db.select({ total: count() }).from(riskCases).where(where),
    ]);
    return { items: await caseViews(rows), total: total.total };
  }

  async function caseRow(id: number): Promise<CaseRow> {
    const [row] = await db.select().from(riskCases).where(eq(riskCases.id, id));
    if (!row) throw invalid('id', `No risk case ${id}`, 404);
    return row;
  }

  async function caseDetail(id: number): Promise<Omit<RiskCaseDetailView, 'player' | 'alert_list' | 'waiting_withdrawals'> & { alert_list: Array<Omit<RiskAlertView, 'player'>> }> {
    const row = await caseRow(id);
    const [[view], alerts, notes] = await Promise.all([
      caseViews([row]),
      listAlerts({ caseId: id }, { limit: 200, offset: 0 }),
      db
        .select({ id: riskCaseNotes.id, body: riskCaseNotes.body, createdAt: riskCaseNotes.createdAt, author: staffMembers.displayName })
        .from(riskCaseNotes)
        .innerJoin(staffMembers, eq(staffMembers.id, riskCaseNotes.staffId))
        .where(eq(riskCaseNotes.caseId, id))
        .orderBy(riskCaseNotes.id),
    ]);
    return {
      ...view,
      alert_list: alerts.items,
      notes: notes.map((note) => ({ id: note.id, author: note.author, body: note.body, created_at: note.createdAt.toISOString() })),
    };
  }

  /** The case's state as the audit trail keeps it before and after a change. */
  const auditState = (row: CaseRow) => ({ status: row.status, outcome: row.outcome, assigned_to: row.assignedTo, holds_withdrawals: row.holdsWithdrawals });

  /**
   * Moves a case: open → investigating → closed (closing needs an outcome and releases the hold),
   * assigns it to a member who may work cases (`canWork`), holds or releases the player's
   * withdrawals. A closed case stays closed: a new alert opens a new one.
   */
  async function changeCase(id: number, change: CaseChange, canWork: (staffId: number) => Promise<boolean>) {
    const before = await caseRow(id);
    if (before.status === 'closed') throw invalid('id', `Risk case ${id} is closed`, 409);
    if (change.outcome && change.status !== 'closed') throw invalid('outcome', 'An outcome is given when the case is closed');
    if (change.status === 'closed' && !change.outcome) throw invalid('outcome', 'Choose the outcome of the case');
    if (change.status === 'open' && before.status === 'investigating') throw invalid('status', 'A case under investigation does not go back to open');
    if (change.assigned_to != null && !(await canWork(change.assigned_to))) throw invalid('assigned_to', 'This member may not work risk cases');
    const now = new Date();
    const closing = change.status === 'closed';
    const [after] = await db
      .update(riskCases)
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(closing ? { outcome: change.outcome, closedAt: now, holdsWithdrawals: false } : {}),
        ...(change.assigned_to !== undefined ? { assignedTo: change.assigned_to } : {}),
        ...(change.holds_withdrawals !== undefined && !closing ? { holdsWithdrawals: change.holds_withdrawals } : {}),
        updatedAt: now,
      })
      .where(and(eq(riskCases.id, id), ne(riskCases.status, 'closed')))
      .returning();
    if (!after) throw invalid('id', `Risk case ${id} is closed`, 409);
    return { before: auditState(before), after: auditState(after), userId: after.userId };
  }

  async function addNote(id: number, staffId: number, body: string) {
    const row = await caseRow(id);
    const [note] = await db.insert(riskCaseNotes).values({ caseId: id, staffId, body }).returning({ id: riskCaseNotes.id });
    await db.update(riskCases).set({ updatedAt: new Date() }).where(eq(riskCases.id, id));
    return { noteId: note.id, userId: row.userId };
  }

  /** The cases holding these players' withdrawals now: player → case id. */
  async function holdsFor(userIds: number[], tx: Db | Tx = db): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows = await tx
      .select({ userId: riskCases.userId, id: riskCases.id })
      .from(riskCases)
      .where(and(inArray(riskCases.userId, [...new Set(userIds)]), eq(riskCases.holdsWithdrawals, true), ne(riskCases.status, 'closed')));
    return new Map(rows.map((row) => [row.userId, row.id]));
  }

  /**
   * Refuses the approval of a held player's withdrawal (a typed error on `id`, 409). Called by
   * the payments module inside the approval's transaction, with the withdrawal's row locked.
   */
  async function assertNoHold(tx: Tx, payment: { userId: number; publicId: string }) {
    const caseId = (await holdsFor([payment.userId], tx)).get(payment.userId);
    if (caseId !== undefined) {
      const message = `Withdrawal ${payment.publicId} is held by risk case ${caseId}`;
      throw new AppError('InvalidParameterException', message, { fields: { id: message }, status: 409, details: { case_id: caseId } });
    }
  }

  return { handler, evaluate, listRules, updateRule, listAlerts, listCases, caseDetail, changeCase, addNote, holdsFor, assertNoHold };
}

export type Risk = ReturnType<typeof createRisk>;
export { RISK_CASE_OUTCOMES, RISK_CASE_STATUSES };
