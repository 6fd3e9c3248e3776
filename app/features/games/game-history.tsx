import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_HISTORY_PAGE_SIZE, type GameHistoryItem, type GameHistoryPage, type HistoryExportInfo, type RoundStatus } from '../../../contract/history.ts';
import { groupAmount } from '../../../contract/money.ts';
import type { GameMode } from '../../../contract/studio.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { DateTime } from '../cashier/parts.tsx';
import { providerLabel } from './types.ts';

/** How often an export in preparation is asked about, and for how long at most. */
const EXPORT_POLL_MS = 1000;
const EXPORT_POLL_TRIES = 90;

export type GameHistoryData = { mode: GameMode; page: GameHistoryPage | null };

const STATUS_TONES: Record<RoundStatus, string> = {
  settled: 'bg-white/5 text-ink-300 ring-white/10',
  open: 'bg-gold-500/10 text-gold-300 ring-gold-500/30',
  rolled_back: 'bg-violet-500/10 text-violet-300 ring-violet-400/30',
};

const netTone = (net: string) => (Number(net) > 0 ? 'text-jade-400' : Number(net) < 0 ? 'text-ruby-400' : 'text-ink-300');
const signed = (net: string) => (Number(net) > 0 ? `+${groupAmount(net)}` : groupAmount(net).replace('-', '−'));

/**
 * The "Games" tab of /cashier/history: the player's rounds from every provider (games/getHistory),
 * GAME_HISTORY_PAGE_SIZE a page, real money or demo, each studio round with a link to the
 * verifier, and a CSV export of a date range.
 */
export function GameHistory({ first }: { first: GameHistoryData }) {
  const { t } = useTranslation('games');
  const localize = useLocalizedPath();
  const [mode, setMode] = useState<GameMode>(first.mode);
  const [page, setPage] = useState<GameHistoryPage | null>(first.page);
  const [offset, setOffset] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(first.page === null);
  const request = useRef(0);

  async function load(nextMode: GameMode, nextOffset: number) {
    const id = ++request.current;
    setLoading(true);
    setFailed(false);
    try {
      const answer = await api<GameHistoryPage>('games/getHistory', { query: { mode: nextMode, offset: nextOffset, count: GAME_HISTORY_PAGE_SIZE } });
      if (id !== request.current) return;
      setPage(answer);
      setOffset(nextOffset);
      setMode(nextMode);
    } catch {
      if (id === request.current) setFailed(true);
    } finally {
      if (id === request.current) setLoading(false);
    }
  }

  const total = page?.total ?? 0;
  const items = page?.items ?? [];
  const last = Math.min(offset + items.length, total);

  return (
    <div className="space-y-4" data-testid="game-history" data-mode={mode}>
      <div className="flex flex-col gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
        <Segmented
          label={t('history.modeLabel')}
          value={mode}
          onChange={(next) => void load(next, 0)}
          options={[
            { value: 'real', label: t('history.real') },
            { value: 'demo', label: t('history.demo') },
          ]}
          className="w-full tablet:w-64"
          testId="game-history-mode"
        />
        <HistoryExport mode={mode} />
      </div>

      {failed && <p className="rounded-2xl bg-ruby-500/10 px-4 py-3 text-sm text-ruby-400 ring-1 ring-ruby-500/30">{t('history.failed')}</p>}

      {!items.length && !failed ? (
        <EmptyState
          icon="dice"
          title={t(`history.empty.${mode}.title`)}
          text={t(`history.empty.${mode}.text`)}
          action={
            <ButtonLink to={localize('/gamehall')} variant="secondary" className="mt-2">
              {t('history.empty.action')}
            </ButtonLink>
          }
        />
      ) : (
        items.length > 0 && (
          <div className={clsx('overflow-hidden rounded-3xl border border-white/5 bg-ink-850/70 transition', loading && 'opacity-60')} aria-busy={loading}>
            <div className="hidden grid-cols-[minmax(0,1.6fr)_150px_110px_110px_120px_120px] gap-4 border-b border-white/5 px-5 py-3 text-xs font-semibold tracking-wider text-ink-400 uppercase laptop:grid">
              <span>{t('history.columns.game')}</span>
              <span>{t('history.columns.time')}</span>
              <span className="text-right">{t('history.columns.bet')}</span>
              <span className="text-right">{t('history.columns.win')}</span>
              <span className="text-right">{t('history.columns.net')}</span>
              <span className="text-right">{t('history.columns.status')}</span>
            </div>
            <ul className="divide-y divide-white/5">
              {items.map((item) => (
                <RoundRow key={`${item.provider}:${item.round_id}`} item={item} />
              ))}
            </ul>
          </div>
        )
      )}

      {total > 0 && (
        <nav aria-label={t('history.paging')} className="flex items-center justify-between gap-3">
          <p className="text-xs text-ink-400" data-testid="game-history-count">
            {t('history.shown', { first: offset + 1, last, total })}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={loading || offset === 0}
              onClick={() => void load(mode, Math.max(0, offset - GAME_HISTORY_PAGE_SIZE))}
              data-testid="game-history-previous"
            >
              <Icon name="chevronLeft" size={16} />
              {t('history.previous')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={loading || last >= total}
              onClick={() => void load(mode, offset + GAME_HISTORY_PAGE_SIZE)}
              data-testid="game-history-next"
            >
              {t('history.next')}
              <Icon name="chevronRight" size={16} />
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}

function RoundRow({ item }: { item: GameHistoryItem }) {
  const { t } = useTranslation('games');
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-3.5 tablet:px-5 laptop:grid-cols-[minmax(0,1.6fr)_150px_110px_110px_120px_120px]"
      data-testid="game-history-row"
      data-round={item.round_id}
    >
      <div className="flex min-w-0 items-center gap-3">
        <img src={`/games/${item.game.sysname}.svg`} alt="" aria-hidden="true" width={48} height={32} loading="lazy" className="h-8 w-12 shrink-0 rounded-md object-cover ring-1 ring-white/10" />
        <div className="min-w-0">
          <LocalLink to={`/game/${item.game.sysname}`} className="block truncate text-sm font-semibold text-white hover:text-gold-300">
            {item.game.name}
          </LocalLink>
          <p className="flex items-center gap-2 truncate text-xs text-ink-400">
            <span className="hidden truncate tablet:inline">{providerLabel(item.provider)}</span>
            {item.fairness && (
              <LocalLink
                to={`/fairness?round=${encodeURIComponent(item.round_id)}`}
                className={clsx(
                  'inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold ring-1',
                  item.fairness.verifiable ? 'text-jade-400 ring-jade-400/30 hover:bg-jade-500/10' : 'text-ink-300 ring-white/10 hover:text-white',
                )}
                title={item.fairness.verifiable ? t('history.verifyReady') : t('history.verifyLater')}
                data-testid="game-history-verify"
              >
                <Icon name="shield" size={12} />
                {t('history.verify')}
              </LocalLink>
            )}
          </p>
        </div>
      </div>
      <span
        className={clsx('text-right text-base font-extrabold tabular-nums laptop:hidden', netTone(item.net))}
        data-testid="game-history-net-compact"
      >
        {signed(item.net)} <span className="text-xs font-semibold text-ink-400">{item.currency}</span>
      </span>
      <DateTime iso={item.started_at} className="text-xs text-ink-400 laptop:text-sm laptop:text-ink-200" />
      <span className="justify-self-end text-xs text-ink-400 laptop:hidden">
        {t('history.compact', { bet: groupAmount(item.bet), win: groupAmount(item.win) })}
      </span>
      <span className="hidden text-right text-sm text-ink-200 tabular-nums laptop:block">{groupAmount(item.bet)}</span>
      <span className="hidden text-right text-sm text-ink-200 tabular-nums laptop:block">{groupAmount(item.win)}</span>
      <span className={clsx('hidden text-right text-sm font-bold tabular-nums laptop:block', netTone(item.net))} data-testid="game-history-net">
        {signed(item.net)} <span className="text-xs font-semibold text-ink-400">{item.currency}</span>
      </span>
      <span className="hidden justify-self-end laptop:block">
        <span className={clsx('inline-flex rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1', STATUS_TONES[item.status])} data-testid="game-history-status">
          {t(`history.status.${item.status}`)}
        </span>
      </span>
    </li>
  );
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** "Export CSV": a date range, the request, polling until the file is ready, then its link. */
function HistoryExport({ mode }: { mode: GameMode }) {
  const { t } = useTranslation('games');
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'working' } | { kind: 'ready'; info: HistoryExportInfo } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function start() {
    setState({ kind: 'working' });
    try {
      let info = await api<HistoryExportInfo>('games/createhistoryexportrequest', { body: { from, to, mode } });
      for (let tries = 0; info.status === 'pending' && tries < EXPORT_POLL_TRIES && alive.current; tries++) {
        await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS));
        info = await api<HistoryExportInfo>('games/gethistoryexportrequest', { query: { id: info.id } });
      }
      if (!alive.current) return;
      setState(info.status === 'ready' ? { kind: 'ready', info } : { kind: 'error', message: t('history.export.failed') });
    } catch (error) {
      if (!alive.current) return;
      const fields = error instanceof ApiError ? Object.values(error.fields ?? {}) : [];
      setState({ kind: 'error', message: error instanceof ApiError ? (fields[0] ?? error.message) : t('history.export.failed') });
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} data-testid="game-history-export">
        <Icon name="download" size={16} />
        {t('history.export.button')}
      </Button>
    );
  }

  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-ink-850/80 p-3 ring-1 ring-white/10 tablet:flex-row tablet:items-end" data-testid="game-history-export-form">
      <label className="flex flex-col gap-1 text-xs font-semibold text-ink-400">
        {t('history.export.from')}
        <input
          type="date"
          value={from}
          max={to}
          onChange={(event) => setFrom(event.target.value)}
          className="h-9 rounded-lg bg-ink-900 px-2 text-sm text-white ring-1 ring-white/10 [color-scheme:dark] focus:ring-gold-400"
          data-testid="game-history-export-from"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-semibold text-ink-400">
        {t('history.export.to')}
        <input
          type="date"
          value={to}
          min={from}
          onChange={(event) => setTo(event.target.value)}
          className="h-9 rounded-lg bg-ink-900 px-2 text-sm text-white ring-1 ring-white/10 [color-scheme:dark] focus:ring-gold-400"
          data-testid="game-history-export-to"
        />
      </label>
      {state.kind === 'ready' && state.info.url ? (
        <a
          href={state.info.url}
          download
          className="inline-flex h-9 items-center justify-center gap-2 rounded-xl bg-jade-500 px-3 text-sm font-semibold text-ink-950 hover:bg-jade-400"
          data-testid="game-history-download"
        >
          <Icon name="download" size={16} />
          {t('history.export.download', { count: state.info.row_count ?? 0 })}
        </a>
      ) : (
        <Button size="sm" onClick={() => void start()} disabled={state.kind === 'working' || !from || !to} data-testid="game-history-export-start">
          {state.kind === 'working' ? (
            <>
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
              {t('history.export.working')}
            </>
          ) : (
            t('history.export.start')
          )}
        </Button>
      )}
      {state.kind === 'ready' && state.info.truncated && <p className="text-xs text-gold-300">{t('history.export.truncated')}</p>}
      {state.kind === 'error' && (
        <p className="text-xs text-ruby-400" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
