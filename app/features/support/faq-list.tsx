import { Icon } from '../../ui/icon.tsx';
import { FAQ_GROUPS, type FaqEntry } from './faq.ts';
import { useSupportT } from './i18n.ts';

/** The FAQ, one group per topic, each answer behind its question (native details: works before hydration). */
export function FaqList() {
  const { t } = useSupportT();
  return (
    <div className="grid gap-6 laptop:grid-cols-2" data-testid="support-faq">
      {FAQ_GROUPS.map((group) => (
        <section key={group} aria-labelledby={`faq-${group}`} className="rounded-2xl bg-ink-800/60 p-4 ring-1 ring-white/5 tablet:p-5">
          <h3 id={`faq-${group}`} className="mb-3 text-sm font-bold tracking-wide text-gold-400 uppercase">
            {t(`faq.groups.${group}`)}
          </h3>
          <div className="divide-y divide-white/5">
            {(t(`faq.items.${group}`, { returnObjects: true }) as FaqEntry[]).map((entry) => (
              <details key={entry.q} className="group py-1">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg py-2.5 text-left font-semibold text-ink-100 hover:text-white [&::-webkit-details-marker]:hidden">
                  <span>{entry.q}</span>
                  <Icon name="chevronDown" size={18} aria-hidden className="shrink-0 text-ink-400 transition group-open:rotate-180" />
                </summary>
                <p className="pb-3 text-sm leading-relaxed text-ink-300">{entry.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
