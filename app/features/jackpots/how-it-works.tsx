import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/icon.tsx';

const STEPS: Array<{ key: string; icon: IconName }> = [
  { key: 'share', icon: 'coins' },
  { key: 'draw', icon: 'sparkles' },
  { key: 'paid', icon: 'wallet' },
];

/** Three steps: a share of each bet grows the pools, every bet is a draw, a win is paid at once. */
export function HowItWorks() {
  const { t } = useTranslation('jackpots');
  return (
    <section aria-labelledby="jackpots-how" className="rounded-3xl border border-white/5 bg-ink-850/70 p-6 tablet:p-8">
      <h2 id="jackpots-how" className="text-xl font-extrabold">
        {t('how.title')}
      </h2>
      <ol className="mt-5 grid gap-5 tablet:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.key} className="flex gap-4">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/20">
              <Icon name={step.icon} />
            </span>
            <div>
              <h3 className="font-bold">
                <span className="mr-1.5 text-gold-400">{index + 1}.</span>
                {t(`how.${step.key}.title`)}
              </h3>
              <p className="mt-1 text-sm leading-relaxed text-ink-300">{t(`how.${step.key}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
