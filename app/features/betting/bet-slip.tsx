import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { BET_LIMITS, BETTING_METHODS, type BetView, type PlaceBetInput } from '../../../contract/betting.ts';
import { isLoggedIn } from '../../../contract/api.ts';
import { formatMoney } from '../../../contract/deposit-sum.ts';
import { DEFAULT_CURRENCY, formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { BonusView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { useBalances } from '../cashier/use-balance.ts';
import { useAuthEntry } from '../shell/use-auth-entry.ts';
import { betRefusal, changedOdds, refusedSelection } from './bet-errors.ts';
import { useBettingT } from './i18n.ts';
import { useShowOdds } from './odds-format.tsx';
import { useSlipBonuses, slipBonusOf } from './slip-bonuses.ts';
import {
  ODDS_CHANGE_POLICIES,
  accumulatorProblem,
  combinedOdds,
  isOddsChangePolicy,
  minorToStake,
  oddsMove,
  pendingChanges,
  potentialReturn,
  stakeMinor,
  stakeProblem,
  type SlipBonus,
  type StakeProblem,
} from './slip-rules.ts';
import { useSlip, type SlipEntry } from './slip-store.ts';

/** Quick stakes, in whole units of the player's currency. */
const QUICK_STAKES = [5, 10, 25, 50];

type Placed = { bets: BetView[] };

/**
 * The bet slip (docs/betting.md): singles or an accumulator, stakes with their checks, the
 * odds-change policy, a betting bonus, and placement through betting/placeBet with one
 * idempotency key per bet and attempt. Prices that moved against the policy are highlighted and
 * wait for "Accept changes"; a refusal is shown next to the stake or the selection it names.
 */
export function BetSlip({ className, onClose }: { className?: string; onClose?: () => void }) {
  const { t } = useBettingT();
  const show = useShowOdds();
  const root = useRootData();
  const signedIn = isLoggedIn(root?.user);
  const openAuth = useAuthEntry();
  const balances = useBalances();
  const slip = useSlip();
  const bonuses = useSlipBonuses(signedIn);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [touched, setTouched] = useState(false);

  const currencyText = balances?.balance_main.currency ?? root?.general.default_currency ?? DEFAULT_CURRENCY;
  const currency: CurrencyCode = isCurrency(currencyText) ? currencyText : DEFAULT_CURRENCY;
  const money = (minor: bigint) => formatMoney(Number(formatMinor(minor, currency)), currency);
  const balance = signedIn && balances ? stakeMinor(balances.balance_main.amount, currency) : null;

  const { picks, mode, policy } = slip;
  const accumulator = mode === 'accumulator';
  const pending = pendingChanges(picks, policy);
  const suspended = picks.filter((pick) => pick.suspended);
  const comboProblem = accumulator ? accumulatorProblem(picks) : null;
  // A bonus goes on one bet: the accumulator, or a lone single.
  const bonusAllowed = accumulator || picks.length === 1;
  const chosen = bonusAllowed ? bonuses.find((bonus) => bonus.id === slip.bonusId) : undefined;
  const bonus: SlipBonus | null = chosen ? slipBonusOf(chosen, currency) : null;
  const freeBet = bonus?.kind === 'free_bet';

  const bounds = { currency, min: BET_LIMITS.minStake, max: BET_LIMITS.maxStake, balance };
  const problemOf = (text: string): StakeProblem | null => (freeBet ? null : stakeProblem(text, bounds));
  const singles = picks.map((pick) => {
    const text = slip.stakes[pick.selectionId] ?? '';
    const stake = stakeMinor(text, currency) ?? 0n;
    return { pick, text, stake, problem: problemOf(text), ret: potentialReturn(stake, [pick.odds], picks.length === 1 ? bonus : null) };
  });
  const comboStake = freeBet && bonus ? bonus.amount : (stakeMinor(slip.comboStake, currency) ?? 0n);
  const comboOdds = combinedOdds(picks.map((pick) => pick.odds));
  const comboReturn = potentialReturn(comboStake, picks.map((pick) => pick.odds), bonus);
  // Singles: the stakes together must fit the balance too.
  const singlesTotal = singles.reduce((sum, single) => sum + (single.problem ? 0n : single.stake), 0n);
  const singlesShort = !accumulator && !freeBet && balance !== null && singlesTotal > balance;
  const toPlace = accumulator ? [] : singles.filter((single) => single.text.trim() !== '');
  const totalStake = accumulator ? comboStake : freeBet && bonus ? bonus.amount : singlesTotal;
  const totalReturn = accumulator ? comboReturn : singles.reduce((sum, single) => sum + (single.problem ? 0n : (single.ret ?? 0n)), 0n);
  const comboStakeProblem = accumulator ? problemOf(slip.comboStake) : null;
  const ready =
    picks.length > 0 &&
    !suspended.length &&
    (accumulator ? !comboProblem && !comboStakeProblem : toPlace.length > 0 && toPlace.every((single) => !single.problem) && !singlesShort);

  const stakeMessage = (problem: StakeProblem | null) =>
    problem && problem !== 'required'
      ? t(`stake.${problem}`, { min: money(BET_LIMITS.minStake), max: money(BET_LIMITS.maxStake), balance: money(balance ?? 0n) })
      : null;

  async function place() {
    setTouched(true);
    setErrors({});
    if (!ready || busy) return;
    setBusy(true);
    const bets: BetView[] = [];
    const refusals: Record<string, string> = {};
    const base = { odds_change: policy, bonus_id: chosen?.id };
    const attempts: Array<{ key: string; input: Omit<PlaceBetInput, 'request_id'>; legs: number[] }> = accumulator
      ? [
          {
            key: 'combo',
            legs: picks.map((pick) => pick.selectionId),
            input: { ...base, kind: 'accumulator', legs: picks.map((pick) => ({ selection_id: pick.selectionId, odds: pick.odds })), stake: minorToStake(comboStake, currency) },
          },
        ]
      : toPlace.map((single) => ({
          key: String(single.pick.selectionId),
          legs: [single.pick.selectionId],
          input: {
            ...base,
            kind: 'single',
            legs: [{ selection_id: single.pick.selectionId, odds: single.pick.odds }],
            stake: freeBet && bonus ? minorToStake(bonus.amount, currency) : minorToStake(single.stake, currency),
          },
        }));
    let refused = false;
    for (const attempt of attempts) {
      const request_id = useSlip.getState().attempt(attempt.key);
      try {
        bets.push(await api<BetView>(BETTING_METHODS.place, { body: { ...attempt.input, request_id } }));
      } catch (error) {
        const refusal = betRefusal(error, t, currency);
        // A lost answer (network, 5xx) keeps the key: pressing again is the same attempt.
        if (error instanceof ApiError && error.status < 500) refused = true;
        if (refusal.code === 'ODDS_CHANGED') {
          const changed = changedOdds(refusal);
          useSlip.getState().applyPrices(changed.map((item) => ({ ...item, suspended: false })));
        }
        const selection = refusedSelection(refusal, attempt.legs);
        if (refusal.code === 'MARKET_SUSPENDED' || refusal.code === 'MARKET_CLOSED') {
          const pick = picks.find((item) => item.selectionId === selection);
          if (pick) useSlip.getState().applyPrices([{ selectionId: pick.selectionId, odds: pick.current, suspended: true }]);
        }
        const target = refusal.field === 'stake' || !selection || accumulator ? attempt.key : String(selection);
        refusals[target] = refusal.message;
      }
    }
    const placedIds = bets.flatMap((bet) => bet.legs.map((leg) => leg.selection_id));
    if (placedIds.length) useSlip.getState().settleAttempt(accumulator ? picks.map((pick) => pick.selectionId) : placedIds);
    if (refused) useSlip.getState().dropAttempt();
    setErrors(refusals);
    setBusy(false);
    if (bets.length) {
      setPlaced({ bets });
      setTouched(false);
    }
  }

  if (placed) return <SlipReceipt placed={placed} onDone={() => (setPlaced(null), onClose?.())} className={className} />;

  return (
    <section className={clsx('flex flex-col', className)} aria-labelledby="bet-slip-title" data-testid="bet-slip">
      <header className="flex items-center gap-3 border-b border-white/5 px-4 py-3">
        <h2 id="bet-slip-title" className="flex items-center gap-2 text-base font-extrabold">
          <Icon name="receipt" size={18} className="text-gold-400" />
          {t('slip.title')}
          <span className="grid h-6 min-w-6 place-items-center rounded-full bg-gold-500 px-1.5 text-xs font-black text-ink-950" data-testid="slip-count">
            {picks.length}
          </span>
        </h2>
        {picks.length > 0 && (
          <button type="button" onClick={slip.clear} className="ml-auto text-xs font-semibold text-ink-400 hover:text-ruby-400" data-testid="slip-clear">
            {t('slip.clear')}
          </button>
        )}
        {onClose && (
          <button type="button" onClick={onClose} className={clsx('grid h-8 w-8 place-items-center rounded-lg text-ink-300 hover:bg-white/5 hover:text-white', !picks.length && 'ml-auto')} aria-label={t('slip.close')} data-testid="slip-sheet-close">
            <Icon name="chevronDown" size={18} />
          </button>
        )}
      </header>

      {picks.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="slip-empty">
          <span className="grid h-14 w-14 place-items-center rounded-2xl bg-gold-500/10 text-gold-300 ring-1 ring-gold-400/20">
            <Icon name="ball" size={26} />
          </span>
          <p className="text-sm font-semibold text-white">{t('slip.emptyTitle')}</p>
          <p className="text-xs text-ink-400">{t('slip.emptyText')}</p>
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4">
          <Segmented
            label={t('slip.kind')}
            value={mode}
            onChange={(value) => slip.setMode(value)}
            options={[
              { value: 'single', label: <span data-testid="slip-tab-single">{t('slip.singles')}</span> },
              { value: 'accumulator', label: <span data-testid="slip-tab-accumulator">{t('slip.accumulator')}</span> },
            ]}
          />

          <ul className="space-y-2">
            {singles.map(({ pick, text, problem, ret }) => (
              <SlipPickCard
                key={pick.selectionId}
                pick={pick}
                show={show}
                onRemove={() => slip.remove(pick.selectionId)}
                error={errors[String(pick.selectionId)]}
                stake={
                  accumulator ? null : (
                    <StakeInput
                      id={`stake-${pick.selectionId}`}
                      label={t('slip.stake')}
                      value={freeBet && bonus ? minorToStake(bonus.amount, currency) : text}
                      disabled={freeBet}
                      currency={currency}
                      onChange={(value) => slip.setStake(pick.selectionId, value)}
                      error={stakeMessage(touched || text ? problem : null)}
                      returnText={ret !== null ? money(ret) : null}
                      testId="single-stake"
                    />
                  )
                }
              />
            ))}
          </ul>

          {accumulator && (
            <div className="space-y-3 rounded-2xl bg-ink-900/70 p-3 ring-1 ring-white/5" data-testid="slip-accumulator">
              <div className="flex items-center justify-between text-sm">
                <span className="text-ink-300">{t('slip.combinedOdds', { count: picks.length })}</span>
                <span className="text-lg font-black text-gold-300 tabular-nums" data-testid="combined-odds">
                  {comboOdds ? show(comboOdds) : '—'}
                </span>
              </div>
              {comboProblem && (
                <p className="text-xs text-ruby-400" role="alert" data-testid="combo-problem">
                  {t(`slip.combo.${comboProblem}`, { max: BET_LIMITS.maxLegs })}
                </p>
              )}
              <StakeInput
                id="stake-combo"
                label={t('slip.stake')}
                value={freeBet && bonus ? minorToStake(bonus.amount, currency) : slip.comboStake}
                disabled={freeBet}
                currency={currency}
                onChange={slip.setComboStake}
                error={stakeMessage(touched || slip.comboStake ? comboStakeProblem : null) ?? errors.combo}
                returnText={null}
                testId="combo-stake"
              />
            </div>
          )}

          {!freeBet && (
            <div className="flex gap-1.5" role="group" aria-label={t('slip.quickStakes')}>
              {QUICK_STAKES.map((amount) => (
                <button
                  key={amount}
                  type="button"
                  onClick={() => {
                    const text = String(amount);
                    if (accumulator) slip.setComboStake(text);
                    else for (const pick of picks) slip.setStake(pick.selectionId, text);
                  }}
                  className="h-8 flex-1 rounded-lg bg-ink-800 text-xs font-bold text-ink-200 ring-1 ring-white/10 hover:bg-ink-700 hover:text-white"
                  data-testid="quick-stake"
                >
                  {formatMoney(amount, currency).replace(/\.00$/, '')}
                </button>
              ))}
            </div>
          )}

          {signedIn && bonuses.length > 0 && (
            <BonusPicker bonuses={bonuses} chosen={chosen?.id ?? null} allowed={bonusAllowed} onChoose={slip.setBonus} currency={currency} />
          )}

          <label className="flex items-center justify-between gap-3 text-xs text-ink-300">
            <span>{t('slip.policy.label')}</span>
            <select
              value={policy}
              onChange={(event) => isOddsChangePolicy(event.target.value) && slip.setPolicy(event.target.value)}
              className="h-8 rounded-lg bg-ink-800 px-2 text-xs font-semibold text-white ring-1 ring-white/10 outline-none focus:ring-gold-400"
              data-testid="odds-policy"
            >
              {ODDS_CHANGE_POLICIES.map((value) => (
                <option key={value} value={value}>
                  {t(`slip.policy.${value}`)}
                </option>
              ))}
            </select>
          </label>

          <dl className="space-y-1 border-t border-white/5 pt-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-ink-400">{t(freeBet ? 'slip.freeBetStake' : 'slip.totalStake')}</dt>
              <dd className="font-semibold text-white tabular-nums" data-testid="total-stake">
                {money(totalStake)}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-ink-400">{t('slip.potentialReturn')}</dt>
              <dd className="text-base font-black text-jade-400 tabular-nums" data-testid="potential-return">
                {totalReturn ? money(totalReturn) : money(0n)}
              </dd>
            </div>
          </dl>

          {singlesShort && (
            <p className="text-xs text-ruby-400" role="alert">
              {t('stake.balance', { balance: money(balance ?? 0n) })}
            </p>
          )}
          {suspended.length > 0 && (
            <p className="flex items-center gap-2 rounded-xl bg-ink-900 px-3 py-2 text-xs text-ink-300 ring-1 ring-white/10" role="status" data-testid="slip-suspended">
              <Icon name="lock" size={14} />
              {t('slip.suspendedNote')}
            </p>
          )}

          {!signedIn ? (
            <Button size="lg" className="w-full" onClick={() => openAuth('sign_in')} data-testid="slip-sign-in">
              <Icon name="user" size={18} />
              {t('slip.signIn')}
            </Button>
          ) : pending.length > 0 ? (
            <div className="space-y-2">
              <p className="text-xs text-gold-300" role="status" data-testid="odds-changed-note">
                {t('slip.oddsChanged', { count: pending.length })}
              </p>
              <Button size="lg" className="w-full" onClick={slip.acceptChanges} data-testid="accept-changes">
                <Icon name="check" size={18} />
                {t('slip.acceptChanges')}
              </Button>
            </div>
          ) : (
            <Button size="lg" className="w-full" disabled={busy || (touched && !ready)} onClick={() => void place()} data-testid="place-bet">
              {busy ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" /> : <Icon name="bolt" size={18} />}
              {accumulator || toPlace.length <= 1 ? t('slip.place', { amount: money(totalStake) }) : t('slip.placeMany', { count: toPlace.length, amount: money(totalStake) })}
            </Button>
          )}
          {errors.combo && !accumulator && (
            <p className="text-xs text-ruby-400" role="alert">
              {errors.combo}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function SlipPickCard({
  pick,
  show,
  onRemove,
  stake,
  error,
}: {
  pick: SlipEntry;
  show: (odds: string) => string;
  onRemove: () => void;
  stake: ReactNode;
  error?: string;
}) {
  const { t } = useBettingT();
  const move = oddsMove(pick);
  return (
    <li
      className={clsx(
        'rounded-2xl bg-ink-800/80 p-3 ring-1 transition',
        pick.suspended ? 'opacity-70 ring-white/5' : move === 'up' ? 'ring-jade-400/60' : move === 'down' ? 'ring-ruby-400/60' : 'ring-white/10',
      )}
      data-testid="slip-pick"
      data-selection={pick.selectionId}
      data-changed={move ?? undefined}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 truncate text-sm font-bold text-white">
            {pick.live && <span className="h-1.5 w-1.5 shrink-0 rounded-full bg-ruby-400" aria-label={t('live.badge')} />}
            {pick.selectionName}
          </p>
          <p className="truncate text-xs text-ink-400">{pick.marketName}</p>
          <p className="truncate text-xs text-ink-300">{pick.eventName}</p>
        </div>
        <div className="text-right">
          {pick.suspended ? (
            <span className="flex items-center gap-1 text-xs font-bold text-ink-400" data-testid="pick-suspended">
              <Icon name="lock" size={13} />
              {t('slip.suspended')}
            </span>
          ) : (
            <>
              {move && <span className="block text-xs text-ink-500 line-through tabular-nums">{show(pick.odds)}</span>}
              <span
                className={clsx('flex items-center justify-end gap-0.5 text-base font-black tabular-nums', move === 'up' ? 'text-jade-400' : move === 'down' ? 'text-ruby-400' : 'text-gold-300')}
                data-testid="pick-odds"
              >
                {move && <Icon name={move === 'up' ? 'arrowUp' : 'arrowDown'} size={13} />}
                {show(pick.current)}
              </span>
            </>
          )}
        </div>
        <button type="button" onClick={onRemove} className="-mt-1 -mr-1 grid h-7 w-7 place-items-center rounded-lg text-ink-400 hover:bg-white/5 hover:text-white" aria-label={t('slip.remove', { name: pick.selectionName })} data-testid="slip-remove">
          <Icon name="close" size={14} />
        </button>
      </div>
      {stake && <div className="mt-3">{stake}</div>}
      {error && (
        <p className="mt-2 text-xs text-ruby-400" role="alert" data-testid="pick-error">
          {error}
        </p>
      )}
    </li>
  );
}

function StakeInput({
  id,
  label,
  value,
  onChange,
  disabled,
  currency,
  error,
  returnText,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  currency: CurrencyCode;
  error: string | null | undefined;
  returnText: string | null;
  testId: string;
}) {
  const { t } = useBettingT();
  return (
    <div>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <div className={clsx('flex h-10 flex-1 items-center rounded-xl bg-ink-900 px-3 ring-1 focus-within:ring-2', error ? 'ring-ruby-500' : 'ring-white/10 focus-within:ring-gold-400')}>
          <span className="text-sm text-ink-400">{formatMoney(0, currency).replace(/[0-9.,]/g, '')}</span>
          <input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            placeholder={label}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="h-full w-full min-w-0 bg-transparent px-2 text-sm font-bold text-white tabular-nums outline-none placeholder:font-normal placeholder:text-ink-500 disabled:opacity-70"
            data-testid={testId}
          />
        </div>
        {returnText && (
          <span className="shrink-0 text-right text-xs text-ink-400">
            {t('slip.returns')}
            <span className="block text-sm font-bold text-jade-400 tabular-nums">{returnText}</span>
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-ruby-400" role="alert" data-testid="stake-error">
          {error}
        </p>
      )}
    </div>
  );
}

function BonusPicker({
  bonuses,
  chosen,
  allowed,
  onChoose,
  currency,
}: {
  bonuses: BonusView[];
  chosen: number | null;
  allowed: boolean;
  onChoose: (id: number | null) => void;
  currency: CurrencyCode;
}) {
  const { t } = useBettingT();
  return (
    <fieldset className="space-y-1.5" data-testid="slip-bonuses">
      <legend className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-ink-300">
        <Icon name="gift" size={14} className="text-gold-400" />
        {t('slip.bonus.title')}
      </legend>
      {!allowed && <p className="text-xs text-ink-500">{t('slip.bonus.oneBet')}</p>}
      {bonuses.map((bonus) => {
        const use = slipBonusOf(bonus, currency);
        if (!use) return null;
        const selected = chosen === bonus.id;
        return (
          <button
            key={bonus.id}
            type="button"
            disabled={!allowed}
            aria-pressed={selected}
            onClick={() => onChoose(selected ? null : bonus.id)}
            className={clsx(
              'flex w-full items-center justify-between gap-2 rounded-xl px-3 py-2 text-left text-xs ring-1 transition disabled:opacity-50',
              selected ? 'bg-jade-500/15 text-jade-400 ring-jade-400/50' : 'bg-ink-800 text-ink-200 ring-white/10 hover:ring-white/20',
            )}
            data-testid="slip-bonus"
          >
            <span className="font-semibold">
              {use.kind === 'free_bet'
                ? t('slip.bonus.freeBet', { amount: formatMoney(Number(formatMinor(use.amount, currency)), currency) })
                : t('slip.bonus.boost', { percent: use.boostPercent })}
            </span>
            {selected && <Icon name="check" size={14} />}
          </button>
        );
      })}
    </fieldset>
  );
}

function SlipReceipt({ placed, onDone, className }: { placed: Placed; onDone: () => void; className?: string }) {
  const { t } = useBettingT();
  const show = useShowOdds();
  return (
    <section className={clsx('flex flex-col gap-4 p-4', className)} data-testid="slip-receipt" aria-live="polite">
      <div className="flex items-center gap-3">
        <span className="grid h-11 w-11 place-items-center rounded-full bg-jade-500/15 text-jade-400 ring-1 ring-jade-400/40">
          <Icon name="check" size={22} />
        </span>
        <div>
          <h2 className="text-base font-extrabold">{t('receipt.title', { count: placed.bets.length })}</h2>
          <p className="text-xs text-ink-400">{t('receipt.text')}</p>
        </div>
      </div>
      <ul className="space-y-2">
        {placed.bets.map((bet) => (
          <li key={bet.id} className="rounded-2xl bg-ink-800/80 p-3 text-sm ring-1 ring-white/10" data-testid="receipt-bet" data-bet={bet.id}>
            <div className="flex justify-between gap-2">
              <span className="font-bold text-white">{t(`kind.${bet.kind}`, { count: bet.legs.length })}</span>
              <span className="font-black text-gold-300 tabular-nums" data-testid="receipt-odds">
                {show(bet.odds)}
              </span>
            </div>
            <p className="mt-1 text-xs text-ink-400">{bet.legs.map((leg) => leg.selection_name).join(' · ')}</p>
            <div className="mt-2 flex justify-between text-xs">
              <span className="text-ink-300">
                {t('receipt.stake')} <b className="text-white tabular-nums">{formatMoney(Number(bet.stake), bet.currency)}</b>
              </span>
              <span className="text-ink-300">
                {t('slip.potentialReturn')} <b className="text-jade-400 tabular-nums">{formatMoney(Number(bet.potential_return), bet.currency)}</b>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <LocalLink to="/profile/bets" className="flex h-11 flex-1 items-center justify-center rounded-xl bg-ink-700 text-sm font-semibold text-ink-100 ring-1 ring-white/10 hover:bg-ink-600" data-testid="receipt-my-bets">
          {t('receipt.myBets')}
        </LocalLink>
        <Button className="flex-1" onClick={onDone} data-testid="receipt-done">
          {t('receipt.done')}
        </Button>
      </div>
    </section>
  );
}
