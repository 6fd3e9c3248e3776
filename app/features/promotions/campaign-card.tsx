import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../contract/promotions.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import { CampaignArt } from './campaign-art.tsx';
import { EndsIn } from './ends-in.tsx';
import { campaignPath, rewardBadge, rewardTerms, say } from './reward.ts';

/** The trigger as a small label: how the campaign is taken (at a deposit, by code, by a button). */
export function TriggerChip({ trigger, className }: { trigger: CampaignView['trigger']; className?: string }) {
  const { t } = useTranslation('promotions');
  return (
    <span className={clsx('inline-flex items-center rounded-full bg-ink-950/70 px-2.5 py-1 text-[11px] font-extrabold tracking-widest text-white uppercase ring-1 ring-white/15 backdrop-blur', className)}>
      {t(`trigger.${trigger}`)}
    </span>
  );
}

/** What the reward is, in gold: "100% up to 25.00 EUR". */
export function RewardBadge({ campaign, size = 'md' }: { campaign: CampaignView; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('promotions');
  return (
    <p
      className={clsx(
        'inline-flex w-fit items-center gap-2 rounded-xl bg-gold-400/10 font-extrabold text-gold-300 ring-1 ring-gold-400/30',
        size === 'lg' ? 'px-4 py-2.5 text-lg tablet:text-xl' : 'px-3 py-1.5 text-sm',
      )}
      data-testid="reward-badge"
    >
      <Icon name="gift" size={size === 'lg' ? 20 : 16} className="shrink-0" />
      {say(t, rewardBadge(campaign.reward, campaign.currency))}
    </p>
  );
}

/** The reward's short terms as a dotted line: "Wager 3x in 14 days · Min. deposit 10.00 EUR". */
export function RewardTerms({ campaign, className }: { campaign: CampaignView; className?: string }) {
  const { t } = useTranslation('promotions');
  return (
    <ul className={clsx('flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-300', className)} data-testid="reward-terms">
      {rewardTerms(campaign.reward, campaign.currency).map((term) => (
        <li key={term.key} className="flex items-center gap-1.5">
          <span className="h-1 w-1 rounded-full bg-gold-400/70" aria-hidden="true" />
          {say(t, term)}
        </li>
      ))}
    </ul>
  );
}

/** For a signed-in player who cannot take it: already taken, or not for their account. */
export function EligibilityChip({ campaign, className }: { campaign: CampaignView; className?: string }) {
  const { t } = useTranslation('promotions');
  const eligibility = campaign.eligibility;
  if (!eligibility || eligibility.eligible) return null;
  const taken = eligibility.reason === 'taken';
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold ring-1',
        taken ? 'bg-jade-400/10 text-jade-400 ring-jade-400/30' : 'bg-white/5 text-ink-300 ring-white/10',
        className,
      )}
      data-testid="campaign-eligibility"
    >
      <Icon name={taken ? 'check' : 'lock'} size={13} />
      {t(taken ? 'eligibility.taken' : 'eligibility.unavailable')}
    </span>
  );
}

/** A campaign of the offers or promotions list; the whole card links to its page. */
export function CampaignCard({ campaign, now }: { campaign: CampaignView; now: number }) {
  const { t } = useTranslation('promotions');
  return (
    <LocalLink
      to={campaignPath(campaign)}
      className="group flex h-full flex-col overflow-hidden rounded-3xl bg-ink-850 ring-1 ring-white/10 transition duration-200 hover:-translate-y-0.5 hover:ring-gold-400/60 focus-visible:ring-2"
      data-testid="campaign-card"
      data-campaign={campaign.sysname}
    >
      <div className="relative">
        <CampaignArt campaign={campaign} className="aspect-[16/9] transition duration-300 group-hover:brightness-110" />
        <TriggerChip trigger={campaign.trigger} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 className="text-lg leading-snug font-extrabold tracking-tight tablet:text-xl">{campaign.title}</h3>
          {campaign.summary && <p className="mt-1 line-clamp-2 text-sm text-ink-300">{campaign.summary}</p>}
        </div>
        <RewardBadge campaign={campaign} />
        <RewardTerms campaign={campaign} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-white/5 pt-4 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <EndsIn endsAt={campaign.ends_at} now={now} className="text-ink-100" />
            <EligibilityChip campaign={campaign} />
          </span>
          <span className="ml-auto flex shrink-0 items-center gap-1 font-semibold text-gold-400 group-hover:text-gold-300">
            {t('card.details')}
            <Icon name="chevronRight" size={16} />
          </span>
        </div>
      </div>
    </LocalLink>
  );
}
