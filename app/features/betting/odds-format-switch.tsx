import { Segmented } from '../../ui/segmented.tsx';
import { useBettingT } from './i18n.ts';
import { ODDS_FORMATS } from './odds.ts';
import { useOddsFormat } from './odds-format.tsx';

/** The odds format choice: decimal 2.50, fractional 3/2 or American +150. */
export function OddsFormatSwitch({ className }: { className?: string }) {
  const { t } = useBettingT();
  const { format, setFormat } = useOddsFormat();
  return (
    <div className={className}>
      <p className="mb-1.5 px-1 text-xs font-semibold tracking-wider text-ink-400 uppercase">{t('format.label')}</p>
      <Segmented
        label={t('format.label')}
        value={format}
        onChange={setFormat}
        testId="odds-format"
        options={ODDS_FORMATS.map((value) => ({ value, label: <span title={t(`format.${value}`)}>{t(`format.short.${value}`)}</span> }))}
      />
    </div>
  );
}
