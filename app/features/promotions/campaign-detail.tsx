import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../contract/promotions.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { formatDay } from '../jackpots/format.ts';
import { PageMeta } from '../pages/page-meta.tsx';
import { useClock } from '../tournaments/use-clock.ts';
import { CampaignAction } from './campaign-action.tsx';
import { CampaignArt } from './campaign-art.tsx';
import { EligibilityChip, RewardBadge, RewardTerms, TriggerChip } from './campaign-card.tsx';
import { EndsIn } from './ends-in.tsx';
import { rewardFacts, say } from './reward.ts';
import type { CampaignSection } from './types.ts';
import { Section } from '../../ui/section.tsx';

export type CampaignData = { campaign: CampaignView; now: number };

/** Operator texts: paragraphs split on blank lines, lines kept. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Terms read as a list: one item per line, or per sentence of a single paragraph; list markers dropped. */
const termLines = (text: string) =>
  text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.;])\s+(?=\p{Lu})/u))
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);

/** /offers/{sysname} and /promotions/{sysname}: the whole campaign, its reward, terms and the way to take it. */
export function CampaignDetail({ section, data }: { section: CampaignSection; data: CampaignData }) {
  const { t } = useTranslation('promotions');
  const localize = useLocalizedPath();
  const now = useClock(data.now);
  const { campaign } = data;
  const body = paragraphs(campaign.body);
  const terms = termLines(campaign.terms);
  return (
    <article className="space-y-8 pb-8" data-testid="page-campaign" data-campaign={campaign.sysname}>
      <PageMeta
        title={campaign.title}
        description={campaign.summary || t(`${section}.meta.description`)}
        image={campaign.image_url ?? undefined}
        breadcrumbs={[
          { name: t(`${section}.title`), path: localize(`/${section}`) },
          { name: campaign.title, path: localize(`/${section}/${campaign.sysname}`) },
        ]}
      />
      <LocalLink to={`/${section}`} className="inline-flex items-center gap-1 text-sm font-semibold text-ink-300 hover:text-white">
        <Icon name="chevronLeft" size={16} />
        {t(`${section}.back`)}
      </LocalLink>

      <section className="grid overflow-hidden rounded-3xl bg-ink-850 ring-1 ring-white/10 laptop:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <div className="relative">
          <CampaignArt campaign={campaign} size="hero" className="aspect-[16/9] h-full laptop:aspect-auto laptop:min-h-[26rem]" />
          <TriggerChip trigger={campaign.trigger} className="absolute top-4 left-4" />
        </div>
        <div className="flex flex-col gap-5 p-6 tablet:p-8">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <EndsIn endsAt={campaign.ends_at} now={now} className="rounded-full bg-white/5 px-3 py-1 text-ink-100 ring-1 ring-white/10" />
            <EligibilityChip campaign={campaign} />
          </div>
          <div>
            <h1 className="text-3xl leading-tight font-black tracking-tight tablet:text-4xl" data-testid="campaign-title">
              {campaign.title}
            </h1>
            {campaign.summary && <p className="mt-3 text-ink-200">{campaign.summary}</p>}
          </div>
          <div className="space-y-2">
            <RewardBadge campaign={campaign} size="lg" />
            <RewardTerms campaign={campaign} className="text-sm" />
          </div>
          <div className="mt-auto">
            <CampaignAction campaign={campaign} />
          </div>
        </div>
      </section>

      <div className="grid gap-8 laptop:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          {body.length > 0 && (
            <Section id="campaign-body" title={t('detail.about')}>
              <div className="space-y-4 leading-relaxed text-ink-200" data-testid="campaign-body">
                {body.map((part, index) => (
                  <p key={index} className="whitespace-pre-line">
                    {part}
                  </p>
                ))}
              </div>
            </Section>
          )}
          {terms.length > 0 && (
            <Section id="campaign-terms" title={t('detail.terms')}>
              <ol className="list-decimal space-y-2 rounded-2xl bg-ink-850 py-5 pr-5 pl-10 text-sm leading-relaxed text-ink-200 ring-1 ring-white/10 marker:font-bold marker:text-gold-400" data-testid="campaign-terms">
                {terms.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ol>
            </Section>
          )}
        </div>
        <Section id="campaign-reward" title={t('detail.reward')}>
          <dl className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-ink-850 text-sm ring-1 ring-white/10" data-testid="campaign-facts">
            {rewardFacts(campaign.reward, campaign.currency).map((fact) => (
              <Fact key={fact.label} label={t(fact.label as never)} value={say(t, fact.value)} />
            ))}
            <Fact label={t('facts.starts')} value={formatDay(campaign.starts_at)} />
            <Fact label={t('facts.ends')} value={campaign.ends_at ? formatDay(campaign.ends_at) : t('facts.noEnd')} />
          </dl>
        </Section>
      </div>
    </article>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 px-4 py-3">
      <dt className="text-ink-400">{label}</dt>
      <dd className="text-right font-bold text-white">{value}</dd>
    </div>
  );
}

