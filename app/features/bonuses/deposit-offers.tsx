import clsx from 'clsx';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../contract/promotions.ts';
import { Icon } from '../../ui/icon.tsx';
import { money } from '../cashier/format.ts';
import { Card, StepTitle } from '../cashier/parts.tsx';
import { useDialogs } from '../dialogs/store.ts';
import type { ActivatedCode } from '../promotions/types.ts';
import { NO_OFFER, offerGain, type OfferGain } from './rules.ts';

/**
 * The deposit page's bonus step (spec 2 section 4, deposit offers): the offers the player may
 * pick, each with what it adds for the amount typed, and "No bonus"; the choice becomes
 * makedeposit's campaign_offer_id. A refusal of that field shows under the block. "Have a promo
 * code?" opens the shared promo code form (in a popup: this block is inside the deposit form); a
 * code that unlocks a deposit offer selects it.
 */
export function DepositOffers({
  step,
  offers,
  selected,
  onSelect,
  amount,
  currency,
  error,
  onCodeActivated,
}: {
  step: number;
  offers: CampaignView[];
  selected: number;
  onSelect: (id: number) => void;
  amount: string;
  currency: string;
  error: string | null;
  onCodeActivated: (answer: ActivatedCode) => void;
}) {
  const { t } = useTranslation('bonuses');
  const group = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const openDialog = useDialogs((state) => state.open);
  const [unlocked, setUnlocked] = useState<string | null>(null);
  const choices = [...offers.map((offer) => offer.id), NO_OFFER];

  const move = (event: KeyboardEvent, by: number) => {
    event.preventDefault();
    const next = choices[(choices.indexOf(selected) + by + choices.length) % choices.length];
    onSelect(next);
    group.current?.querySelector<HTMLElement>(`[data-offer="${next}"]`)?.focus();
  };

  return (
    <Card testId="deposit-offers">
      <StepTitle step={step}>{t('offers.title')}</StepTitle>
      {offers.length === 0 ? (
        <p className="rounded-2xl bg-ink-900/60 px-4 py-3 text-sm text-ink-300 ring-1 ring-white/5" data-testid="deposit-offers-none">
          {t('offers.none')}
        </p>
      ) : (
        <div
          ref={group}
          role="radiogroup"
          aria-label={t('offers.title')}
          aria-describedby={error ? errorId : undefined}
          className="grid gap-3"
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowRight') move(event, 1);
            if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') move(event, -1);
          }}
        >
          {offers.map((offer) => (
            <OfferChoice key={offer.id} offer={offer} checked={selected === offer.id} onSelect={() => onSelect(offer.id)} amount={amount} currency={currency} />
          ))}
          <Choice id={NO_OFFER} checked={selected === NO_OFFER} onSelect={() => onSelect(NO_OFFER)} testId="deposit-offer-none">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-white/5 text-ink-300 ring-1 ring-white/10">
              <Icon name="close" size={18} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-bold text-white">{t('offers.noBonus')}</span>
              <span className="block text-xs text-ink-400">{t('offers.noBonusText')}</span>
            </span>
          </Choice>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-3 flex items-center gap-2 text-sm text-ruby-400" data-testid="deposit-offers-error">
          <Icon name="alert" size={16} className="shrink-0" />
          {error}
        </p>
      )}
      {unlocked && (
        <p role="status" className="mt-3 flex items-center gap-2 rounded-xl bg-jade-500/10 px-3 py-2 text-sm text-jade-400 ring-1 ring-jade-500/25" data-testid="deposit-offer-unlocked">
          <Icon name="check" size={16} className="shrink-0" />
          {unlocked}
        </p>
      )}
      <div className="mt-4">
        <button
          type="button"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-gold-300 hover:text-gold-400"
          aria-haspopup="dialog"
          onClick={() =>
            openDialog({
              component: 'deposit-promo-code',
              type: 'popup',
              dialogProps: { title: t('offers.havePromo') },
              onClose: (result) => {
                const answer = result as ActivatedCode | undefined;
                if (!answer?.campaign) return;
                setUnlocked(answer.campaign.trigger === 'deposit' ? t('offers.unlocked', { title: answer.campaign.title }) : t('offers.codeApplied', { title: answer.campaign.title }));
                onCodeActivated(answer);
              },
            })
          }
          data-testid="deposit-promo-toggle"
        >
          <Icon name="key" size={16} />
          {t('offers.havePromo')}
        </button>
      </div>
    </Card>
  );
}

function Choice({ id, checked, onSelect, testId, children }: { id: number; checked: boolean; onSelect: () => void; testId: string; children: ReactNode }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      tabIndex={checked ? 0 : -1}
      onClick={onSelect}
      data-offer={id}
      data-testid={testId}
      className={clsx(
        'relative flex w-full items-center gap-3 rounded-2xl p-3 text-left ring-1 transition tablet:gap-4 tablet:p-4',
        checked
          ? 'bg-gradient-to-r from-gold-500/15 via-ink-800 to-ink-800 shadow-[0_10px_30px_-14px_rgba(245,184,46,0.6)] ring-2 ring-gold-400'
          : 'bg-ink-800 ring-white/10 hover:bg-ink-700 hover:ring-white/20',
      )}
    >
      {children}
      <span
        className={clsx('grid h-6 w-6 shrink-0 place-items-center rounded-full ring-2 transition', checked ? 'bg-gold-400 text-ink-950 ring-gold-400' : 'ring-ink-500')}
        aria-hidden="true"
      >
        {checked && <Icon name="check" size={14} strokeWidth={3} />}
      </span>
    </button>
  );
}

function OfferChoice({ offer, checked, onSelect, amount, currency }: { offer: CampaignView; checked: boolean; onSelect: () => void; amount: string; currency: string }) {
  const { t } = useTranslation('bonuses');
  const gain = offerGain(offer.reward, amount, offer.currency ?? currency);
  const terms =
    offer.reward.type === 'deposit_match' || offer.reward.type === 'fixed_bonus'
      ? [
          offer.reward.type === 'deposit_match' ? t('offers.minimum', { amount: money({ amount: offer.reward.min_deposit, currency: offer.currency }) }) : null,
          offer.reward.wagering > 0 ? t('offers.wagering', { multiplier: offer.reward.wagering, days: offer.reward.days }) : null,
          offer.reward.max_bet ? t('offers.maxBet', { amount: money({ amount: offer.reward.max_bet, currency: offer.currency }) }) : null,
        ].filter(Boolean)
      : [];
  return (
    <Choice id={offer.id} checked={checked} onSelect={onSelect} testId={`deposit-offer-${offer.sysname}`}>
      {offer.image_url ? (
        <img src={offer.image_url} alt="" className="h-11 w-11 shrink-0 rounded-xl object-cover ring-1 ring-white/10" loading="lazy" />
      ) : (
        <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-gold-400/35 to-violet-500/35 text-gold-300 ring-1 ring-white/15">
          <Icon name="gift" size={20} />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block text-sm leading-snug font-bold text-white">{offer.title}</span>
        <GainLine gain={gain} />
        {terms.length > 0 && <span className="mt-1 block text-[11px] text-ink-400">{terms.join(' · ')}</span>}
      </span>
    </Choice>
  );
}

/** "+€20.00 bonus" for the amount typed, or why not yet. */
function GainLine({ gain }: { gain: OfferGain }) {
  const { t } = useTranslation('bonuses');
  const strong = 'mt-1 inline-flex items-center gap-1 rounded-full bg-gold-500/15 px-2 py-0.5 text-xs font-extrabold text-gold-300 tabular-nums ring-1 ring-gold-400/30';
  switch (gain.kind) {
    case 'money':
      return (
        <span className={strong} data-testid="deposit-offer-gain">
          {t('offers.gain', { amount: money(gain.amount) })}
        </span>
      );
    case 'upTo':
      return (
        <span className={strong} data-testid="deposit-offer-gain">
          {t('offers.upTo', { percent: gain.percent, amount: money(gain.amount) })}
        </span>
      );
    case 'belowMinimum':
      return (
        <span className="mt-1 block text-xs font-semibold text-ink-300" data-testid="deposit-offer-gain">
          {t('offers.belowMinimum', { amount: money(gain.minimum) })}
        </span>
      );
    case 'spins':
      return (
        <span className={strong} data-testid="deposit-offer-gain">
          {t('offers.spins', { count: gain.spins, game: gain.game })}
        </span>
      );
    case 'freeBet':
      return (
        <span className={strong} data-testid="deposit-offer-gain">
          {t('offers.freeBet', { amount: money(gain.amount) })}
        </span>
      );
    case 'oddsBoost':
      return (
        <span className={strong} data-testid="deposit-offer-gain">
          {t('offers.boost', { percent: gain.percent })}
        </span>
      );
    case 'cashback':
      return (
        <span className={strong} data-testid="deposit-offer-gain">
          {t('offers.cashback', { percent: gain.percent })}
        </span>
      );
    default:
      return null;
  }
}
