import { and, desc, eq, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  HISTORY_CSV_COLUMNS,
  HISTORY_EXPORT_MAX_ROWS,
  historyExportPath,
  type GameHistoryItem,
  type GameHistoryPage,
  type HistoryExportInfo,
  type HistoryExportStatus,
  type RoundStatus,
} from '../../../contract/history.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency } from '../../../contract/money.ts';
import type { GameMode } from '../../../contract/studio.ts';
import { historyExports } from '../../db/schema.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { tooManyRequests, type Limit, type RateLimitStore } from '../../platform/rate-limit/index.ts';
import { csvDocument } from './csv.ts';
import { historyText } from './texts.ts';

/**
 * The player's game history: a read model over the wallet's journal (wallet_transactions through
 * the player's game_sessions), grouped into rounds by (provider, round_id), with the studio's
 * provably fair data (game_rounds, fair_seeds) and the catalogue's game names joined in.
 *
 * It reads other modules' tables on purpose and never writes them: a round spans the wallet,
 * the studio and the catalogue, and paging and filtering it needs one query
 * (docs/decisions/007-game-history-read-model.md). It owns history_exports.
 */

export type HistoryFilter = {
  mode: GameMode;
  game?: string;
  /** Rounds started at or after this. */
  from?: Date;
  /** Rounds started before this (exclusive). */
  to?: Date;
};

export type ExportParams = { mode: GameMode; game?: string; from: Date; to: Date };

/** Exports one player may ask for in an hour (RATE_LIMIT_MULTIPLIER scales it). */
export const EXPORT_LIMIT: Limit = { name: 'history-export-user', max: 10, windowSeconds: 3600 };
/** A player's newest exports are kept; older ones are deleted when a new one is made. */
export const EXPORTS_KEPT = 5;
/** A pending export older than this is reported failed (its process ended while building it). */
export const EXPORT_STALE_MS = 10 * 60 * 1000;

type RoundRow = {
  provider: string;
  round_id: string;
  game: string;
  game_name: string;
  currency: string;
  mode: GameMode;
  started_at: string;
  last_at: string;
  bet: string;
  win: string;
  refunded: string;
  has_win: boolean;
  has_rollback: boolean;
  studio_status: string | null;
  settled_at: string | null;
  nonce: number | null;
  client_seed: string | null;
  server_seed_hash: string | null;
  seed_status: string | null;
};

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type HistoryDeps = {
  db: Db;
  limits: RateLimitStore;
  logger: Logger;
  /**
   * Where a player's rounds are read (the read replica unless the player just played:
   * ReadRouting.forPlayer); unset, `db`. The exports' own rows are always `db`'s.
   */
  roundsDb?: (userId: number) => Db;
};

export function createHistory(deps: HistoryDeps) {
  const { db, logger } = deps;
  const roundsDb = deps.roundsDb ?? (() => db);

  /** The player's rounds of one mode, one per (provider, round_id) with at least one accepted bet. */
  function roundsCte(userId: number, filter: HistoryFilter): SQL {
    const having: SQL[] = [sql`bool_or(wt.kind = 'bet' and wt.status = 'RS_OK')`];
    if (filter.from) having.push(sql`min(wt.created_at) >= ${filter.from.toISOString()}::timestamptz`);
    if (filter.to) having.push(sql`min(wt.created_at) < ${filter.to.toISOString()}::timestamptz`);
    return sql`
      with rounds as (
        select
          wt.provider,
          wt.round_id,
          min(wt.game) as game,
          min(wt.currency) as currency,
          min(gs.mode) as mode,
          min(wt.created_at) as started_at,
          max(wt.created_at) as last_at,
          coalesce(sum(wt.amount) filter (where wt.kind = 'bet' and wt.status = 'RS_OK'), 0) as bet,
          coalesce(sum(wt.amount) filter (where wt.kind = 'win' and wt.status = 'RS_OK'), 0) as win,
          coalesce(sum(wt.amount) filter (where wt.kind = 'rollback' and wt.moved), 0) as refunded,
          coalesce(bool_or(wt.kind = 'win' and wt.status = 'RS_OK'), false) as has_win,
          coalesce(bool_or(wt.kind = 'rollback' and wt.moved), false) as has_rollback
        from wallet_transactions wt
        join game_sessions gs on gs.id = wt.session_id
        where gs.user_id = ${userId} and gs.mode = ${filter.mode}${filter.game ? sql` and wt.game = ${filter.game}` : sql``}
        group by wt.provider, wt.round_id
        having ${sql.join(having, sql` and `)}
      )`;
  }

  async function roundRows(userId: number, filter: HistoryFilter, locale: LocaleCode, page: { offset: number; count: number }): Promise<RoundRow[]> {
    return queryRows<RoundRow>(
      roundsDb(userId),
      sql`${roundsCte(userId, filter)}
      select
        r.provider, r.round_id, r.game, r.currency, r.mode,
        coalesce(g.description -> ${locale}::text ->> 'name', g.name, r.game) as game_name,
        ${iso(sql`r.started_at`)} as started_at,
        ${iso(sql`r.last_at`)} as last_at,
        r.bet::text as bet, r.win::text as win, r.refunded::text as refunded,
        r.has_win, r.has_rollback,
        gr.status as studio_status,
        ${iso(sql`gr.settled_at`)} as settled_at,
        gr.nonce, fs.client_seed, fs.server_seed_hash, fs.status as seed_status
      from rounds r
      left join game_rounds gr on gr.round_id = r.round_id and gr.user_id = ${userId}
      left join fair_seeds fs on fs.id = gr.seed_id
      left join games g on g.sysname = r.game
      order by r.started_at desc, r.provider, r.round_id
      limit ${page.count} offset ${page.offset}`,
    );
  }

  async function countRounds(userId: number, filter: HistoryFilter): Promise<number> {
    const [row] = await queryRows<{ total: string | number }>(roundsDb(userId), sql`${roundsCte(userId, filter)} select count(*) as total from rounds`);
    return Number(row?.total ?? 0);
  }

  function statusOf(row: RoundRow): RoundStatus {
    if (row.has_rollback || row.studio_status === 'void') return 'rolled_back';
    if (row.has_win || row.studio_status === 'settled') return 'settled';
    return 'open';
  }

  function item(row: RoundRow): GameHistoryItem {
    const currency = isCurrency(row.currency) ? row.currency : null;
    const money = (minor: bigint) => (currency ? formatMinor(minor, currency) : minor.toString());
    const bet = BigInt(row.bet);
    const win = BigInt(row.win);
    const refunded = BigInt(row.refunded);
    const status = statusOf(row);
    return {
      round_id: row.round_id,
      provider: row.provider,
      game: { sysname: row.game, name: row.game_name },
      mode: row.mode,
      currency: row.currency,
      bet: money(bet),
      win: money(win),
      refunded: money(refunded),
      net: money(win + refunded - bet),
      status,
      started_at: row.started_at,
      finished_at: status === 'open' ? null : status === 'settled' ? (row.settled_at ?? row.last_at) : row.last_at,
      fairness:
        row.nonce === null || row.client_seed === null || row.server_seed_hash === null
          ? null
          : { nonce: Number(row.nonce), client_seed: row.client_seed, server_seed_hash: row.server_seed_hash, verifiable: row.seed_status === 'revealed' },
    };
  }

  /** games/getHistory: one page of the player's rounds, newest first, and how many match. */
  async function rounds(userId: number, filter: HistoryFilter, page: { offset: number; count: number }, locale: LocaleCode): Promise<GameHistoryPage> {
    const [rows, total] = await Promise.all([roundRows(userId, filter, locale, page), countRounds(userId, filter)]);
    return { items: rows.map(item), total };
  }

  // --- exports ------------------------------------------------------------------------------------

  type ExportRow = typeof historyExports.$inferSelect;

  const isStale = (row: ExportRow, now = Date.now()) => row.status === 'pending' && now - row.createdAt.getTime() > EXPORT_STALE_MS;

  function info(row: ExportRow): HistoryExportInfo {
    const status: HistoryExportStatus = isStale(row) ? 'failed' : row.status;
    return {
      id: row.id,
      status,
      row_count: status === 'ready' ? row.rowCount : null,
      truncated: status === 'ready' && (row.rowCount ?? 0) >= HISTORY_EXPORT_MAX_ROWS,
      created_at: row.createdAt.toISOString(),
      url: status === 'ready' ? historyExportPath(row.id) : null,
    };
  }

  /** Builds in progress in this process (tests wait for them with `idle()`). */
  const building = new Set<Promise<void>>();

  async function build(id: number, userId: number, params: ExportParams, locale: LocaleCode) {
    try {
      const rows = (await roundRows(userId, params, locale, { offset: 0, count: HISTORY_EXPORT_MAX_ROWS })).map(item);
      const csv = csvDocument(
        HISTORY_CSV_COLUMNS,
        rows.map((row) => [
          row.round_id,
          row.started_at,
          row.game.name,
          row.provider,
          row.mode,
          row.currency,
          row.bet,
          row.win,
          row.net,
          row.status,
          row.fairness?.nonce ?? null,
          row.fairness?.client_seed ?? null,
          row.fairness?.server_seed_hash ?? null,
        ]),
      );
      await db
        .update(historyExports)
        .set({ status: 'ready', rowCount: rows.length, csv, completedAt: new Date() })
        .where(and(eq(historyExports.id, id), eq(historyExports.status, 'pending')));
    } catch (error) {
      logger.error({ err: error, exportId: id }, 'game history export failed');
      await db
        .update(historyExports)
        .set({ status: 'failed', completedAt: new Date() })
        .where(eq(historyExports.id, id))
        .catch(() => {});
    }
  }

  /**
   * games/createhistoryexportrequest: records the request and builds the CSV in the background
   * (gethistoryexportrequest tells when it is ready). One pending export per player at a time,
   * EXPORT_LIMIT per hour, the newest EXPORTS_KEPT kept.
   */
  async function createExport(userId: number, params: ExportParams, locale: LocaleCode): Promise<HistoryExportInfo> {
    const [pending] = await db
      .select()
      .from(historyExports)
      .where(and(eq(historyExports.userId, userId), eq(historyExports.status, 'pending')))
      .orderBy(desc(historyExports.id))
      .limit(1);
    if (pending && !isStale(pending)) throw tooManyRequests(5, historyText(locale, 'exportPending'));
    const hit = await deps.limits.hit(String(userId), EXPORT_LIMIT);
    if (!hit.allowed) throw tooManyRequests(hit.retryAfterSeconds, historyText(locale, 'tooMany', { seconds: hit.retryAfterSeconds }));

    const stored = {
      mode: params.mode,
      from: params.from.toISOString(),
      to: params.to.toISOString(),
      locale,
      ...(params.game ? { game: params.game } : {}),
    };
    const [row] = await db.insert(historyExports).values({ userId, params: stored }).returning();
    // Older exports go: their files can be large.
    const kept = db
      .select({ id: historyExports.id })
      .from(historyExports)
      .where(eq(historyExports.userId, userId))
      .orderBy(desc(historyExports.id))
      .limit(EXPORTS_KEPT);
    await db.delete(historyExports).where(and(eq(historyExports.userId, userId), notInArray(historyExports.id, kept), lt(historyExports.id, row.id)));
    if (pending) await db.update(historyExports).set({ status: 'failed', completedAt: new Date() }).where(eq(historyExports.id, pending.id));

    const job = build(row.id, userId, params, locale).finally(() => building.delete(job));
    building.add(job);
    return info(row);
  }

  async function ownExport(userId: number, id: number): Promise<ExportRow | null> {
    const [row] = await db
      .select()
      .from(historyExports)
      .where(and(eq(historyExports.id, id), eq(historyExports.userId, userId)));
    return row ?? null;
  }

  /** games/gethistoryexportrequest: where one of the player's exports stands; another player's is not found. */
  async function exportInfo(userId: number, id: number, locale: LocaleCode): Promise<HistoryExportInfo> {
    const row = await ownExport(userId, id);
    if (!row) throw new AppError('InvalidParameterException', `No export ${id}`, { fields: { id: historyText(locale, 'noExport') }, status: 404 });
    return info(row);
  }

  /** The CSV of a ready export of this player, or null (unknown, another player's, not ready). */
  async function exportFile(userId: number, id: number): Promise<{ csv: string; filename: string } | null> {
    const row = await ownExport(userId, id);
    if (!row || row.status !== 'ready' || row.csv === null) return null;
    const day = (row.completedAt ?? row.createdAt).toISOString().slice(0, 10);
    return { csv: row.csv, filename: `croupier-game-history-${day}-${row.id}.csv` };
  }

  /** Resolves once every export build started in this process has finished. */
  async function idle() {
    while (building.size) await Promise.allSettled([...building]);
  }

  return { rounds, createExport, exportInfo, exportFile, idle };
}

export type History = ReturnType<typeof createHistory>;
