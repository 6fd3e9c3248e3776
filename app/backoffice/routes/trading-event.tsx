import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type { SettleAnswer, SettleEventPreviewView, SettlePreviewView, TradingEventView, TradingMarketView } from '../../../contract/backoffice-trading.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, TextField } from '../ui/controls.tsx';
import { formatTime } from '../ui/format.ts';
import { EventStatusBadge, LiabilityFigures, SignedAmount, tradingTexts } from '../trading-shared.tsx';
import { TRADING_QUERY } from './trading.tsx';
import '../trading.css';

const texts = defineTexts({
  en: {
    back: 'All events',
    notFound: 'No such event.',
    loading: 'Loading…',
    kickOff: 'Kick-off',
    liability: 'Liability (event)',
    liabilityHint: 'Sum of the markets’ worst cases',
    openBets: 'Open bets',
    markets: 'Markets',
    bets: 'Bets on this event',
    settleEvent: 'Settle the event',
    settleEventHint: 'The final score results every market and settles every bet, as the feed’s result does. Again with another score: a correction (each bet moves its difference).',
    home: '{team} (home)',
    away: '{team} (away)',
    settleByScore: 'Settle by this score',
    callOff: 'Call the event off',
    eventPreviewTitle: 'Difference in the ledger if settled at {score} ({bets} bets on this event)',
    eventCallOffTitle: 'Difference in the ledger if called off: every bet void, stakes back ({bets} bets on this event)',
    eventMarkets: 'Every market resulted: {n}',
    differences: 'Difference per player',
    eventSettled: 'Settled: {status}.',
    eventFailed: 'Results stand, but some bets could not move: {reason}',
    selection: 'Selection',
    odds: 'Odds',
    result: 'Result',
    payout: 'Payout if it wins',
    selectionLiability: 'Liability',
    stakes: 'Staked {amount} on {n} open bets',
    worst: 'worst case',
    noBets: 'No open bets',
    traderHold: 'held by a trader',
    pinned: 'odds pinned',
    margin: 'margin {margin}%',
    bookMargin: 'book margin {margin}%',
    suspend: 'Suspend',
    resume: 'Resume',
    editOdds: 'Odds',
    saveOdds: 'Pin these odds',
    releaseOdds: 'Back to the feed’s odds',
    setMargin: 'Margin',
    marginLabel: 'Margin (%)',
    marginHint: 'Empty: the feed’s own',
    saveMargin: 'Apply the margin',
    settle: 'Settle',
    resettle: 'Re-settle',
    void: 'Void',
    pickWinners: 'Winning selection(s):',
    preview: 'Show what moves',
    confirm: 'Confirm: apply through the ledger',
    cancel: 'Cancel',
    previewTitle: 'Ledger difference if confirmed ({bets} bets on this market)',
    nothingMoves: 'Nothing moves: every bet already stands at these results.',
    playerLine: '{player}: {amount} ({n} bets)',
    total: 'Total',
    resultsLine: 'Results: {results}',
    applied: 'Applied: {settled} bets settled.',
    failed: 'Not moved (the player holds less than it takes back): {bets}',
  },
  fr: {
    back: 'Tous les événements',
    notFound: 'Événement introuvable.',
    loading: 'Chargement…',
    kickOff: 'Coup d’envoi',
    liability: 'Exposition (événement)',
    liabilityHint: 'Somme des pires cas des marchés',
    openBets: 'Paris ouverts',
    markets: 'Marchés',
    bets: 'Paris sur cet événement',
    settleEvent: 'Régler l’événement',
    settleEventHint: 'Le score final donne le résultat de chaque marché et règle chaque pari, comme le résultat du flux. À nouveau avec un autre score : une correction (chaque pari déplace sa différence).',
    home: '{team} (domicile)',
    away: '{team} (extérieur)',
    settleByScore: 'Régler avec ce score',
    callOff: 'Annuler l’événement',
    eventPreviewTitle: 'Différence au grand livre si réglé à {score} ({bets} paris sur cet événement)',
    eventCallOffTitle: 'Différence au grand livre si annulé : chaque pari nul, mises rendues ({bets} paris sur cet événement)',
    eventMarkets: 'Chaque marché reçoit son résultat : {n}',
    differences: 'Différence par joueur',
    eventSettled: 'Réglé : {status}.',
    eventFailed: 'Les résultats sont enregistrés, mais certains paris n’ont pas pu bouger : {reason}',
    selection: 'Sélection',
    odds: 'Cote',
    result: 'Résultat',
    payout: 'Paiement si elle gagne',
    selectionLiability: 'Exposition',
    stakes: '{amount} misés sur {n} paris ouverts',
    worst: 'pire cas',
    noBets: 'Aucun pari ouvert',
    traderHold: 'suspendu par un trader',
    pinned: 'cotes figées',
    margin: 'marge {margin} %',
    bookMargin: 'marge du livre {margin} %',
    suspend: 'Suspendre',
    resume: 'Reprendre',
    editOdds: 'Cotes',
    saveOdds: 'Figer ces cotes',
    releaseOdds: 'Revenir aux cotes du flux',
    setMargin: 'Marge',
    marginLabel: 'Marge (%)',
    marginHint: 'Vide : celle du flux',
    saveMargin: 'Appliquer la marge',
    settle: 'Régler',
    resettle: 'Régler à nouveau',
    void: 'Annuler',
    pickWinners: 'Sélection(s) gagnante(s) :',
    preview: 'Voir ce qui bouge',
    confirm: 'Confirmer : appliquer au grand livre',
    cancel: 'Fermer',
    previewTitle: 'Différence au grand livre si confirmé ({bets} paris sur ce marché)',
    nothingMoves: 'Rien ne bouge : chaque pari correspond déjà à ces résultats.',
    playerLine: '{player} : {amount} ({n} paris)',
    total: 'Total',
    resultsLine: 'Résultats : {results}',
    applied: 'Appliqué : {settled} paris réglés.',
    failed: 'Non déplacés (le joueur détient moins que ce qui est repris) : {bets}',
  },
});

type T = ReturnType<typeof useTexts<keyof typeof texts.en>>;

export default function TradingEventScreen() {
  const t = useTexts(texts);
  const common = useTexts(tradingTexts);
  const locale = useBackofficeLocale();
  const can = useCan();
  const id = Number(useParams().id);
  const query = useQuery({ queryKey: [...TRADING_QUERY, 'event', id], queryFn: () => backofficeApi<TradingEventView>('trading/event', { query: { id } }) });
  useLiveRefresh('trading', TRADING_QUERY);
  const event = query.data;

  if (query.isLoading) return <p className="bo-hint">{t('loading')}</p>;
  if (!event) return <Notice tone="bad">{fieldError(query.error, 'id') ?? t('notFound')}</Notice>;
  return (
    <>
      <PageHeader
        title={`${event.home} v ${event.away}`}
        subtitle={`${common(event.sport)} · ${event.competition}`}
        actions={
          <>
            <Link className="bo-button bo-button-quiet" to={`${BACKOFFICE_PATH}/trading`}>
              {t('back')}
            </Link>
            <Link className="bo-button bo-button-default" to={`${BACKOFFICE_PATH}/trading/bets?event_id=${event.id}`}>
              {t('bets')}
            </Link>
          </>
        }
      />
      <dl className="trading-summary">
        <div className="trading-stat">
          <dt>{t('kickOff')}</dt>
          <dd>
            {formatTime(event.starts_at, locale)} <EventStatusBadge status={event.status} score={event.score} />
          </dd>
        </div>
        <div className="trading-stat" title={t('liabilityHint')}>
          <dt>{t('liability')}</dt>
          <dd>
            <LiabilityFigures amounts={event.liability} />
          </dd>
        </div>
        <div className="trading-stat">
          <dt>{t('openBets')}</dt>
          <dd className="bo-num">{event.open_bets}</dd>
        </div>
        <div className="trading-stat">
          <dt>{t('markets')}</dt>
          <dd className="bo-num">{event.markets.length}</dd>
        </div>
      </dl>
      {can('trading.manage') && event.status !== 'cancelled' && <SettleEventPanel event={event} t={t} />}
      <div className="trading-markets">
        {event.markets.map((market) => (
          <MarketCard key={market.id} market={market} t={t} manage={can('trading.manage')} />
        ))}
      </div>
    </>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TRADING_QUERY });
}

/**
 * Settling the whole event: the final score (or calling it off) is previewed first, the ledger
 * difference player by player, then confirmed with the event's version the preview was computed
 * on (an event changed since is refused, so what is applied is what was shown).
 */
function SettleEventPanel({ event, t }: { event: TradingEventView; t: T }) {
  const common = useTexts(tradingTexts);
  const refresh = useRefresh();
  const [outcome, setOutcome] = useState<{ home: string; away: string } | { void: true } | null>(null);
  const query = outcome && ('void' in outcome ? { event_id: event.id, void: 'true' } : { event_id: event.id, ...outcome });
  const preview = useQuery({
    queryKey: ['backoffice', 'trading-event-preview', query],
    queryFn: () => backofficeApi<SettleEventPreviewView>('trading/settle-event-preview', { query: query! }),
    enabled: query !== null,
    retry: false,
  });
  const settle = useMutation({
    mutationFn: (version: number) => backofficeApi<{ event: TradingEventView; failed: string | null }>('trading/settle-event', { body: { ...query, version } }),
    onSuccess: () => setOutcome(null),
    onSettled: refresh,
  });
  function submit(form: FormEvent<HTMLFormElement>) {
    form.preventDefault();
    const data = new FormData(form.currentTarget);
    settle.reset();
    setOutcome({ home: String(data.get('home') ?? '').trim(), away: String(data.get('away') ?? '').trim() });
  }
  const shown = outcome ? preview.data : undefined;
  const problem = fieldError(preview.error, 'event_id') ?? fieldError(settle.error, 'version') ?? fieldError(settle.error, 'event_id');
  return (
    <Panel title={t('settleEvent')}>
      <p className="bo-hint">{t('settleEventHint')}</p>
      <form className="trading-inline" onSubmit={submit} noValidate aria-label={t('settleEvent')}>
        <TextField label={t('home', { team: event.home })} name="home" inputMode="numeric" defaultValue={event.score?.home ?? ''} error={fieldError(preview.error, 'home')} />
        <TextField label={t('away', { team: event.away })} name="away" inputMode="numeric" defaultValue={event.score?.away ?? ''} error={fieldError(preview.error, 'away')} />
        <Button type="submit" tone="primary" disabled={settle.isPending}>
          {t('settleByScore')}
        </Button>
        <Button
          tone="danger"
          disabled={settle.isPending}
          onClick={() => {
            settle.reset();
            setOutcome({ void: true });
          }}
        >
          {t('callOff')}
        </Button>
      </form>
      {shown && (
        <div className="trading-preview" role="region" aria-label={t('settleEvent')}>
          <strong>{'void' in shown.outcome ? t('eventCallOffTitle', { bets: shown.bets }) : t('eventPreviewTitle', { score: `${shown.outcome.score.home}–${shown.outcome.score.away}`, bets: shown.bets })}</strong>
          <div className="bo-hint">{t('eventMarkets', { n: shown.markets })}</div>
          <Differences shown={shown} t={t} />
          <span className="bo-actions">
            <Button tone={'void' in shown.outcome ? 'danger' : 'primary'} disabled={settle.isPending} onClick={() => settle.mutate(shown.version)}>
              {t('confirm')}
            </Button>
            <Button tone="quiet" onClick={() => setOutcome(null)}>
              {t('cancel')}
            </Button>
          </span>
        </div>
      )}
      {settle.data && <Notice tone={settle.data.failed ? 'bad' : 'good'}>{settle.data.failed ? t('eventFailed', { reason: settle.data.failed }) : t('eventSettled', { status: common(settle.data.event.status) })}</Notice>}
      {problem && <Notice tone="bad">{problem}</Notice>}
    </Panel>
  );
}

/** The ledger difference a settlement would move, player by player, with the totals per currency. */
function Differences({ shown, t }: { shown: Pick<SettlePreviewView, 'bets' | 'players' | 'totals'>; t: T }) {
  if (!shown.players.length) return <p className="bo-hint">{t('nothingMoves')}</p>;
  return (
    <ul aria-label={t('differences')}>
      {shown.players.map((player) => (
        <li key={`${player.user_id}:${player.currency}`}>
          <Link to={`${BACKOFFICE_PATH}/players/${player.user_id}`}>{player.login ?? `#${player.user_id}`}</Link>: <SignedAmount amount={player.difference} currency={player.currency} />{' '}
          <span className="bo-hint">({player.bets})</span>
        </li>
      ))}
      {shown.totals.map((total) => (
        <li key={total.currency}>
          <strong>{t('total')}</strong>: <SignedAmount amount={total.difference} currency={total.currency} />
        </li>
      ))}
    </ul>
  );
}

type Mode = null | 'odds' | 'margin' | 'settle' | 'void';

function MarketCard({ market, t, manage }: { market: TradingMarketView; t: T; manage: boolean }) {
  const common = useTexts(tradingTexts);
  const refresh = useRefresh();
  const [mode, setMode] = useState<Mode>(null);
  const [notice, setNotice] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);
  const write = useMutation({
    mutationFn: ({ name, body }: { name: string; body: Record<string, unknown> }) => backofficeApi<unknown>(name, { body }),
    onSuccess: () => {
      setMode(null);
      setNotice(null);
    },
    onError: (error) => setNotice({ tone: 'bad', text: fieldError(error, 'market_id') ?? fieldError(error, '_') ?? (error as Error).message }),
    onSettled: refresh,
  });
  const settled = market.status === 'settled';
  const [first] = market.liability;

  function saveOdds(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const odds = Object.fromEntries(market.selections.map((s) => [s.key, String(data.get(s.key) ?? '').trim()]).filter(([, value]) => value));
    write.mutate({ name: 'trading/market-odds', body: { market_id: market.id, odds } });
  }
  function saveMargin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('margin') ?? '').trim();
    write.mutate({ name: 'trading/market-margin', body: { market_id: market.id, margin: value === '' ? null : value } });
  }

  return (
    <Panel
      className="trading-market"
      title={market.name}
      actions={
        <span className="trading-flags">
          <Badge tone={market.status === 'open' ? 'good' : market.status === 'suspended' ? 'warn' : 'neutral'}>{common(market.status)}</Badge>
          {market.trader_suspended && <Badge tone="warn">{t('traderHold')}</Badge>}
          {market.odds_override && <Badge tone="info">{t('pinned')}</Badge>}
          {market.margin !== null && <Badge tone="info">{t('margin', { margin: market.margin })}</Badge>}
        </span>
      }
    >
      <form onSubmit={saveOdds} noValidate aria-label={`${market.name}: ${t('editOdds')}`}>
        <table className="trading-selections">
          <thead>
            <tr>
              <th>{t('selection')}</th>
              <th className="bo-num">{t('odds')}</th>
              <th>{t('result')}</th>
              <th className="bo-num">{t('payout')}</th>
              <th className="bo-num">{t('selectionLiability')}</th>
            </tr>
          </thead>
          <tbody>
            {market.selections.map((selection) => {
              const line = first?.selections.find((s) => s.selection_id === selection.id);
              return (
                <tr key={selection.id}>
                  <td>{selection.name}</td>
                  <td className="bo-num">
                    {mode === 'odds' ? (
                      <input type="text" name={selection.key} defaultValue={selection.odds} inputMode="decimal" aria-label={`${selection.name}: ${t('odds')}`} aria-invalid={fieldError(write.error, `odds.${selection.key}`) ? true : undefined} />
                    ) : (
                      selection.odds
                    )}
                  </td>
                  <td>{selection.result ? <Badge tone={selection.result.includes('won') ? 'good' : selection.result === 'void' ? 'neutral' : 'bad'}>{common(selection.result)}</Badge> : '—'}</td>
                  <td className="bo-num">{line ? <SignedAmount amount={line.payout} currency={first.currency} /> : '—'}</td>
                  <td className="bo-num">{line ? <SignedAmount amount={line.liability} currency={first.currency} /> : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {mode === 'odds' && (
          <span className="bo-actions">
            {fieldError(write.error, 'odds') && <span className="bo-error-text">{fieldError(write.error, 'odds')}</span>}
            {market.selections.some((s) => fieldError(write.error, `odds.${s.key}`)) && <span className="bo-error-text">{market.selections.map((s) => fieldError(write.error, `odds.${s.key}`)).find(Boolean)}</span>}
            <Button type="submit" tone="primary" disabled={write.isPending}>
              {t('saveOdds')}
            </Button>
            {market.odds_override && (
              <Button disabled={write.isPending} onClick={() => write.mutate({ name: 'trading/market-odds', body: { market_id: market.id, odds: null } })}>
                {t('releaseOdds')}
              </Button>
            )}
            <Button tone="quiet" onClick={() => setMode(null)}>
              {t('cancel')}
            </Button>
          </span>
        )}
      </form>
      <div className="trading-market-foot">
        <span className="bo-hint">
          {market.liability.length
            ? market.liability.map((line) => (
                <span key={line.currency}>
                  {t('stakes', { amount: `${line.stakes} ${line.currency}`, n: line.open_bets })} · {t('worst')} <SignedAmount amount={line.worst} currency={line.currency} />
                </span>
              ))
            : t('noBets')}
          {' · '}
          {t('bookMargin', { margin: market.book_margin })}
        </span>
        {manage && (
          <span className="trading-market-actions">
            {!settled && market.status === 'open' && (
              <Button disabled={write.isPending} onClick={() => write.mutate({ name: 'trading/market-status', body: { market_id: market.id, status: 'suspended' } })}>
                {t('suspend')}
              </Button>
            )}
            {!settled && market.status === 'suspended' && (
              <Button tone="primary" disabled={write.isPending} onClick={() => write.mutate({ name: 'trading/market-status', body: { market_id: market.id, status: 'open' } })}>
                {t('resume')}
              </Button>
            )}
            {!settled && <Button onClick={() => setMode(mode === 'odds' ? null : 'odds')}>{t('editOdds')}</Button>}
            {!settled && <Button onClick={() => setMode(mode === 'margin' ? null : 'margin')}>{t('setMargin')}</Button>}
            <Button onClick={() => setMode(mode === 'settle' ? null : 'settle')}>{settled ? t('resettle') : t('settle')}</Button>
            <Button tone="danger" onClick={() => setMode(mode === 'void' ? null : 'void')}>
              {t('void')}
            </Button>
          </span>
        )}
      </div>
      {mode === 'margin' && (
        <form className="trading-inline" onSubmit={saveMargin} noValidate aria-label={`${market.name}: ${t('setMargin')}`}>
          <TextField label={t('marginLabel')} name="margin" inputMode="decimal" defaultValue={market.margin ?? ''} hint={t('marginHint')} error={fieldError(write.error, 'margin')} />
          <Button type="submit" tone="primary" disabled={write.isPending}>
            {t('saveMargin')}
          </Button>
          <Button tone="quiet" onClick={() => setMode(null)}>
            {t('cancel')}
          </Button>
        </form>
      )}
      {(mode === 'settle' || mode === 'void') && <SettleMarket key={mode} market={market} mode={mode} t={t} onClose={() => setMode(null)} />}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
    </Panel>
  );
}

/**
 * Settling, voiding or settling again: pick the results, see the ledger difference player by
 * player, then confirm with the version the preview was computed on (a market changed since is
 * refused, so what is applied is what was shown).
 */
function SettleMarket({ market, mode, t, onClose }: { market: TradingMarketView; mode: 'settle' | 'void'; t: T; onClose(): void }) {
  const common = useTexts(tradingTexts);
  const refresh = useRefresh();
  const [winners, setWinners] = useState<number[]>(market.selections.filter((s) => s.result === 'won').map((s) => s.id));
  const choice = mode === 'void' ? { market_id: market.id, result: 'void' as const } : { market_id: market.id, result: 'winners' as const, winners };
  const preview = useQuery({
    queryKey: ['backoffice', 'trading-preview', market.id, market.version, mode, winners],
    queryFn: () => backofficeApi<SettlePreviewView>('trading/settle-preview', { query: { market_id: market.id, result: choice.result, winners: winners.join(',') } }),
    enabled: mode === 'void' || winners.length > 0,
    retry: false,
  });
  const apply = useMutation({
    mutationFn: (version: number) => backofficeApi<SettleAnswer>('trading/settle', { body: { ...choice, version } }),
    onSettled: refresh,
  });
  const shown = preview.data;

  return (
    <div className="trading-preview" role="region" aria-label={mode === 'void' ? t('void') : t('settle')}>
      {mode === 'settle' && (
        <div className="trading-choices">
          <span className="bo-hint">{t('pickWinners')}</span>
          {market.selections.map((selection) => (
            <label key={selection.id}>
              <input
                type="checkbox"
                checked={winners.includes(selection.id)}
                onChange={(event) => setWinners(event.target.checked ? [...winners, selection.id] : winners.filter((id) => id !== selection.id))}
              />
              {selection.name}
            </label>
          ))}
        </div>
      )}
      {preview.error && <Notice tone="bad">{fieldError(preview.error, 'winners') ?? fieldError(preview.error, '_') ?? (preview.error as Error).message}</Notice>}
      {shown && !apply.data && (
        <>
          <strong>{t('previewTitle', { bets: shown.bets })}</strong>
          <div className="bo-hint">{t('resultsLine', { results: shown.results.map((r) => `${r.name} ${common(r.result)}`).join(', ') })}</div>
          <Differences shown={shown} t={t} />
        </>
      )}
      {apply.data && (
        <Notice tone={apply.data.failed.length ? 'bad' : 'good'}>
          {t('applied', { settled: apply.data.settled })}
          {apply.data.failed.length > 0 && ` ${t('failed', { bets: apply.data.failed.map((f) => `#${f.bet_id}`).join(', ') })}`}
        </Notice>
      )}
      {apply.error && <Notice tone="bad">{fieldError(apply.error, 'version') ?? fieldError(apply.error, 'winners') ?? (apply.error as Error).message}</Notice>}
      <span className="bo-actions">
        {shown && !apply.data && (
          <Button tone="primary" disabled={apply.isPending} onClick={() => apply.mutate(shown.version)}>
            {t('confirm')}
          </Button>
        )}
        <Button tone="quiet" onClick={onClose}>
          {t('cancel')}
        </Button>
      </span>
    </div>
  );
}
